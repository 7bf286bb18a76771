import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import type { LearningLanguage } from '#contract/languages.ts';
import { users } from './accounts.ts';
import { timestamptz } from './columns.ts';
import { contents } from './content.ts';

/** A learner's word at a level: the learner, the word's lowercase form in its language, a level. */
const learnerWordLevel = () => ({
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  language: text('language').$type<LearningLanguage>().notNull(),
  lowercase: text('lowercase').notNull(),
  level: smallint('level').notNull(),
});

/**
 * A learner's level for a word, keyed by the word's lowercase form in its language. `folded` is that form without
 * accents (`fold_word`, migration 0017: "café" is "cafe"), what the vocabulary screen sorts A–Z and searches by
 * prefix. Its two indexes hold each of that screen's keyset orders (last changed; A–Z), compared byte-wise (`collate
 * "C"`) so the order, the prefix ranges and the mocks' string comparison agree on every database.
 */
export const userWords = pgTable(
  'user_words',
  {
    ...learnerWordLevel(),
    updatedAt: timestamptz('updated_at').notNull(),
    /** When the word was first saved (the database's clock; before migration 0029, its last change then). */
    createdAt: timestamptz('created_at').notNull().default(sql`now()`),
    folded: text('folded').notNull().generatedAlwaysAs(sql`fold_word(lowercase)`),
    /** The learner's own meaning (shown instead of the dictionary's) and note; null until they write one. */
    meaning: text('meaning'),
    note: text('note'),
    /**
     * The sentence the word was first saved in and where (a page of a text, or a video's transcript): a flashcard's
     * front. Kept as the learner met it; the text or video may be gone since (their titles are then unknown).
     */
    sentence: text('sentence'),
    sourceContentId: integer('source_content_id'),
    sourcePageId: integer('source_page_id'),
    sourceVideoId: text('source_video_id'),
    /** Whether the word has a flashcard: set by the cards' insert trigger (migration 0022); a card goes only with its word. */
    hasCard: boolean('has_card').notNull().default(false),
    /**
     * The word's parent (its base form: "go" for "went"), a saved word of the same learner and language; cleared when
     * the parent is deleted (migration 0027 sets only this column null). No word is its own ancestor (the save checks).
     */
    parent: text('parent'),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.language, t.lowercase] }),
    check('user_words_meaning_length', sql`char_length(${t.meaning}) between 1 and 200`),
    check('user_words_note_length', sql`char_length(${t.note}) between 1 and 500`),
    check('user_words_sentence_length', sql`char_length(${t.sentence}) between 1 and 500`),
    check('user_words_parent_not_self', sql`${t.parent} <> ${t.lowercase}`),
    foreignKey({
      name: 'user_words_parent_fk',
      columns: [t.userId, t.language, t.parent],
      foreignColumns: [t.userId, t.language, t.lowercase],
    }).onDelete('set null'),
    // A word's children (the family under it): a parent's delete clears them, /words groups by them.
    index('user_words_children').on(t.userId, t.language, t.parent).where(sql`parent is not null`),
    index('user_words_recent').on(
      t.userId,
      t.language,
      t.updatedAt.desc().nullsFirst(),
      sql`lowercase collate "C" desc`,
    ),
    index('user_words_folded').on(t.userId, t.language, sql`folded collate "C"`, sql`lowercase collate "C"`),
    // "Add 20 Cards" picks among these: saved words at 1–3 without a card.
    index('user_words_card_candidates').on(t.userId, t.language).where(sql`level between 1 and 3 and not has_card`),
    // A learner's phrases (several words, contract/phrases.ts) by their first two words: a page's levels find the
    // phrases that may occur on it by the pairs of words it holds in a row, never by reading every phrase.
    index('user_words_phrases')
      .on(t.userId, t.language, sql`(split_part(lowercase, ' ', 1) || ' ' || split_part(lowercase, ' ', 2))`)
      .where(sql`strpos(lowercase, ' ') > 0`),
  ],
);

/**
 * A word file a learner has read but not yet applied (docs/decisions/0037): staged between the preview and the
 * commit. It expires an hour after the preview (housekeeping deletes it). A commit first reserves the room its new
 * words need (`policy`, `reserved`), then applies a chunk a transaction (`next_step`, the totals so far) while it
 * holds `lease_until`; a commit that stopped half-way is finished by the next commit or by housekeeping. Committed,
 * it is marked, so a second commit of the same import finds it committed.
 */
export const wordImports = pgTable(
  'word_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    format: text('format').notNull(),
    createdAt: timestamptz('created_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    committedAt: timestamptz('committed_at'),
    policy: text('policy'),
    reserved: integer('reserved').notNull().default(0),
    nextStep: integer('next_step').notNull().default(0),
    leaseUntil: timestamptz('lease_until'),
    rows: integer('rows').notNull().default(0),
    added: integer('added').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    cards: integer('cards').notNull().default(0),
  },
  (t) => [index('word_imports_user').on(t.userId), index('word_imports_expiry').on(t.expiresAt)],
);

/**
 * A staged import's rows as `src/contract/word-import.ts` reads them, a JSON array per chunk of a few hundred: each
 * statement of the preview and the commit handles one chunk, so the embedded database (on the server's thread) never
 * holds the event loop for a whole file.
 */
export const wordImportChunks = pgTable(
  'word_import_chunks',
  {
    importId: uuid('import_id')
      .notNull()
      .references(() => wordImports.id, { onDelete: 'cascade' }),
    chunk: integer('chunk').notNull(),
    rows: jsonb('rows').notNull(),
    /** Whether a row of the chunk names a parent: only those chunks take a step to link. */
    parents: boolean('parents').notNull().default(false),
    /** The words the commit's step added, as `[language, word]` pairs (adding new words only links just those). */
    added: jsonb('added'),
  },
  (t) => [primaryKey({ columns: [t.importId, t.chunk] })],
);

/** Each level a learner's word has reached once: its coin was earned, and is never earned again. */
export const wordRewards = pgTable('word_rewards', learnerWordLevel(), (t) => [
  primaryKey({ columns: [t.userId, t.language, t.lowercase, t.level] }),
]);

/**
 * A learner's daily counters in one language, per learning day (the learner's zone, as the streak): words newly
 * saved (any level), words made known (reaching level 4 from below or from unsaved) and pages finished for the first
 * time. Raised by the saves themselves, in their statement, only when the save changed something (0027); a removal
 * takes nothing back from past days.
 */
export const dailyProgress = pgTable(
  'daily_progress',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    language: text('language').$type<LearningLanguage>().notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    wordsSaved: integer('words_saved').notNull().default(0),
    wordsKnown: integer('words_known').notNull().default(0),
    pagesRead: integer('pages_read').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.language, t.day] })],
);

/** Pages a learner has finished. */
export const userPages = pgTable(
  'user_pages',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contentId: integer('content_id')
      .notNull()
      .references(() => contents.id, { onDelete: 'cascade' }),
    pageId: integer('page_id').notNull(),
    language: text('language').$type<LearningLanguage>().notNull(),
    readAt: timestamptz('read_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.contentId, t.pageId] }),
    index('user_pages_user_language').on(t.userId, t.language),
  ],
);

/** A content's own glossary: the meaning of one token of one page in one home language. */
export const glosses = pgTable(
  'glosses',
  {
    contentId: integer('content_id')
      .notNull()
      .references(() => contents.id, { onDelete: 'cascade' }),
    pageNumber: integer('page_number').notNull(),
    tokenId: integer('token_id').notNull(),
    /** The token's lowercase form, so a word glossed in one text helps wherever it appears. */
    lowercase: text('lowercase').notNull(),
    language: text('language').notNull(),
    homeLanguage: text('home_language').notNull(),
    translatesTo: text('translates_to').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.contentId, t.pageNumber, t.homeLanguage, t.tokenId] }),
    index('glosses_word').on(t.language, t.homeLanguage, t.lowercase),
  ],
);

/**
 * Dictionary headwords (imported from FreeDict and the like): one short gloss per word and language pair, and the
 * word's base form when the dictionary names one (`gegangen` → `gehen`, docs/decisions/0041).
 */
export const dictionaryEntries = pgTable(
  'dictionary_entries',
  {
    sourceLanguage: text('source_language').notNull(),
    targetLanguage: text('target_language').notNull(),
    headword: text('headword').notNull(),
    gloss: text('gloss').notNull(),
    lemma: text('lemma'),
    source: text('source').notNull(),
  },
  (t) => [primaryKey({ columns: [t.sourceLanguage, t.targetLanguage, t.headword] })],
);

/** Answers of machine-translation providers, so a word is paid for once. */
export const translationCache = pgTable(
  'translation_cache',
  {
    sourceLanguage: text('source_language').notNull(),
    targetLanguage: text('target_language').notNull(),
    lowercase: text('lowercase').notNull(),
    translatesTo: text('translates_to').notNull(),
    provider: text('provider').notNull(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.sourceLanguage, t.targetLanguage, t.lowercase] })],
);
