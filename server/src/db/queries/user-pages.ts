import { and, eq, sql } from 'drizzle-orm';
import { coinRewards } from '#contract/constants.ts';
import type { UserPage } from '#contract/entities.ts';
import type { LearningLanguage } from '#contract/languages.ts';
import { statement } from '../prepared-statements.ts';
import { userPages } from '../schema/learning.ts';
import type { Db } from '../types.ts';
import { countProgress } from './progress.ts';
import { type BalancesRow, balancesAfter, balancesOf, coinCredit, type SaveBalances } from './save-balances.ts';

export async function listUserPages(db: Db, userId: number, language: LearningLanguage): Promise<UserPage[]> {
  const rows = await db
    .select({ contentId: userPages.contentId, pageId: userPages.pageId, language: userPages.language })
    .from(userPages)
    .where(and(eq(userPages.userId, userId), eq(userPages.language, language)));
  return rows;
}

const savePageStatement = statement<
  'userId' | 'contentId' | 'pageId' | 'language' | 'now' | 'learningDay',
  { found: boolean } & BalancesRow
>(
  (p) => sql`
    -- The user row first, as in the word save: one order of locks.
    with owner as (
      select word_count, credit_amount from users where id = ${p.userId} for update
    ),
    found as (
      select 1 from pages p join contents c on c.id = p.content_id
      where p.content_id = ${p.contentId} and p.number = ${p.pageId} and c.language = ${p.language}
        and (c.owner_id is null or c.owner_id = ${p.userId})
        and exists (select 1 from owner)
    ),
    first_time as (
      insert into user_pages (user_id, content_id, page_id, language, read_at)
      select ${p.userId}, ${p.contentId}, ${p.pageId}, ${p.language}, ${p.now}::timestamptz from found
      on conflict (user_id, content_id, page_id) do nothing
      returning 1
    ),
    again as (
      update user_pages set read_at = ${p.now}::timestamptz
      where user_id = ${p.userId} and content_id = ${p.contentId} and page_id = ${p.pageId}
        and exists (select 1 from found)
      returning 1
    ),
    learning_day as (
      insert into learning_days (user_id, day)
      select ${p.userId}, ${p.learningDay}::date from found
      on conflict do nothing
      returning 1
    ),
    account as (
      update users set
        ${coinCredit(sql`(select count(*) from first_time) * ${coinRewards.perFirstFinishedPage}`, sql`(select count(*) from learning_day)`, p)}
      where id = ${p.userId} and (exists (select 1 from first_time) or exists (select 1 from learning_day))
      returning word_count, credit_amount
    ),
    ${countProgress(p, { pagesRead: sql`(select count(*) from first_time)` })}
    select exists (select 1 from found) as found, ${balancesAfter}`,
);

/**
 * Records a finished page and counts the learning day, in one statement; the first time the learner finishes it,
 * pays its coins (and the streak day's, when it is the day's first). Answers the learner's balances after it,
 * undefined when no such page exists in that language.
 */
export async function saveUserPage(
  db: Db,
  userId: number,
  page: UserPage,
  { now, learningDay }: { now: Date; learningDay: string },
): Promise<SaveBalances | undefined> {
  const { contentId, pageId, language } = page;
  const values = { userId, contentId, pageId, language, now: now.toISOString(), learningDay };
  const [row] = await savePageStatement(db, values);
  return row?.found ? balancesOf(row) : undefined;
}
