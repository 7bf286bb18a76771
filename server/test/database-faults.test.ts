import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { errorEnvelopeSchema } from '#contract/envelope.ts';
import { createPool, type DatabaseTimeouts } from '../src/db/pool.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { authed, signupLearner } from './helpers.ts';
import { startDatabaseProxy } from './tcp-proxy.ts';

type Proxy = Awaited<ReturnType<typeof startDatabaseProxy>>;
const opened: { app: TestApp; proxy: Proxy; end: () => Promise<void> }[] = [];

afterEach(async () => {
  for (const { app, proxy, end } of opened.splice(0)) {
    proxy.release();
    await end();
    await proxy.close();
    await app.close();
  }
});

/** The app on a pool that reaches its database through a proxy the test controls, with short timeouts. */
async function openApp({
  poolSize = 4,
  timeouts = { connectMs: 400, queryMs: 600 },
}: {
  poolSize?: number;
  timeouts?: DatabaseTimeouts;
} = {}) {
  const errors: Error[] = [];
  let proxy: Proxy | undefined;
  let end = async () => {};
  const app = await buildTestApp({
    connect: async (database) => {
      proxy = await startDatabaseProxy(database.connectionString);
      const { pool, db } = createPool(proxy.connectionString, {
        poolSize,
        timeouts,
        statementTimeout: false,
        statements: 'per-connection',
        onError: (error) => errors.push(error),
      });
      end = () => pool.end();
      return db;
    },
  });
  if (!proxy) throw new Error('no proxy');
  opened.push({ app, proxy, end: () => end() });
  return { app, proxy, errors };
}

const save = (app: TestApp, token: string, lowercase: string, level: number) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/userword',
    headers: authed(token),
    payload: { lowercase, level, language: 'en' },
  });

/**
 * Eight learners' worth of saves at once (12 rounds each); `interrupt` runs once after 20 answers. A refusal must
 * be the 503 `unavailable` envelope. Returns every status.
 */
async function savesUnderLoad(app: TestApp, token: string, interrupt: () => unknown): Promise<number[]> {
  const statuses: number[] = [];
  let interrupted = false;
  await Promise.all(
    Array.from({ length: 8 }, async (_, learner) => {
      for (let round = 0; round < 12; round++) {
        const response = await save(app, token, `word${learner}`, round % 5);
        statuses.push(response.statusCode);
        if (response.statusCode !== 200) {
          expect(errorEnvelopeSchema.parse(response.json()).details[0]?.code).toBe('unavailable');
        }
        if (!interrupted && statuses.length >= 20) {
          interrupted = true;
          await interrupt();
        }
      }
    }),
  );
  return statuses;
}

describe('the database connection breaks', () => {
  it('fails the saves in flight with 503, never crashes, and the next saves succeed', async () => {
    const { app, proxy } = await openApp();
    const token = await signupLearner(app);
    const statuses = await savesUnderLoad(app, token, () => proxy.cutAll());
    expect(statuses.every((status) => status === 200 || status === 503)).toBe(true);
    expect((await save(app, token, 'after', 3)).statusCode).toBe(200);
  });
});

describe('the database restarts', () => {
  it('refuses with 503 while it is down, the health check too, the process lives, and the saves resume', async () => {
    const { app, proxy } = await openApp();
    const token = await signupLearner(app);
    const statuses = await savesUnderLoad(app, token, () => proxy.stop());
    expect(statuses.every((status) => status === 200 || status === 503)).toBe(true);
    const refused = await save(app, token, 'down', 2);
    expect(refused.statusCode).toBe(503);
    expect(errorEnvelopeSchema.parse(refused.json()).details[0]?.code).toBe('unavailable');
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(503);
    await proxy.start();
    await expect.poll(async () => (await save(app, token, 'after', 3)).statusCode, { timeout: 5_000 }).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});

describe('the health check while the database is down', () => {
  it('answers the 503 `unavailable` envelope with Retry-After', async () => {
    const { app, proxy } = await openApp();
    await proxy.stop();
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(errorEnvelopeSchema.parse(response.json()).details[0]?.code).toBe('unavailable');
    expect(response.headers['retry-after']).toBe('5');
  });
});

describe("a member's call that login is optional for, while the database is down", () => {
  it('answers 503, not the answer a visitor would get', async () => {
    const { app, proxy } = await openApp();
    const token = await signupLearner(app);
    await proxy.stop();
    const response = await app.inject({ method: 'GET', url: '/api/v1/payment/settings', headers: authed(token) });
    expect(response.statusCode).toBe(503);
    expect(errorEnvelopeSchema.parse(response.json()).details[0]?.code).toBe('unavailable');
  });
});

describe('the database stops answering (packets dropped)', () => {
  it('answers 503 fast, the health check too, and recovers once it answers again', async () => {
    const { app, proxy } = await openApp();
    const token = await signupLearner(app);
    expect((await save(app, token, 'before', 1)).statusCode).toBe(200);
    proxy.blackHole();
    const started = performance.now();
    const refused = await save(app, token, 'during', 2);
    expect(refused.statusCode).toBe(503);
    expect(errorEnvelopeSchema.parse(refused.json()).details[0]?.code).toBe('unavailable');
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(503);
    expect(performance.now() - started).toBeLessThan(5_000);
    proxy.release();
    await expect.poll(async () => (await save(app, token, 'after', 3)).statusCode, { timeout: 5_000 }).toBe(200);
  });
});

describe('the database stops answering while 64 learners keep saving', () => {
  it('answers every save 503 with the envelope and Retry-After, all within twice the longest timeout', async () => {
    const timeouts = { connectMs: 300, queryMs: 600 };
    const { app, proxy } = await openApp({ poolSize: 10, timeouts });
    const token = await signupLearner(app);
    expect((await save(app, token, 'before', 1)).statusCode).toBe(200);
    proxy.blackHole();
    const started = performance.now();
    // Each learner saves five words in a row: once the database is known silent, a save must not wait again.
    const answers = await Promise.all(
      Array.from({ length: 64 }, async (_, learner) => {
        const mine = [];
        for (let word = 0; word < 5; word++) mine.push(await save(app, token, `word${learner}x${word}`, 2));
        return mine;
      }),
    );
    const elapsed = performance.now() - started;
    for (const response of answers.flat()) {
      expect(response.statusCode).toBe(503);
      expect(errorEnvelopeSchema.parse(response.json()).details[0]?.code).toBe('unavailable');
      expect(response.headers['retry-after']).toBe('5');
    }
    expect(elapsed).toBeLessThan(2 * Math.max(timeouts.connectMs, timeouts.queryMs));
  });
});

describe.runIf(process.env.TEST_DB === 'postgres')("PostgreSQL terminates the server's connections", () => {
  it('under load: the saves in flight fail with 503, the process lives, the next saves succeed', async () => {
    const app = await buildTestApp();
    try {
      const token = await signupLearner(app);
      const admin = new pg.Client({ connectionString: app.database.connectionString, application_name: 'folio-test' });
      await admin.connect();
      const statuses = await savesUnderLoad(app, token, () =>
        admin.query(`
          select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and application_name = 'folio'`),
      );
      await admin.end();
      expect(statuses.every((status) => status === 200 || status === 503)).toBe(true);
      expect((await save(app, token, 'after', 3)).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
