import { and, eq, isNull, sql } from 'drizzle-orm';
import type { User } from '#contract/entities.ts';
import { preparedOnce } from '../prepared-statements.ts';
import { sessions, users } from '../schema/accounts.ts';
import type { Db } from '../types.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

/** `managed`: whether the card provider's portal has a subscription of the learner's to manage. */
export function toWireUser(row: UserRow, token: string, streak: string[], managed: boolean): User {
  return {
    username: row.username,
    email: row.email,
    token,
    isAdmin: row.isAdmin,
    wordLimit: row.wordLimit,
    wordCount: row.wordCount,
    videoLimit: row.videoLimit,
    videoLimitLastUpdatedAt: row.videoLimitLastUpdatedAt.toISOString(),
    refreshAt: row.refreshAt.toISOString(),
    streak,
    creditAmount: row.creditAmount,
    diamondAmount: row.diamondAmount,
    pro: { endDate: row.proEndDate ? row.proEndDate.toISOString() : null, managed },
  };
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`);
  return row;
}

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export type InsertUserResult = { user: UserRow } | { conflict: 'email' | 'username' };

/** Inserts a user; a unique violation on email or username comes back as a conflict, not an exception. */
export async function insertUser(db: Db, values: NewUser): Promise<InsertUserResult> {
  try {
    const [user] = await db.insert(users).values(values).returning();
    if (!user) throw new Error('User insert returned no row');
    return { user };
  } catch (error) {
    const cause = (error as { cause?: { code?: string; constraint?: string } }).cause ?? error;
    const { code, constraint } = cause as { code?: string; constraint?: string };
    if (code === '23505' && constraint === 'users_email_lower') return { conflict: 'email' };
    if (code === '23505' && constraint === 'users_username_lower') return { conflict: 'username' };
    throw error;
  }
}

export async function usernameTaken(db: Db, username: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.username}) = lower(${username})`);
  return Boolean(row);
}

export async function setAdmin(db: Db, email: string, isAdmin: boolean): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ isAdmin })
    .where(sql`lower(${users.email}) = lower(${email})`)
    .returning({ id: users.id });
  return rows.length > 0;
}

export type Grant = { diamonds: number; coins: number; proDays: number };

/**
 * An operator's grant (a support case): diamonds and coins added, Pro Gold extended by whole days from its end or,
 * when it has lapsed, from now. Answers the account after the grant, or undefined when no account has the email.
 */
export async function grantToUser(db: Db, email: string, grant: Grant, now: Date): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({
      diamondAmount: sql`${users.diamondAmount} + ${grant.diamonds}`,
      creditAmount: sql`${users.creditAmount} + ${grant.coins}`,
      ...(grant.proDays > 0
        ? {
            proEndDate: sql`greatest(coalesce(${users.proEndDate}, ${now.toISOString()}::timestamptz), ${now.toISOString()}::timestamptz) + make_interval(days => ${grant.proDays})`,
          }
        : {}),
    })
    .where(sql`lower(${users.email}) = lower(${email})`)
    .returning();
  return row;
}

export async function updateTimeZone(db: Db, userId: number, timeZone: string): Promise<void> {
  await db.update(users).set({ timeZone }).where(eq(users.id, userId));
}

export async function insertSession(
  db: Db,
  values: { userId: number; tokenHash: string; now: Date; expiresAt: Date },
): Promise<void> {
  await db.insert(sessions).values({
    userId: values.userId,
    tokenHash: values.tokenHash,
    createdAt: values.now,
    lastUsedAt: values.now,
    expiresAt: values.expiresAt,
  });
}

const liveSession = (db: Db) =>
  db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), isNull(sessions.revokedAt)))
    .prepare('live_session');

export async function findLiveSession(db: Db, tokenHash: string) {
  const [row] = await preparedOnce(db, liveSession).execute({ tokenHash });
  return row;
}

export async function touchSession(db: Db, sessionId: number, now: Date): Promise<void> {
  await db.update(sessions).set({ lastUsedAt: now }).where(eq(sessions.id, sessionId));
}

export async function revokeSession(db: Db, sessionId: number, now: Date): Promise<void> {
  await db.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, sessionId));
}
