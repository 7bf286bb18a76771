import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { startJobs } from '../src/services/jobs.ts';
import { openTestDatabase } from './test-database.ts';

let database: Database;
const silentLog = { error: () => {} } as unknown as Parameters<typeof startJobs>[1];

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

it('runs a background job through pg-boss on the same database', async () => {
  const boss = await startJobs(database.connectionString, silentLog, { workers: true });
  try {
    await boss.createQueue('test-echo');
    const done = new Promise<unknown>((resolve) => {
      void boss.work<{ text: string }>('test-echo', { pollingIntervalSeconds: 0.5 }, async ([job]) => {
        resolve(job?.data);
      });
    });
    await boss.send('test-echo', { text: 'hello' });
    await expect(done).resolves.toEqual({ text: 'hello' });
  } finally {
    await boss.stop({ graceful: false });
  }
});
