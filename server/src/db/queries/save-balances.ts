import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import { coinRewards } from '#contract/constants.ts';

// What the word save and the page save share: the coins they pay and the balances they answer.

/**
 * The SET clause that pays a learner coins (rules in `coinRewards`): `points` from words and pages, up to what is
 * left of the day's cap, and `streakDays` (0 or 1: the day was counted just now) on top, doubled with Pro Gold.
 * Part of one UPDATE of the user row, so concurrent saves read and write the day's total under its row lock.
 */
export function coinCredit(points: SQL, streakDays: SQL, p: Record<'learningDay' | 'now', Placeholder>): SQL {
  const multiplier = sql`(case when pro_end_date > ${p.now}::timestamptz then ${coinRewards.proMultiplier} else 1 end)`;
  const earnedToday = sql`(case when coins_day = ${p.learningDay}::date then coins_today else 0 end)`;
  const granted = sql`least((${points}) * ${multiplier}, greatest(${coinRewards.dailyCap} * ${multiplier} - ${earnedToday}, 0))`;
  return sql`credit_amount = credit_amount + ${granted} + (${streakDays}) * ${coinRewards.perStreakDay} * ${multiplier},
    coins_today = ${earnedToday} + ${granted}, coins_day = ${p.learningDay}::date`;
}

/**
 * The learner's word count and coins after a save, and whether the save counted a new learning day (the streak
 * changed then).
 */
export type SaveBalances = { wordCount: number; creditAmount: number; newLearningDay: boolean };

export type BalancesRow = { word_count: number | null; credit_amount: number | null; new_learning_day: boolean };

export const balancesOf = (row: BalancesRow): SaveBalances => ({
  wordCount: row.word_count ?? 0,
  creditAmount: row.credit_amount ?? 0,
  newLearningDay: row.new_learning_day,
});

/** The balances a save answers: the user row as the statement's update left it, else as it was locked. */
export const balancesAfter = sql.raw(`
      coalesce((select word_count from account), (select word_count from owner)) as word_count,
      coalesce((select credit_amount from account), (select credit_amount from owner)) as credit_amount,
      exists (select 1 from learning_day) as new_learning_day`);
