import { and, asc, desc, eq, gt, gte, isNull, lt, or, sql } from 'drizzle-orm';
import type { Discount, Product, StoreItem } from '#contract/endpoints/payments.ts';
import { anyOf } from '../prepared-statements.ts';
import { users } from '../schema/accounts.ts';
import { discounts, paymentEvents, paymentGrants, storePrices, storeProducts, subscriptions } from '../schema/store.ts';
import type { Db } from '../types.ts';
import type { UserRow } from './account.ts';
import { insertNotification, type NotificationText } from './notifications.ts';

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

export type PaymentGrant = {
  /** What paid: a pack's checkout session id, or a Pro Gold invoice id. */
  key: string;
  userId: number;
  priceId: string;
  diamonds: number;
  words: number;
  /** Pro Gold runs at least until then. */
  proUntil?: Date | undefined;
  /** Videos added to the current cycle's limit when Pro Gold was not active before this payment. */
  videosWhenStartingPro?: number;
};

/**
 * Credits one payment, once: the grant's key is inserted first and, when it was already there (a duplicate event,
 * a retry, the success page after the webhook), nothing else happens. Run it inside the caller's transaction so the
 * key, the credit and the notification land together. Answers whether this call granted it.
 */
export async function grantPayment(db: Db, grant: PaymentGrant, notice: NotificationText, now: Date): Promise<boolean> {
  const [inserted] = await db
    .insert(paymentGrants)
    .values({ ...grant, proUntil: grant.proUntil ?? null, createdAt: now })
    .onConflictDoNothing()
    .returning({ key: paymentGrants.key });
  if (!inserted) return false;
  const until = grant.proUntil?.toISOString();
  const startingPro = sql`(${users.proEndDate} is null or ${users.proEndDate} <= ${now.toISOString()}::timestamptz)`;
  await db
    .update(users)
    .set({
      diamondAmount: sql`${users.diamondAmount} + ${grant.diamonds}`,
      wordLimit: sql`${users.wordLimit} + ${grant.words}`,
      ...(until
        ? {
            proEndDate: sql`greatest(coalesce(${users.proEndDate}, ${until}::timestamptz), ${until}::timestamptz)`,
            // The cycle's Pro videos start now, not at the next cycle (each new cycle gives Pro's allowance).
            videoLimit: sql`${users.videoLimit} + case when ${startingPro} then ${grant.videosWhenStartingPro ?? 0} else 0 end`,
          }
        : {}),
    })
    .where(eq(users.id, grant.userId));
  await insertNotification(db, grant.userId, notice, now);
  return true;
}

/** Subscription states in which Pro Gold is no longer paid for: it ends when they arrive. */
export const lapsedSubscriptionStatuses: readonly string[] = ['canceled', 'unpaid', 'incomplete_expired'];

/** Whether the learner's Pro Gold runs now (its end date is in the future). */
export async function hasActivePro(db: Db, userId: number, now: Date): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), gt(users.proEndDate, now)));
  return rows.length > 0;
}

/** The learner's subscription to manage at the provider: one still running first, else the newest known. */
export async function subscriptionToManage(db: Db, userId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(anyOf(subscriptions.status, lapsedSubscriptionStatuses, 'text'), desc(subscriptions.eventAt))
    .limit(1);
  return row?.id;
}

/** Records a webhook event by its id; false when it was recorded before (the delivery is a duplicate). */
export async function recordPaymentEvent(db: Db, id: string, type: string, now: Date): Promise<boolean> {
  const rows = await db
    .insert(paymentEvents)
    .values({ id, type, receivedAt: now })
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id });
  return rows.length > 0;
}

export async function paymentEventSeen(db: Db, id: string): Promise<boolean> {
  const rows = await db.select({ id: paymentEvents.id }).from(paymentEvents).where(eq(paymentEvents.id, id));
  return rows.length > 0;
}

/**
 * Keeps a subscription's status from an event, unless a newer event was applied already (Stripe does not promise
 * order). Answers whether this event is the newest, so its consequences should apply.
 */
export async function applySubscriptionEvent(
  db: Db,
  subscription: { id: string; userId: number; status: string },
  eventAt: Date,
): Promise<boolean> {
  const rows = await db
    .insert(subscriptions)
    .values({ ...subscription, eventAt })
    .onConflictDoUpdate({
      target: subscriptions.id,
      set: { status: subscription.status, eventAt },
      setWhere: lt(subscriptions.eventAt, eventAt),
    })
    .returning({ id: subscriptions.id });
  return rows.length > 0;
}

/** A subscription's last known status and the time of the event that set it. */
export async function subscriptionState(db: Db, id: string): Promise<{ status: string; eventAt: Date } | undefined> {
  const [row] = await db
    .select({ status: subscriptions.status, eventAt: subscriptions.eventAt })
    .from(subscriptions)
    .where(eq(subscriptions.id, id));
  return row;
}

/** Ends Pro Gold at `endedAt` when it would run longer (a subscription deleted or no longer paid). */
export async function endProGold(db: Db, userId: number, endedAt: Date): Promise<void> {
  const at = endedAt.toISOString();
  await db
    .update(users)
    .set({ proEndDate: sql`least(${users.proEndDate}, ${at}::timestamptz)` })
    .where(and(eq(users.id, userId), sql`${users.proEndDate} > ${at}::timestamptz`));
}

/**
 * Makes `sessionId` the learner's one payable Pro Gold checkout, under the learner's row lock (two tabs starting
 * checkouts at once take turns): answers the one it replaces, which the caller expires.
 */
export async function replaceProCheckout(db: Db, userId: number, sessionId: string): Promise<string | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ previous: users.proCheckoutSession })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    await tx.update(users).set({ proCheckoutSession: sessionId }).where(eq(users.id, userId));
    return row?.previous ?? undefined;
  });
}

/** The learner's payable Pro Gold checkout is `sessionId` no longer (paid, or expired); `instead` takes its place. */
export async function forgetProCheckout(db: Db, userId: number, sessionId: string, instead: string | null = null) {
  await db
    .update(users)
    .set({ proCheckoutSession: instead })
    .where(and(eq(users.id, userId), eq(users.proCheckoutSession, sessionId)));
}
