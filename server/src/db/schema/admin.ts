import { index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { timestamptz } from './columns.ts';

/** What admins did (who, what, to what, when): every admin action is written here in its request. */
export const adminActions = pgTable(
  'admin_actions',
  {
    id: serial('id').primaryKey(),
    adminId: integer('admin_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    target: jsonb('target').$type<Record<string, string | number>>().notNull(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [index('admin_actions_created').on(t.createdAt)],
);
