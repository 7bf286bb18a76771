import { and, eq, sql } from 'drizzle-orm';
import { knownLoginAddresses } from '../schema/accounts.ts';
import type { Db } from '../types.ts';

/** How many addresses are remembered per account; the least recently seen beyond that are forgotten. */
export const KNOWN_ADDRESSES_PER_USER = 20;

export async function isKnownLoginAddress(db: Db, userId: number, ip: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: knownLoginAddresses.userId })
    .from(knownLoginAddresses)
    .where(and(eq(knownLoginAddresses.userId, userId), eq(knownLoginAddresses.ip, ip)));
  return Boolean(row);
}

/** Records a successful login (or signup) from `ip`, then keeps only the most recent addresses of that account. */
export async function rememberLoginAddress(db: Db, userId: number, ip: string, now: Date): Promise<void> {
  await db
    .insert(knownLoginAddresses)
    .values({ userId, ip, lastSeenAt: now })
    .onConflictDoUpdate({
      target: [knownLoginAddresses.userId, knownLoginAddresses.ip],
      set: { lastSeenAt: sql`greatest(${knownLoginAddresses.lastSeenAt}, excluded.last_seen_at)` },
    });
  await db.execute(sql`
    delete from known_login_addresses
    where user_id = ${userId} and ip not in (
      select ip from known_login_addresses where user_id = ${userId}
      order by last_seen_at desc, ip
      limit ${KNOWN_ADDRESSES_PER_USER}
    )`);
}
