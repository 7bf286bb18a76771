import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import type { LearningLanguage } from '#contract/languages.ts';
import { users } from './accounts.ts';
import { timestamptz } from './columns.ts';
import { userWords } from './learning.ts';

/**
 * A learner's flashcard on one of their saved words (deleted with the word), with its scheduler state (FSRS, the
 * columns of ts-fsrs's card) and the sentence and source the word had when the card was made. It is suspended while
 * its word is at level 0 or 4: set when the card is made and kept by a trigger on the word's level (migration 0021,
 * docs/decisions/0030).
 */
export const flashcards = pgTable(
  'flashcards',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    language: text('language').$type<LearningLanguage>().notNull(),
    lowercase: text('lowercase').notNull(),
    due: timestamptz('due').notNull(),
    stability: doublePrecision('stability').notNull(),
    difficulty: doublePrecision('difficulty').notNull(),
    elapsedDays: integer('elapsed_days').notNull(),
    scheduledDays: integer('scheduled_days').notNull(),
    learningSteps: integer('learning_steps').notNull(),
    reps: integer('reps').notNull(),
    lapses: integer('lapses').notNull(),
    /** 0 new, 1 learning, 2 review, 3 relearning. */
    state: smallint('state').notNull(),
    lastReview: timestamptz('last_review'),
    sentence: text('sentence'),
    sourceContentId: integer('source_content_id'),
    sourcePageId: integer('source_page_id'),
    sourceVideoId: text('source_video_id'),
    createdAt: timestamptz('created_at').notNull(),
    /** The learning day a review last raised the word's level: at most one raise a day. */
    levelRaisedOn: date('level_raised_on', { mode: 'string' }),
    suspended: boolean('suspended').notNull().default(false),
  },
  (t) => [
    foreignKey({
      name: 'flashcards_user_word_fk',
      columns: [t.userId, t.language, t.lowercase],
      foreignColumns: [userWords.userId, userWords.language, userWords.lowercase],
    }).onDelete('cascade'),
    unique('flashcards_user_word').on(t.userId, t.language, t.lowercase),
    index('flashcards_queue').on(t.userId, t.language, t.due).where(sql`state <> 0`),
    index('flashcards_new').on(t.userId, t.language, t.id).where(sql`state = 0`),
    check('flashcards_state', sql`${t.state} between 0 and 3`),
    check('flashcards_sentence_length', sql`char_length(${t.sentence}) between 1 and 500`),
  ],
);

/**
 * Every review of a card, never deleted: the client's review id (the same id twice is one review), the grade, the
 * card before and after (snapshots `undo` restores and a replay checks), the word's level before and after. An undone
 * review keeps its row, marked by `undone_at`.
 */
export const flashcardReviews = pgTable(
  'flashcard_reviews',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reviewId: uuid('review_id').notNull(),
    cardId: integer('card_id')
      .notNull()
      .references(() => flashcards.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    cardBefore: jsonb('card_before').notNull(),
    cardAfter: jsonb('card_after').notNull(),
    levelBefore: smallint('level_before').notNull(),
    levelAfter: smallint('level_after').notNull(),
    reviewedAt: timestamptz('reviewed_at').notNull(),
    durationMs: integer('duration_ms').notNull(),
    undoneAt: timestamptz('undone_at'),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.reviewId] }),
    index('flashcard_reviews_card').on(t.cardId, t.reviewedAt),
    index('flashcard_reviews_user_time').on(t.userId, t.reviewedAt),
    check('flashcard_reviews_rating', sql`${t.rating} between 1 and 4`),
  ],
);

/**
 * A learner's cards in a language counted, kept by triggers on `flashcards` (migration 0022): every card, the
 * suspended ones, and the new ones not suspended. The queue screen's summary reads these instead of counting every
 * card; it counts only the cards due within its eight learning days.
 */
export const flashcardCounts = pgTable(
  'flashcard_counts',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    language: text('language').$type<LearningLanguage>().notNull(),
    total: integer('total').notNull().default(0),
    suspended: integer('suspended').notNull().default(0),
    fresh: integer('fresh').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.language] })],
);
