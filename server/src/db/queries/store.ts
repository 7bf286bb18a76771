import { and, asc, eq, gt, gte, isNull, or, sql } from 'drizzle-orm';
import type { Discount, Product, StoreItem } from '#contract/entities.ts';
import { users } from '../schema/accounts.ts';
import { discounts, storePrices, storeProducts } from '../schema/store.ts';
import type { Db } from '../types.ts';
import type { UserRow } from './users.ts';

/** The store's catalogue in the contract's shape: products in their order, each with its prices by amount. */
export async function listCatalogue(db: Db): Promise<Product[]> {
  const rows = await db
    .select({
      productId: storeProducts.id,
      name: storeProducts.name,
      priceId: storePrices.id,
      amount: storePrices.amount,
      currency: storePrices.currency,
      recurring: storePrices.recurring,
    })
    .from(storeProducts)
    .leftJoin(storePrices, eq(storePrices.productId, storeProducts.id))
    .orderBy(asc(storeProducts.position), asc(storePrices.amount));
  const products = new Map<string, Product>();
  for (const row of rows) {
    let product = products.get(row.productId);
    if (!product) {
      product = { id: row.productId, name: row.name, prices: [] };
      products.set(row.productId, product);
    }
    if (row.priceId !== null && row.amount !== null && row.currency !== null && row.recurring !== null) {
      product.prices.push({ id: row.priceId, amount: row.amount, currency: row.currency, recurring: row.recurring });
    }
  }
  return [...products.values()];
}

/**
 * Pays for a store item and raises the limit it sells in one conditional update: the balance is checked and
 * debited by the same statement, so parallel buys can never take it below zero. Undefined when it is too low.
 */
export async function buyStoreItem(
  db: Db,
  userId: number,
  item: StoreItem,
  payWith: 'diamonds' | 'credits',
): Promise<UserRow | undefined> {
  const [balance, cost] =
    payWith === 'diamonds' ? [users.diamondAmount, item.diamondAmount] : [users.creditAmount, item.creditAmount];
  const limit = item.name === 'Word Limit' ? users.wordLimit : users.videoLimit;
  const [user] = await db
    .update(users)
    .set({
      [payWith === 'diamonds' ? 'diamondAmount' : 'creditAmount']: sql`${balance} - ${cost}`,
      [item.name === 'Word Limit' ? 'wordLimit' : 'videoLimit']: sql`${limit} + ${item.amount}`,
    })
    .where(and(eq(users.id, userId), gte(balance, cost)))
    .returning();
  return user;
}

/** A discount code that exists and has not expired, matched without regard to case. */
export async function findDiscount(db: Db, code: string, now: Date): Promise<Discount | undefined> {
  const [row] = await db
    .select({ code: discounts.code, percent: discounts.percent })
    .from(discounts)
    .where(
      and(eq(discounts.code, code.trim().toUpperCase()), or(isNull(discounts.expiresAt), gt(discounts.expiresAt, now))),
    );
  return row ? { code: row.code, discountPercent: row.percent } : undefined;
}

export type DiscountRow = typeof discounts.$inferSelect;

/** Adds a code (upper case); false when the code exists already. */
export async function addDiscount(
  db: Db,
  code: { code: string; percent: number; expiresAt: Date | null },
  now: Date,
): Promise<boolean> {
  const rows = await db
    .insert(discounts)
    .values({ ...code, code: code.code.toUpperCase(), createdAt: now })
    .onConflictDoNothing()
    .returning({ code: discounts.code });
  return rows.length > 0;
}

export async function listDiscounts(db: Db): Promise<DiscountRow[]> {
  return db.select().from(discounts).orderBy(asc(discounts.code));
}

/** Ends a code now (an earlier end stays); false when no such code exists. */
export async function expireDiscount(db: Db, code: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(discounts)
    .set({
      expiresAt: sql`least(coalesce(${discounts.expiresAt}, ${now.toISOString()}::timestamptz), ${now.toISOString()}::timestamptz)`,
    })
    .where(eq(discounts.code, code.toUpperCase()))
    .returning({ code: discounts.code });
  return rows.length > 0;
}
