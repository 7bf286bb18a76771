import { index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { PageType, Section } from '#contract/entities.ts';

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
    subCategoryId: integer('sub_category_id')
      .notNull()
      .references(() => subCategories.id, { onDelete: 'cascade' }),
    language: text('language').notNull(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    pageType: text('page_type').$type<PageType>().notNull(),
    position: integer('position').notNull(),
    /** SHA-256 of the seeded pages and glossary: an unchanged content is not rewritten at start. */
    seedHash: text('seed_hash'),
  },
  (t) => [index('contents_sub_category').on(t.subCategoryId)],
);

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
