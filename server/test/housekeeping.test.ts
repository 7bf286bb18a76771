import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sessions } from '../src/db/schema/accounts.ts';
import { defaultRateLimits } from '../src/services/accounts.ts';
import { housekeepingQueue, runHousekeeping, startHousekeeping } from '../src/services/housekeeping.ts';
import { startJobs } from '../src/services/jobs.ts';
import { buildTestApp, type TestApp, testAccountSettings } from './build-test-app.ts';
import { signupLearner } from './helpers.ts';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

// The longest window of these rules is signup's hour.
const settings = { ...testAccountSettings, sessionIdleDays: 30, rateLimits: defaultRateLimits };

it('deletes expired, idle and revoked sessions and past rate-limit windows, and keeps the live ones', async () => {
  await signupLearner(app);
  const now = new Date('2027-03-01T12:00:00Z');
  const [{ userId } = { userId: 0 }] = await app.database.db.select({ userId: sessions.userId }).from(sessions);
  const day = 24 * 60 * 60 * 1000;
  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * day);
  const row = (token: string, lastUsedDaysAgo: number, expiresInDays: number, revoked = false) => ({
    userId,
    tokenHash: token,
    createdAt: at(40),
    lastUsedAt: at(lastUsedDaysAgo),
    expiresAt: new Date(now.getTime() + expiresInDays * day),
    revokedAt: revoked ? at(1) : null,
  });
  await app.database.db
    .insert(sessions)
    .values([row('live', 1, 10), row('expired', 1, -1), row('idle', 31, 10), row('revoked', 1, 10, true)]);
  await app.database.db.execute(sql`
    insert into rate_limits (key, hits, window_start) values
      ('login-ip:old', 3, ${at(1)}), ('login-ip:recent', 3, ${new Date(now.getTime() - 10 * 60 * 1000)})`);

  const deleted = await runHousekeeping(app.database.db, settings, now);

  const left = await app.database.db.execute<{ token_hash: string }>(
    sql`select token_hash from sessions where token_hash in ('live', 'expired', 'idle', 'revoked')`,
  );
  expect(left.rows.map((r) => r.token_hash)).toEqual(['live']);
  const windows = await app.database.db.execute<{ key: string }>(
    sql`select key from rate_limits where key like 'login-ip:%' order by key`,
  );
  expect(windows.rows.map((r) => r.key)).toEqual(['login-ip:recent']);
  expect(deleted.sessions).toBeGreaterThanOrEqual(3);
  expect(deleted.rateLimits).toBeGreaterThanOrEqual(1);
});

it("vacuums and refreshes the planner's statistics when asked (the embedded database has no autovacuum)", async () => {
  const token = await signupLearner(app, '10.1.0.9');
  for (const lowercase of ['one', 'two', 'three']) {
    await app.inject({
      method: 'POST',
      url: '/api/v1/userword',
      headers: { authorization: `Bearer ${token}` },
      payload: { lowercase, level: 1, language: 'en' },
    });
  }
  // The row estimate (from statistics) and the pages marked all-visible (what only a vacuum marks).
  const table = async () =>
    (
      await app.database.db.execute<{ reltuples: number; relallvisible: number }>(
        sql`select reltuples::int as reltuples, relallvisible::int as relallvisible from pg_class
          where relname = 'user_words'`,
      )
    ).rows[0];
  await runHousekeeping(app.database.db, settings, new Date());
  expect(await table()).toEqual({ reltuples: -1, relallvisible: 0 });
  await runHousekeeping(app.database.db, settings, new Date(), { vacuum: true });
  const after = await table();
  expect(after?.reltuples).toBeGreaterThanOrEqual(3);
  expect(after?.relallvisible).toBeGreaterThanOrEqual(1);
});

it('is scheduled hourly in pg-boss', async () => {
  const boss = await startJobs(app.database.connectionString, { error: () => {} }, { workers: true });
  try {
    await startHousekeeping(boss, {
      db: app.database.db,
      settings,
      clock: () => new Date(),
      log: app.log,
    });
    const schedules = await boss.getSchedules();
    expect(schedules.map((schedule) => [schedule.name, schedule.cron])).toContainEqual([
      housekeepingQueue,
      '17 * * * *',
    ]);
  } finally {
    await boss.stop({ graceful: false });
  }
});
