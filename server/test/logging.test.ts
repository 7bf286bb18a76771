import { sql } from 'drizzle-orm';
import { afterEach, expect, it } from 'vitest';
import { createPool } from '../src/db/pool.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { startDatabaseProxy } from './tcp-proxy.ts';

let app: TestApp | undefined;
const closing: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closing.splice(0)) await close();
  await app?.close();
});

it("logs a failed query's error without its parameters: no email, no password hash", async () => {
  const lines: string[] = [];
  app = await buildTestApp({ logStream: { write: (line) => void lines.push(line) } });
  // The database refuses the new user's row (email and scrypt hash as parameters), as a failing disk would.
  await app.database.db.execute(sql`
    create function refuse_user() returns trigger language plpgsql as $$
    begin raise exception 'users are read-only today'; end $$`);
  await app.database.db.execute(
    sql`create trigger refuse_user before insert on users for each row execute function refuse_user()`,
  );
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/signup',
    payload: {
      username: 'secretive',
      email: 'secret.person@example.com',
      password: 'reading42',
      confirmPassword: 'reading42',
    },
  });
  expect(response.statusCode).toBe(500);
  const failure = lines.find((line) => line.includes('request failed'));
  expect(failure).toBeDefined();
  const log = lines.join('\n');
  expect(log).not.toContain('scrypt$');
  expect(log).not.toContain('secret.person');
  // The error's own kind, not the logger's name for a plain object.
  expect(JSON.parse(failure ?? '{}').error).toMatchObject({
    type: expect.not.stringMatching(/^Object$/),
    code: 'P0001',
    message: expect.any(String),
  });
});

it('logs a failed health check by its error code and message only: no statement, no stack', async () => {
  const lines: string[] = [];
  let stopDatabase = async () => {};
  app = await buildTestApp({
    logStream: { write: (line) => void lines.push(line) },
    connect: async (database) => {
      const proxy = await startDatabaseProxy(database.connectionString);
      const { pool, db } = createPool(proxy.connectionString, {
        poolSize: 2,
        statementTimeout: false,
        statements: 'per-connection',
        onError: () => {},
      });
      stopDatabase = () => proxy.stop();
      closing.push(
        () => pool.end(),
        () => proxy.close(),
      );
      return db;
    },
  });
  await stopDatabase();
  expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(503);
  const failure = lines.find((line) => line.includes('health check failed'));
  expect(failure).toBeDefined();
  expect(failure).not.toContain('select 1');
  const { error } = JSON.parse(failure ?? '{}');
  expect(error).toMatchObject({ code: 'ECONNREFUSED', message: expect.stringContaining('ECONNREFUSED') });
  expect(error.stack ?? '').toBe('');
});
