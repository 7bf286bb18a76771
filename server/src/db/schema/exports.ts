import { customType, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { timestamptz } from './columns.ts';

const bytes = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

export type WordExportStatus = 'pending' | 'ready' | 'failed';

/**
 * A learner's words as a file a job makes off the request path (the Anki package): asked for, then made and kept
 * here, where every server process can hand it out, until it expires and the housekeeping deletes it.
 */
export const wordExports = pgTable(
  'word_exports',
  {
    /** Random, so one learner's export cannot be guessed from another's; only its owner may see it anyway. */
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    format: text('format').notNull(),
    /** A learning language or `all`. */
    language: text('language').notNull(),
    /** The levels to export; every level when null. */
    levels: integer('levels').array(),
    status: text('status').$type<WordExportStatus>().notNull(),
    fileName: text('file_name').notNull(),
    file: bytes('file'),
    createdAt: timestamptz('created_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [index('word_exports_user').on(t.userId), index('word_exports_expiry').on(t.expiresAt)],
);
