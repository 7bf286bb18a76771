import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text } from 'drizzle-orm/pg-core';
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
