import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, real, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { Token } from '#contract/entities.ts';
import type { LearningLanguage } from '#contract/languages.ts';
import { users } from './accounts.ts';
import { timestamptz } from './columns.ts';

export const transcriptStatuses = ['created', 'active', 'retry', 'completed', 'failed'] as const;
export type TranscriptStatus = (typeof transcriptStatuses)[number];

/**
 * One video's transcript in one language, shared by every learner who added that video in that language: the
 * job that makes it runs once, whoever asked first.
 */
export const transcripts = pgTable(
  'transcripts',
  {
    id: serial('id').primaryKey(),
    youtubeId: text('youtube_id').notNull(),
    language: text('language').$type<LearningLanguage>().notNull(),
    status: text('status').$type<TranscriptStatus>().notNull(),
    /** Why the last job failed, for the learner's notification and the admin's queue. */
    failure: text('failure'),
    /** Cues from a subtitle file a learner uploaded: the job reads these instead of asking YouTube. */
    uploadedCues: jsonb('uploaded_cues').$type<{ text: string; start: number }[]>(),
    createdAt: timestamptz('created_at').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (t) => [uniqueIndex('transcripts_video_language').on(t.youtubeId, t.language)],
);

/** A transcript's sections in order; a batch is a range of positions. */
export const transcriptSections = pgTable(
  'transcript_sections',
  {
    transcriptId: integer('transcript_id')
      .notNull()
      .references(() => transcripts.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    offset: real('offset').notNull(),
    tokens: jsonb('tokens').$type<Token[]>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.transcriptId, t.position] })],
);

/** A transcript's vocabulary, as `content_words` is a text's: written with its sections by `refresh_transcript_words`. */
export const transcriptWords = pgTable(
  'transcript_words',
  {
    transcriptId: integer('transcript_id')
      .notNull()
      .references(() => transcripts.id, { onDelete: 'cascade' }),
    lowercase: text('lowercase').notNull(),
    occurrences: integer('occurrences').notNull(),
  },
  (t) => [primaryKey({ columns: [t.transcriptId, t.lowercase] })],
);

/** A transcript's pairs of words in a row inside one sentence of a line, as `content_word_pairs` is a text's. */
export const transcriptWordPairs = pgTable(
  'transcript_word_pairs',
  {
    transcriptId: integer('transcript_id')
      .notNull()
      .references(() => transcripts.id, { onDelete: 'cascade' }),
    pair: text('pair').notNull(),
    occurrences: integer('occurrences').notNull(),
  },
  (t) => [primaryKey({ columns: [t.transcriptId, t.pair] })],
);

/** A video in a learner's list: their title, in the language they learn it in, pointing at the shared transcript. */
export const userVideos = pgTable(
  'user_videos',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    transcriptId: integer('transcript_id')
      .notNull()
      .references(() => transcripts.id),
    youtubeId: text('youtube_id').notNull(),
    language: text('language').$type<LearningLanguage>().notNull(),
    title: text('title').notNull(),
    createdAt: timestamptz('created_at').notNull().default(sql`now()`),
  },
  (t) => [
    uniqueIndex('user_videos_user_video_language').on(t.userId, t.youtubeId, t.language),
    index('user_videos_user_created').on(t.userId, t.createdAt),
  ],
);
