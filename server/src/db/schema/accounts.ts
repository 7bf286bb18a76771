import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { NotificationCode } from '#contract/entities.ts';
import { timestamptz } from './columns.ts';

export type NotificationParams = Record<string, string | number>;

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    isAdmin: boolean('is_admin').notNull().default(false),
    wordLimit: integer('word_limit').notNull(),
    /** How many words the learner has saved, kept in the save's transaction: the limit check never counts rows. */
    wordCount: integer('word_count').notNull().default(0),
    videoLimit: integer('video_limit').notNull(),
    videoLimitLastUpdatedAt: timestamptz('video_limit_last_updated_at').notNull(),
    refreshAt: timestamptz('refresh_at').notNull(),
    creditAmount: integer('credit_amount').notNull().default(0),
    /** Coins earned from words and pages on `coinsDay` (the learner's day), against the daily cap. */
    coinsDay: date('coins_day', { mode: 'string' }),
    coinsToday: integer('coins_today').notNull().default(0),
    diamondAmount: integer('diamond_amount').notNull().default(0),
    proEndDate: timestamptz('pro_end_date'),
    /**
     * The learner's Pro Gold checkout that can still be paid (at most one: a new one expires it, so two tabs cannot
     * start two subscriptions); cleared once it is paid and granted.
     */
    proCheckoutSession: text('pro_checkout_session'),
    timeZone: text('time_zone').notNull().default('UTC'),
    /** The most new flashcards a learner is shown in a learning day (their setting). */
    flashcardNewPerDay: smallint('flashcard_new_per_day').notNull().default(20),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_lower').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_lower').on(sql`lower(${t.username})`),
    check('users_flashcard_new_per_day', sql`${t.flashcardNewPerDay} between 1 and 200`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the bearer token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamptz('created_at').notNull(),
    lastUsedAt: timestamptz('last_used_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    revokedAt: timestamptz('revoked_at'),
  },
  (t) => [index('sessions_user').on(t.userId)],
);

/** One row per learning day (in the learner's time zone) on which a word level was saved or a page finished. */
export const learningDays = pgTable(
  'learning_days',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The English text, for clients that do not know the code (and rows from before codes). */
    message: text('message').notNull(),
    code: text('code').$type<NotificationCode>(),
    params: jsonb('params').$type<NotificationParams>(),
    createdAt: timestamptz('created_at').notNull(),
    isRead: boolean('is_read').notNull().default(false),
  },
  (t) => [index('notifications_user_created').on(t.userId, t.createdAt)],
);

/** Fixed-window counters shared by every server process. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  windowStart: timestamptz('window_start').notNull(),
});

/**
 * The addresses each account has logged in from (signup included), the most recent 20 per user. A login from one
 * of them is not held back by the per-account attempt limit, so failed guesses from elsewhere cannot lock the
 * learner out.
 */
export const knownLoginAddresses = pgTable(
  'known_login_addresses',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ip: text('ip').notNull(),
    lastSeenAt: timestamptz('last_seen_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.ip] })],
);
