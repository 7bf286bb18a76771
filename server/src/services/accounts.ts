import { eq } from 'drizzle-orm';
import { rewards } from '#contract/constants.ts';
import type { User } from '#contract/entities.ts';
import type { LoginRequest, SignupRequest } from '#contract/validation.ts';
import {
  findLiveSession,
  findUserByEmail,
  insertSession,
  insertUser,
  revokeSession,
  touchSession,
  toWireUser,
  type UserRow,
  updateTimeZone,
  usernameTaken,
} from '../db/queries/account.ts';
import { isKnownLoginAddress, rememberLoginAddress } from '../db/queries/account-login-addresses.ts';
import { insertNotification } from '../db/queries/notifications.ts';
import { subscriptionToManage } from '../db/queries/payments.ts';
import { users } from '../db/schema/accounts.ts';
import type { Db } from '../db/types.ts';
import { ApiError, apiError } from '../http/errors.ts';
import { notificationTexts } from './notification-texts.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { enforceRateLimit, type RateRule } from './rate-limit.ts';
import { readStreak } from './streak.ts';
import { hashToken, newSessionToken } from './tokens.ts';

export type Clock = () => Date;

export type AccountSettings = {
  newUserWordLimit: number;
  newUserVideoLimit: number;
  adminEmails: readonly string[];
  sessionIdleDays: number;
  sessionMaxDays: number;
  /** log2 of scrypt's N. */
  passwordHashCost: number;
  rateLimits: { loginPerIp: RateRule; loginPerAccount: RateRule; signupPerIp: RateRule };
};

export const defaultRateLimits: AccountSettings['rateLimits'] = {
  loginPerIp: { name: 'login-ip', limit: 60, windowSeconds: 15 * 60 },
  loginPerAccount: { name: 'login-account', limit: 10, windowSeconds: 15 * 60 },
  signupPerIp: { name: 'signup-ip', limit: 30, windowSeconds: 60 * 60 },
};

const DAY_MS = 24 * 60 * 60 * 1000;
const TOUCH_AFTER_MS = 60 * 60 * 1000;

export type Authenticated = { user: UserRow; sessionId: number; token: string };

async function startSession(db: Db, settings: AccountSettings, user: UserRow, now: Date): Promise<string> {
  const token = newSessionToken();
  await insertSession(db, {
    userId: user.id,
    tokenHash: hashToken(token),
    now,
    expiresAt: new Date(now.getTime() + settings.sessionMaxDays * DAY_MS),
  });
  return token;
}

function isConfiguredAdmin(settings: AccountSettings, email: string): boolean {
  return settings.adminEmails.includes(email.toLowerCase());
}

export async function signup(
  db: Db,
  settings: AccountSettings,
  now: Date,
  input: SignupRequest,
  context: { ip: string; timeZone: string },
): Promise<Authenticated> {
  const { timeZone } = context;
  if (await usernameTaken(db, input.username)) {
    throw apiError(409, 'username_taken', 'This username is taken', 'username');
  }
  const result = await insertUser(db, {
    username: input.username,
    email: input.email,
    passwordHash: await hashPassword(input.password, settings.passwordHashCost),
    isAdmin: isConfiguredAdmin(settings, input.email),
    wordLimit: settings.newUserWordLimit,
    videoLimit: settings.newUserVideoLimit,
    videoLimitLastUpdatedAt: now,
    refreshAt: new Date(now.getTime() + DAY_MS),
    timeZone,
  });
  if ('conflict' in result) {
    throw result.conflict === 'email'
      ? apiError(409, 'email_taken', 'An account with this email already exists', 'email')
      : apiError(409, 'username_taken', 'This username is taken', 'username');
  }
  await insertNotification(db, result.user.id, notificationTexts.welcome(result.user.username), now);
  await rememberLoginAddress(db, result.user.id, context.ip, now);
  return { user: result.user, sessionId: 0, token: await startSession(db, settings, result.user, now) };
}

let dummyHash: Promise<string> | undefined;

/**
 * Unknown email and wrong password answer alike, after the same scrypt work.
 *
 * Every attempt counts toward the per-IP limit. The per-account limit (which anyone may exhaust by guessing)
 * only counts, and only refuses, attempts from elsewhere: an attempt from an address that has logged in to this
 * account before, or one carrying a live session of this account, is neither counted nor refused by it.
 */
export async function login(
  db: Db,
  settings: AccountSettings,
  now: Date,
  input: LoginRequest,
  context: { ip: string; timeZone: string; sessionUserId?: number | undefined },
): Promise<Authenticated> {
  await enforceRateLimit(db, settings.rateLimits.loginPerIp, context.ip, now);
  const user = await findUserByEmail(db, input.email);
  const trusted =
    user !== undefined && (context.sessionUserId === user.id || (await isKnownLoginAddress(db, user.id, context.ip)));
  if (!trusted) {
    await enforceRateLimit(db, settings.rateLimits.loginPerAccount, input.email.toLowerCase(), now);
  }
  dummyHash ??= hashPassword('not a real password 0', settings.passwordHashCost);
  const matches = await verifyPassword(input.password, user?.passwordHash ?? (await dummyHash));
  if (!user || !matches) throw apiError(401, 'invalid_credentials', 'Email or password is incorrect');
  await rememberLoginAddress(db, user.id, context.ip, now);
  const promote = isConfiguredAdmin(settings, user.email) && !user.isAdmin;
  if (promote || user.timeZone !== context.timeZone) {
    await db
      .update(users)
      .set({ isAdmin: user.isAdmin || promote, timeZone: context.timeZone })
      .where(eq(users.id, user.id));
  }
  const fresh = { ...user, isAdmin: user.isAdmin || promote, timeZone: context.timeZone };
  return { user: fresh, sessionId: 0, token: await startSession(db, settings, fresh, now) };
}

const unauthorized = () => new ApiError(401, [{ error: 'Unauthorized', code: 'unauthorized' }]);

/** A bearer token → its live session and user. Missing, unknown, expired, idle or revoked → 401. */
export async function authenticate(
  db: Db,
  settings: AccountSettings,
  now: Date,
  token: string | undefined,
): Promise<Authenticated> {
  if (!token) throw unauthorized();
  const found = await findLiveSession(db, hashToken(token));
  if (!found) throw unauthorized();
  const { session, user } = found;
  const idleUntil = session.lastUsedAt.getTime() + settings.sessionIdleDays * DAY_MS;
  if (session.expiresAt.getTime() <= now.getTime() || idleUntil <= now.getTime()) throw unauthorized();
  if (now.getTime() - session.lastUsedAt.getTime() > TOUCH_AFTER_MS) await touchSession(db, session.id, now);
  return { user, sessionId: session.id, token };
}

export async function logout(db: Db, auth: Authenticated, now: Date): Promise<void> {
  await revokeSession(db, auth.sessionId, now);
}

/**
 * The user as the API sends it, with the streak of the learner's day. Pro Gold counts as managed when the customer
 * portal's route would find a subscription to open, so the store never offers a portal that can only answer 404.
 */
export async function wireUser(db: Db, user: UserRow, token: string, timeZone: string, now: Date): Promise<User> {
  const streak = await readStreak(db, user.id, timeZone, now);
  const subscriptionId = await subscriptionToManage(db, user.id);
  return toWireUser(user, token, streak, subscriptionId !== undefined);
}

export function isPro(user: UserRow, now: Date): boolean {
  return user.proEndDate !== null && user.proEndDate.getTime() > now.getTime();
}

/** The daily reward for a streak: ×1 per day (at most 10) on the free plan, ×5 per day with Pro Gold. */
export function dailyReward(streakDays: number, pro: boolean): number {
  return pro
    ? streakDays * rewards.proWordsPerStreakDay
    : Math.min(streakDays * rewards.wordsPerStreakDay, rewards.freeMaxWordsPerStreakDay);
}

/**
 * Once refreshAt has passed: grow the word limit by the daily reward and move refreshAt 24 h on. The row is
 * locked first, so concurrent refreshes apply the reward exactly once.
 */
export async function refreshAccount(db: Db, userId: number, now: Date, timeZone: string): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!user) throw unauthorized();
    if (user.timeZone !== timeZone) await updateTimeZone(tx, userId, timeZone);
    if (user.refreshAt.getTime() > now.getTime()) return { ...user, timeZone };
    const streak = await readStreak(tx, userId, timeZone, now);
    const reward = dailyReward(streak.length, isPro(user, now));
    const [updated] = await tx
      .update(users)
      .set({ wordLimit: user.wordLimit + reward, refreshAt: new Date(now.getTime() + DAY_MS), timeZone })
      .where(eq(users.id, userId))
      .returning();
    if (!updated) throw unauthorized();
    if (reward > 0) {
      await insertNotification(tx, userId, notificationTexts.wordLimitGrew(reward), now);
    }
    return updated;
  });
}
