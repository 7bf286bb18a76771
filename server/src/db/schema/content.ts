import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { CefrLevel, ImportStatus, PageType, Section } from '#contract/entities.ts';
import { users } from './accounts.ts';
import { timestamptz } from './columns.ts';

export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    language: text('language').notNull(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [uniqueIndex('categories_language_slug').on(t.language, t.slug)],
);

export const subCategories = pgTable(
  'sub_categories',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [uniqueIndex('sub_categories_category_slug').on(t.categoryId, t.slug)],
);

export const contents = pgTable(
  'contents',
  {
    id: serial('id').primaryKey(),
    /** Null for a learner's own text: it is in no sub-category of the library. */
    subCategoryId: integer('sub_category_id').references(() => subCategories.id, { onDelete: 'cascade' }),
    /** The learner a private text belongs to; null for the library, which everyone reads. */
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    language: text('language').notNull(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    pageType: text('page_type').$type<PageType>().notNull(),
    position: integer('position').notNull(),
    /** The admin's CEFR level for a library text. */
    level: text('level').$type<CefrLevel>(),
    /** A library text is a draft, read by admins alone, until one publishes it. */
    published: boolean('published').notNull().default(true),
    /** An admin changed its details: seeding the starter library at start leaves them alone. */
    adminEdited: boolean('admin_edited').notNull().default(false),
    /** SHA-256 of the seeded pages and glossary: an unchanged content is not rewritten at start. */
    seedHash: text('seed_hash'),
  },
  (t) => [index('contents_sub_category').on(t.subCategoryId), index('contents_owner').on(t.ownerId)],
);

/** Starter texts an admin deleted, by seed slug: seeding at start does not bring them back. */
export const seedTombstones = pgTable('seed_tombstones', {
  slug: text('slug').primaryKey(),
  removedAt: timestamptz('removed_at').notNull(),
});

/** The starter library's files (their names and bytes) as last seeded: unchanged files are not read again. */
export const seedState = pgTable('seed_state', {
  id: integer('id').primaryKey(),
  filesHash: text('files_hash').notNull(),
  seededAt: timestamptz('seeded_at').notNull(),
});

export const pages = pgTable(
  'pages',
  {
    id: serial('id').primaryKey(),
    contentId: integer('content_id')
      .notNull()
      .references(() => contents.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    title: text('title').notNull(),
    /** Tokenized once on import, served as is. */
    sections: jsonb('sections').$type<Section[]>().notNull(),
    wordCount: integer('word_count').notNull(),
  },
  (t) => [uniqueIndex('pages_content_number').on(t.contentId, t.number)],
);

/**
 * A content's vocabulary: each distinct word (a word token's lowercase form) and its occurrences over all its pages.
 * Written with the pages, by `refresh_content_words` (migration 0016), wherever they are stored; the known-word figures
 * are read from it and the learner's words, live. The content's word tokens are the sum of its occurrences.
 */
export const contentWords = pgTable(
  'content_words',
  {
    contentId: integer('content_id')
      .notNull()
      .references(() => contents.id, { onDelete: 'cascade' }),
    lowercase: text('lowercase').notNull(),
    occurrences: integer('occurrences').notNull(),
    /**
     * The word as the text writes it where its case is its own ("Hund", "Anna"): its most frequent form not opening a
     * sentence (migration 0032, `writtenFormsOf` in src/contract/coverage.ts); null when that is the lowercase form,
     * or when the word only opens sentences.
     */
    written: text('written'),
  },
  (t) => [primaryKey({ columns: [t.contentId, t.lowercase] })],
);

/**
 * A content's pairs of words in a row inside one sentence of a paragraph ("give up"), each with its occurrences:
 * where the learner's saved phrases are counted in the known-word figures (docs/decisions/0042). Written with the
 * vocabulary by `refresh_content_words` (migration 0026).
 */
export const contentWordPairs = pgTable(
  'content_word_pairs',
  {
    contentId: integer('content_id')
      .notNull()
      .references(() => contents.id, { onDelete: 'cascade' }),
    pair: text('pair').notNull(),
    occurrences: integer('occurrences').notNull(),
  },
  (t) => [primaryKey({ columns: [t.contentId, t.pair] })],
);

/**
 * How often each word occurs in a language's published library: the sum of `content_words` over the library's
 * published texts, kept by triggers (migration 0017) wherever a vocabulary is written or a text published,
 * unpublished or deleted, so the vocabulary screen's frequency order reads one row per word, never every text's.
 */
export const libraryWords = pgTable(
  'library_words',
  {
    language: text('language').notNull(),
    lowercase: text('lowercase').notNull(),
    occurrences: integer('occurrences').notNull(),
  },
  (t) => [primaryKey({ columns: [t.language, t.lowercase] })],
);

/**
 * A text a learner imported (pasted, or a file): kept as UTF-8 text until the import job has made its pages, then
 * it points at the private content it became. Failed imports keep their reason until deleted.
 */
export const textImports = pgTable(
  'text_imports',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    language: text('language').notNull(),
    title: text('title').notNull(),
    /** Where it came from: pasted, or the kind of file; `upload` for an admin's text in chapters. */
    kind: text('kind').notNull(),
    /** An admin's upload goes to the library, in this sub-category, as a draft; a learner's stays theirs (null). */
    subCategoryId: integer('sub_category_id').references(() => subCategories.id, { onDelete: 'cascade' }),
    description: text('description').notNull().default(''),
    level: text('level').$type<CefrLevel>(),
    source: text('source').notNull(),
    status: text('status').$type<ImportStatus>().notNull(),
    error: text('error'),
    contentId: integer('content_id').references(() => contents.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull(),
    finishedAt: timestamptz('finished_at'),
  },
  (t) => [index('text_imports_user').on(t.userId, t.language)],
);
