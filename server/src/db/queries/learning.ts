import { and, eq, sql } from 'drizzle-orm';
import type { UserPage, UserWord } from '#contract/entities.ts';
import type { LearningLanguage } from '#contract/languages.ts';
import type { Db } from '../client.ts';
import { users } from '../schema/accounts.ts';
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

export type SaveWordResult = { saved: UserWord } | { limitReached: true };

/**
 * Saves a level in one transaction with the limit check: the user row is locked first, so two saves racing
 * at the limit cannot both add a word, and its `word_count` goes up with each insert. Changing the level of a
 * word already saved is always allowed.
 */
export async function saveUserWord(db: Db, userId: number, word: UserWord, now: Date): Promise<SaveWordResult> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ wordLimit: users.wordLimit, wordCount: users.wordCount })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!user) throw new Error('User vanished');
    const key = and(
      eq(userWords.userId, userId),
      eq(userWords.language, word.language),
      eq(userWords.lowercase, word.lowercase),
    );
    const [existing] = await tx.select({ level: userWords.level }).from(userWords).where(key);
    if (existing) {
      await tx.update(userWords).set({ level: word.level, updatedAt: now }).where(key);
      return { saved: word };
    }
    // The count lives in the locked user row, changed with the insert: a save costs the same at 50,000 words.
    if (user.wordCount >= user.wordLimit) return { limitReached: true } as const;
    await tx.insert(userWords).values({ userId, ...word, updatedAt: now });
    await tx
      .update(users)
      .set({ wordCount: sql`${users.wordCount} + 1` })
      .where(eq(users.id, userId));
    return { saved: word };
  });
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
