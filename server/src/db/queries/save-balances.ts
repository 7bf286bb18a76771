import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import { coinRewards } from '#contract/constants.ts';

// What the saves of words share: the coins they pay, how they end and the balances they answer.

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
 * How every statement that saves a learner's words ends (the word save, a page marked known, the vocabulary screen's
 * level change), after its CTEs `owner` (the user row, locked first) and `changed` (the words whose level it just
 * wrote, as `lowercase`): the day counted as a learning day, each level from 1 to `level` a word reaches for the first
 * time recorded in `word_rewards` (what its coins pay for, once ever), and one update of the user row for
 * `wordCountChange` (the words the statement added) and the coins, when either changed (a row changed twice in one
 * statement keeps one). Data-modifying CTEs all run, read or not.
 */
export function paidSave(
  p: Record<'userId' | 'language' | 'learningDay' | 'now', Placeholder>,
  level: SQL | Placeholder,
  wordCountChange: SQL,
): SQL {
  return sql`
    learning_day as (
      insert into learning_days (user_id, day)
      select ${p.userId}, ${p.learningDay}::date where exists (select 1 from changed)
      on conflict do nothing
      returning 1
    ),
    rewarded as (
      insert into word_rewards (user_id, language, lowercase, level)
      select ${p.userId}, ${p.language}, changed.lowercase, reached from changed, generate_series(1, ${level}) reached
      on conflict do nothing
      returning 1
    ),
    account as (
      update users set word_count = word_count + ${wordCountChange},
        ${coinCredit(sql`(select count(*) from rewarded) * ${coinRewards.perNewLevel}`, sql`(select count(*) from learning_day)`, p)}
      where id = ${p.userId}
        and (${wordCountChange} <> 0 or exists (select 1 from rewarded) or exists (select 1 from learning_day))
      returning word_count, credit_amount
    )`;
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
