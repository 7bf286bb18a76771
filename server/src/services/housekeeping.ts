import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { PgBoss } from 'pg-boss';
import { deleteExpiredWordExports } from '../db/queries/word-exports.ts';
import { deleteExpiredWordImports, resumeWordImports } from '../db/queries/word-imports.ts';
import type { Db } from '../db/types.ts';
import type { AccountSettings, Clock } from './accounts.ts';
import { yieldToLoop } from './imports/word-file.ts';

export const housekeepingQueue = 'housekeeping';
/** Hourly, at a minute no other job of ours uses. */
export const housekeepingSchedule = '17 * * * *';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes what no request can use any more: sessions past their end, idle past the idle limit or revoked, rate-limit
 * windows older than the longest rule's window, word imports past their hour and exported files past their expiry;
 * first it finishes the word imports whose commit stopped half-way (`onError` hears of one that fails again).
 * Returns how many rows of each went. With `vacuum` (the
 * embedded PGlite, which has no autovacuum to do it) it then vacuums and analyses every table: without it the rows an
 * update or delete leaves dead are never reclaimed (tables and indexes only grow; a partial index keeps the entries of
 * rows that left it), and the planner guesses every table's size, so a learner's thousands of words and cards get
 * plans made for a few.
 */
export async function runHousekeeping(
  db: Db,
  settings: Pick<AccountSettings, 'sessionIdleDays' | 'rateLimits'>,
  now: Date,
  { vacuum = false, onError = () => undefined }: { vacuum?: boolean; onError?: (error: unknown) => void } = {},
): Promise<{
  sessions: number;
  rateLimits: number;
  wordImports: number;
  wordImportsFinished: number;
  wordImportsAbandoned: number;
  wordExports: number;
}> {
  const resumed = await resumeWordImports(db, now, yieldToLoop, onError);
  const idleBefore = new Date(now.getTime() - settings.sessionIdleDays * DAY_MS);
  const sessions = await db.execute(sql`
    delete from sessions
    where expires_at <= ${now} or last_used_at <= ${idleBefore} or revoked_at is not null`);
  const longestWindowSeconds = Math.max(...Object.values(settings.rateLimits).map((rule) => rule.windowSeconds));
  const windowsBefore = new Date(now.getTime() - longestWindowSeconds * 1000);
  const rateLimits = await db.execute(sql`delete from rate_limits where window_start <= ${windowsBefore}`);
  const wordImports = await deleteExpiredWordImports(db, now);
  const wordExports = await deleteExpiredWordExports(db, now);
  if (vacuum) await db.execute(sql`vacuum (analyze)`);
  return {
    sessions: sessions.rowCount ?? 0,
    rateLimits: rateLimits.rowCount ?? 0,
    wordImports,
    wordImportsFinished: resumed.finished,
    wordImportsAbandoned: resumed.abandoned,
    wordExports,
  };
}

/** Schedules the housekeeping hourly (one run across all processes: pg-boss schedules by queue) and works it. */
export async function startHousekeeping(
  boss: PgBoss,
  deps: { db: Db; settings: AccountSettings; clock: Clock; log: FastifyBaseLogger; vacuum?: boolean },
): Promise<void> {
  await boss.createQueue(housekeepingQueue);
  await boss.schedule(housekeepingQueue, housekeepingSchedule);
  await boss.work(housekeepingQueue, async () => {
    const deleted = await runHousekeeping(deps.db, deps.settings, deps.clock(), {
      vacuum: deps.vacuum === true,
      onError: (error) => deps.log.warn({ err: error }, 'a word import could not be finished'),
    });
    deps.log.info({ deleted }, 'housekeeping done');
  });
}
