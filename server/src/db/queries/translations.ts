import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { type LearningLanguage, learningLanguages } from '#contract/languages.ts';
import { anyOf, preparedOnce } from '../prepared-statements.ts';
import { dictionaryEntries, glosses, translationCache } from '../schema/learning.ts';
import type { Db } from '../types.ts';

type Pair = { from: LearningLanguage; to: LearningLanguage };

const pageGlossesQuery = (db: Db) =>
  db
    .select({ tokenId: glosses.tokenId, translatesTo: glosses.translatesTo })
    .from(glosses)
    .where(
      and(
        eq(glosses.contentId, sql.placeholder('contentId')),
        eq(glosses.pageNumber, sql.placeholder('pageNumber')),
        eq(glosses.homeLanguage, sql.placeholder('homeLanguage')),
      ),
    )
    .prepare('page_glosses');

export async function pageGlosses(
  db: Db,
  params: { contentId: number; pageNumber: number; homeLanguage: LearningLanguage },
): Promise<Map<number, string>> {
  const rows = await preparedOnce(db, pageGlossesQuery).execute(params);
  return new Map(rows.map((row) => [row.tokenId, row.translatesTo]));
}

export async function tokenGloss(
  db: Db,
  params: { contentId: number; pageNumber: number; tokenId: number; homeLanguage: LearningLanguage },
): Promise<string | undefined> {
  const [row] = await db
    .select({ translatesTo: glosses.translatesTo })
    .from(glosses)
    .where(
      and(
        eq(glosses.contentId, params.contentId),
        eq(glosses.pageNumber, params.pageNumber),
        eq(glosses.tokenId, params.tokenId),
        eq(glosses.homeLanguage, params.homeLanguage),
      ),
    );
  return row?.translatesTo;
}

const wordGlossesQuery = (db: Db) =>
  db
    .select({ lowercase: glosses.lowercase, translatesTo: glosses.translatesTo, uses: sql<number>`count(*)::int` })
    .from(glosses)
    .where(
      and(
        eq(glosses.language, sql.placeholder('from')),
        eq(glosses.homeLanguage, sql.placeholder('to')),
        anyOf(glosses.lowercase, sql.placeholder('words'), 'text'),
      ),
    )
    .groupBy(glosses.lowercase, glosses.translatesTo)
    .prepare('word_glosses');

/** For each word, the gloss the library gives it most often in this language pair. */
export async function wordGlosses(db: Db, pair: Pair, words: readonly string[]): Promise<Map<string, string>> {
  if (words.length === 0) return new Map();
  const rows = await preparedOnce(db, wordGlossesQuery).execute({ ...pair, words });
  const best = new Map<string, { text: string; uses: number }>();
  for (const row of rows) {
    const current = best.get(row.lowercase);
    if (!current || row.uses > current.uses) best.set(row.lowercase, { text: row.translatesTo, uses: row.uses });
  }
  return new Map([...best].map(([word, { text }]) => [word, text]));
}

const dictionaryGlossesQuery = (db: Db) =>
  db
    .select({ headword: dictionaryEntries.headword, gloss: dictionaryEntries.gloss })
    .from(dictionaryEntries)
    .where(
      and(
        eq(dictionaryEntries.sourceLanguage, sql.placeholder('from')),
        eq(dictionaryEntries.targetLanguage, sql.placeholder('to')),
        anyOf(dictionaryEntries.headword, sql.placeholder('words'), 'text'),
      ),
    )
    .prepare('dictionary_glosses');

export async function dictionaryGlosses(db: Db, pair: Pair, words: readonly string[]): Promise<Map<string, string>> {
  if (words.length === 0) return new Map();
  const rows = await preparedOnce(db, dictionaryGlossesQuery).execute({ ...pair, words });
  return new Map(rows.map((row) => [row.headword, row.gloss]));
}

const dictionaryLemmaQuery = (db: Db) =>
  db
    .select({ lemma: dictionaryEntries.lemma })
    .from(dictionaryEntries)
    .where(
      and(
        eq(dictionaryEntries.sourceLanguage, sql.placeholder('language')),
        // Every pair named, so the primary key finds the word in each (a few probes, never a walk of the language).
        anyOf(dictionaryEntries.targetLanguage, sql.placeholder('targets'), 'text'),
        eq(dictionaryEntries.headword, sql.placeholder('word')),
        isNotNull(dictionaryEntries.lemma),
      ),
    )
    .orderBy(dictionaryEntries.targetLanguage)
    .limit(1)
    .prepare('dictionary_lemma');

/** A word's base form as a dictionary from its language names it (any pair: the base form is the language's). */
export async function dictionaryLemma(db: Db, language: LearningLanguage, word: string): Promise<string | undefined> {
  const [row] = await preparedOnce(db, dictionaryLemmaQuery).execute({
    language,
    word,
    targets: [...learningLanguages],
  });
  return row?.lemma ?? undefined;
}

const cachedTranslationsQuery = (db: Db) =>
  db
    .select({ lowercase: translationCache.lowercase, translatesTo: translationCache.translatesTo })
    .from(translationCache)
    .where(
      and(
        eq(translationCache.sourceLanguage, sql.placeholder('from')),
        eq(translationCache.targetLanguage, sql.placeholder('to')),
        anyOf(translationCache.lowercase, sql.placeholder('words'), 'text'),
      ),
    )
    .prepare('cached_translations');

export async function cachedTranslations(db: Db, pair: Pair, words: readonly string[]): Promise<Map<string, string>> {
  if (words.length === 0) return new Map();
  const rows = await preparedOnce(db, cachedTranslationsQuery).execute({ ...pair, words });
  return new Map(rows.map((row) => [row.lowercase, row.translatesTo]));
}

export async function cacheTranslation(
  db: Db,
  pair: Pair,
  entry: { lowercase: string; translatesTo: string; provider: string; now: Date },
): Promise<void> {
  await db
    .insert(translationCache)
    .values({
      sourceLanguage: pair.from,
      targetLanguage: pair.to,
      lowercase: entry.lowercase,
      translatesTo: entry.translatesTo,
      provider: entry.provider,
      createdAt: entry.now,
    })
    .onConflictDoNothing();
}
