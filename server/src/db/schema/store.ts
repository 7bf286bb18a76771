import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { timestamptz } from './columns.ts';

/**
 * The store's own catalogue: what `GET /payment/products` lists when Stripe is not configured, and the prices a
 * checkout accepts. Seeded by the migration with the spec's Pro Gold plan and diamond packs.
 */
export const storeProducts = pgTable('store_products', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  position: integer('position').notNull(),
});

export const storePrices = pgTable(
  'store_prices',
  {
    id: text('id').primaryKey(),
    productId: text('product_id')
      .notNull()
      .references(() => storeProducts.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    recurring: boolean('recurring').notNull(),
    /** What a payment of this price grants: diamonds for a pack, days of Pro Gold for the plan. */
    diamonds: integer('diamonds'),
    proDays: integer('pro_days'),
  },
  (t) => [check('store_prices_amount', sql`${t.amount} >= 0`)],
);

/** Discount codes, upper case; an expired code is refused like an unknown one. */
export const discounts = pgTable(
  'discounts',
  {
    code: text('code').primaryKey(),
    percent: integer('percent').notNull(),
    expiresAt: timestamptz('expires_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [check('discounts_percent', sql`${t.percent} between 1 and 100`)],
);

/** Every Stripe event handled, by its id: a delivery seen before is answered without being handled again. */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamptz('received_at').notNull().defaultNow(),
});

/**
 * What each card payment granted, keyed by what paid: a diamond pack's checkout session, a Pro Gold invoice (the
 * first one, which its checkout session also names, and each renewal). A second grant of one key is refused by the
 * key, in the transaction that credits the learner, so duplicates and retries grant once.
 */
export const paymentGrants = pgTable('payment_grants', {
  key: text('key').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  priceId: text('price_id').notNull(),
  diamonds: integer('diamonds').notNull().default(0),
  words: integer('words').notNull().default(0),
  proUntil: timestamptz('pro_until'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

/**
 * Stripe subscriptions of Pro Gold, with the creation time of the newest event applied (older ones are skipped). Read
 * by learner on every sign-in and refresh (whether the store offers the customer portal).
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    eventAt: timestamptz('event_at').notNull(),
  },
  (t) => [index('subscriptions_user').on(t.userId)],
);
