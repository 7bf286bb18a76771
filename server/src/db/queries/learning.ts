import { and, eq, sql } from 'drizzle-orm';
import type { UserPage, UserWord } from '#contract/entities.ts';
import type { LearningLanguage } from '#contract/languages.ts';
import type { Db } from '../client.ts';
import { learningDays } from '../schema/accounts.ts';
import { contents, pages } from '../schema/content.ts';
import { userPages, userWords } from '../schema/learning.ts';

/**
 * The learner's words as one JSON text built by the database: a list of 100,000 words never becomes
 * 100,000 objects on the server's event loop.
 */
export async function userWordsJson(db: Db, userId: number, language?: LearningLanguage): Promise<string> {
  const result = await db.execute<{ json: string }>(sql`
    select coalesce(json_agg(json_build_object('lowercase', lowercase, 'level', level, 'language', language)), '[]')::text as json
    from user_words
    where user_id = ${userId} ${language ? sql`and language = ${language}` : sql``}`);
  return result.rows[0]?.json ?? '[]';
}

/** The JSON list of the learner's words (in a `user_words w` join) as the contract's user words. */
const wordsAsJson = sql.raw(
  `coalesce(json_agg(json_build_object('lowercase', w.lowercase, 'level', w.level, 'language', w.language)), '[]')::text`,
);

/**
 * The learner's saved words among a page's words, as JSON built by the database: what the reader needs to colour
 * one page, whatever the size of the learner's whole list. The page's distinct words become one array probed on
 * the primary key (user, language, word), so the cost follows the page, never the vocabulary (a join left to the
 * planner scanned all 50,000 rows once per word: 3 s). Undefined when the page does not exist in that language.
 */
export async function pageWordsJson(
  db: Db,
  userId: number,
  page: { language: LearningLanguage; contentId: number; pageId: number },
): Promise<string | undefined> {
  const result = await db.execute<{ found: boolean; json: string }>(sql`
    with page as (
      select p.sections from pages p join contents c on c.id = p.content_id
      where p.content_id = ${page.contentId} and p.number = ${page.pageId} and c.language = ${page.language}
    )
    select exists (select 1 from page) as found,
      (select ${wordsAsJson} from user_words w
       where w.user_id = ${userId} and w.language = ${page.language} and w.lowercase = any (array(
         select distinct token->>'lowercase'
         from page, jsonb_array_elements(page.sections) section, jsonb_array_elements(section->'tokens') token
         where (token->>'isWord')::boolean))) as json`);
  const row = result.rows[0];
  return row?.found ? row.json : undefined;
}

/**
 * The learner's saved words among the words of one of their video transcripts (none while it is processing).
 * Undefined when the video is not in their list in that language.
 */
export async function videoWordsJson(
  db: Db,
  userId: number,
  video: { language: LearningLanguage; videoId: string },
): Promise<string | undefined> {
  const result = await db.execute<{ found: boolean; json: string }>(sql`
    with video as (
      select transcript_id from user_videos
      where user_id = ${userId} and youtube_id = ${video.videoId} and language = ${video.language}
    )
    select exists (select 1 from video) as found,
      (select ${wordsAsJson} from user_words w
       where w.user_id = ${userId} and w.language = ${video.language} and w.lowercase = any (array(
         select distinct token->>'lowercase'
         from transcript_sections section join video on video.transcript_id = section.transcript_id,
           jsonb_array_elements(section.tokens) token
         where (token->>'isWord')::boolean))) as json`);
  const row = result.rows[0];
  return row?.found ? row.json : undefined;
}

export type SaveWordResult = { saved: UserWord } | { limitReached: true };

/**
 * Saves a level in one statement, one round trip: a word already saved changes its level (always allowed);
 * otherwise the user row is locked, its `word_count` compared with the limit, the word inserted and the count
 * raised. Under the lock PostgreSQL re-reads the row, so two saves racing at the limit cannot both add a word,
 * and a save costs the same at 50,000 words. A save that lands counts `learningDay` in the streak.
 */
export async function saveUserWord(
  db: Db,
  userId: number,
  word: UserWord,
  { now, learningDay }: { now: Date; learningDay: string },
): Promise<SaveWordResult> {
  const updatedAt = now.toISOString();
  const result = await db.execute<{ updated: boolean; inserted: boolean; users: number; has_room: boolean | null }>(sql`
    with existing as (
      update user_words set level = ${word.level}, updated_at = ${updatedAt}::timestamptz
      where user_id = ${userId} and language = ${word.language} and lowercase = ${word.lowercase}
      returning 1
    ),
    owner as (
      select word_count < word_limit as has_room from users
      where id = ${userId} and not exists (select 1 from existing)
      for update
    ),
    inserted as (
      insert into user_words (user_id, language, lowercase, level, updated_at)
      select ${userId}, ${word.language}, ${word.lowercase}, ${word.level}, ${updatedAt}::timestamptz
      from owner where owner.has_room
      on conflict do nothing
      returning 1
    ),
    -- This part and the next run whether read or not, as every data-modifying part of a WITH.
    counted as (
      update users set word_count = word_count + 1
      where id = ${userId} and exists (select 1 from inserted)
      returning 1
    ),
    learning_day as (
      insert into learning_days (user_id, day)
      select ${userId}, ${learningDay}::date
      where exists (select 1 from existing) or exists (select 1 from inserted)
      on conflict do nothing
    )
    select exists (select 1 from existing) as updated, exists (select 1 from inserted) as inserted,
      (select count(*)::int from owner) as users, (select has_room from owner) as has_room`);
  const row = result.rows[0];
  if (!row) throw new Error('The save answered no row');
  if (row.updated || row.inserted) return { saved: word };
  if (row.users === 0) throw new Error('User vanished');
  if (!row.has_room) return { limitReached: true };
  // The same new word saved at the same moment by another request: it exists now, so this level is a change.
  await db
    .update(userWords)
    .set({ level: word.level, updatedAt: now })
    .where(
      and(eq(userWords.userId, userId), eq(userWords.language, word.language), eq(userWords.lowercase, word.lowercase)),
    );
  await db.insert(learningDays).values({ userId, day: learningDay }).onConflictDoNothing();
  return { saved: word };
}

export async function listUserPages(db: Db, userId: number, language: LearningLanguage): Promise<UserPage[]> {
  const rows = await db
    .select({ contentId: userPages.contentId, pageId: userPages.pageId, language: userPages.language })
    .from(userPages)
    .where(and(eq(userPages.userId, userId), eq(userPages.language, language)));
  return rows;
}

/** Records a finished page; false when no such page exists in that language. */
export async function saveUserPage(db: Db, userId: number, page: UserPage, now: Date): Promise<boolean> {
  const [exists] = await db
    .select({ id: pages.id })
    .from(pages)
    .innerJoin(contents, eq(contents.id, pages.contentId))
    .where(
      and(eq(pages.contentId, page.contentId), eq(pages.number, page.pageId), eq(contents.language, page.language)),
    );
  if (!exists) return false;
  await db
    .insert(userPages)
    .values({ userId, ...page, readAt: now })
    .onConflictDoUpdate({ target: [userPages.userId, userPages.contentId, userPages.pageId], set: { readAt: now } });
  return true;
}
