import { and, desc, eq, gte } from 'drizzle-orm';
import type { LearnerBalances } from '#contract/entities.ts';
import type { SaveBalances } from '../db/queries/save-balances.ts';
import { learningDays } from '../db/schema/accounts.ts';
import type { Db } from '../db/types.ts';

const formatters = new Map<string, Intl.DateTimeFormat>();

export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** The calendar day (YYYY-MM-DD) a moment falls on in a time zone. */
export function dayIn(timeZone: string, moment: Date): string {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(timeZone, formatter);
  }
  return formatter.format(moment);
}

function previousDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}

/**
 * The current run of consecutive learning days, oldest first. A run is current while its last day is today or
 * yesterday: today may still be learned, so the streak only breaks once a whole day is missed.
 */
export function currentRun(daysNewestFirst: readonly string[], today: string): string[] {
  const [latest] = daysNewestFirst;
  if (!latest || (latest !== today && latest !== previousDay(today))) return [];
  const run = [latest];
  for (const day of daysNewestFirst.slice(1)) {
    if (day !== previousDay(run[run.length - 1] ?? day)) break;
    run.push(day);
  }
  return run.reverse();
}

export async function readStreak(db: Db, userId: number, timeZone: string, now: Date): Promise<string[]> {
  const today = dayIn(timeZone, now);
  const since = new Date(`${today}T00:00:00Z`);
  since.setUTCDate(since.getUTCDate() - 800);
  const rows = await db
    .select({ day: learningDays.day })
    .from(learningDays)
    .where(and(eq(learningDays.userId, userId), gte(learningDays.day, since.toISOString().slice(0, 10))))
    .orderBy(desc(learningDays.day));
  return currentRun(
    rows.map((row) => row.day),
    today,
  );
}

/** A save's balances for the header; the streak is read only on the day's first learning, when it changes. */
export async function learnerBalances(
  db: Db,
  userId: number,
  saved: SaveBalances,
  timeZone: string,
  now: Date,
): Promise<LearnerBalances> {
  const { wordCount, creditAmount, newLearningDay } = saved;
  const balances: LearnerBalances = { wordCount, creditAmount };
  if (newLearningDay) balances.streak = await readStreak(db, userId, timeZone, now);
  return balances;
}
