import { customType, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { timestamptz } from './columns.ts';

const bytes = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

export type WordExportStatus = 'pending' | 'ready' | 'failed';

/**
 * A learner's words as a file a job makes off the request path (the Anki package): asked for, then made and kept
 * here (its bytes in `word_export_parts`), where every server process can hand it out, until it expires and the
 * housekeeping deletes it.
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
    createdAt: timestamptz('created_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [index('word_exports_user').on(t.userId), index('word_exports_expiry').on(t.expiresAt)],
);

/**
 * A made export's bytes, in parts: the embedded database works on the server's own thread, so a file written or read
 * in one statement would hold every other request for its whole length; a part at a time, it never holds them long.
 */
export const wordExportParts = pgTable(
  'word_export_parts',
  {
    exportId: uuid('export_id')
      .notNull()
      .references(() => wordExports.id, { onDelete: 'cascade' }),
    part: integer('part').notNull(),
    bytes: bytes('bytes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.exportId, t.part] })],
);
