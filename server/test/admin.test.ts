import { sql } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, type EndpointName, endpoints, pathOf } from '#contract/endpoints.ts';
import { envelopeSchema, errorEnvelopeSchema } from '#contract/envelope.ts';
import { importJobs, importQueue } from '../src/services/imports/jobs.ts';
import { pgBossQueueAdmin } from '../src/services/job-queue.ts';
import { startJobs } from '../src/services/jobs.ts';
import { transcriptQueue } from '../src/services/videos/jobs.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { authed, signupLearner } from './helpers.ts';
import { openTestDatabase } from './test-database.ts';

let app: TestApp;
let boss: PgBoss;
let adminToken: string;
let learnerToken: string;
const silentLog = { error: () => {} };

beforeAll(async () => {
  // pg-boss runs on the app's own database: the app is built on it, then the queue is started beside it.
  const database = await openTestDatabase();
  boss = await startJobs(database.connectionString, silentLog, { workers: false });
  await boss.createQueue(importQueue, { retryLimit: 0 });
  await boss.createQueue(transcriptQueue, { retryLimit: 0 });
  app = await buildTestApp({ database, importJobs: importJobs(boss), jobQueue: pgBossQueueAdmin(boss) });
  const admin = await app.inject({
    method: 'POST',
    url: '/api/v1/signup',
    payload: { username: 'theboss', email: 'boss@folio.test', password: 'bossword42', confirmPassword: 'bossword42' },
  });
  adminToken = envelopeSchema(endpoints.signup.details).parse(admin.json()).details.token;
  learnerToken = await signupLearner(app, '10.8.0.1');
});
afterAll(async () => {
  await boss.stop({ graceful: false });
  await app.close();
});

const adminEndpoints = (Object.keys(endpoints) as EndpointName[]).filter((name) => endpoints[name].auth === 'admin');
const sampleParams = {
  kind: 'text-import',
  jobId: '00000000-0000-4000-8000-000000000000',
  targetLang: 'en',
  contentId: 1,
};

describe('every admin call', () => {
  it.each(adminEndpoints)('%s: 401 without a login, 403 (forbidden) for a learner', async (name) => {
    const endpoint = endpoints[name];
    const url = `${API_BASE}${pathOf(endpoint.path, endpoint.path.includes(':') ? sampleParams : {})}`;
    const anonymous = await app.inject({ method: endpoint.method, url });
    expect(anonymous.statusCode).toBe(401);
    const learner = await app.inject({ method: endpoint.method, url, headers: authed(learnerToken) });
    expect(learner.statusCode).toBe(403);
    expect(errorEnvelopeSchema.parse(learner.json()).details[0]?.code).toBe('forbidden');
  });
});

async function queue(query = '') {
  const response = await app.inject({ method: 'GET', url: `/api/v1/admin/jobs${query}`, headers: authed(adminToken) });
  expect(response.statusCode, response.body).toBe(200);
  return envelopeSchema(endpoints.adminJobs.details).parse(response.json()).details;
}

describe('the job queue', () => {
  it('lists the jobs with their learner, counts them by state, filters, and manages them (audited)', async () => {
    const text = { language: 'en', title: 'Harbour', text: 'The ferry leaves at dawn.' };
    for (let n = 0; n < 2; n++) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/imports',
        headers: authed(learnerToken),
        payload: text,
      });
      expect(response.statusCode).toBe(200);
    }
    const before = await queue('?kind=text-import');
    expect(before.counts.created).toBe(2);
    expect(before.jobs).toHaveLength(2);
    expect(before.jobs[0]).toMatchObject({
      kind: 'text-import',
      state: 'created',
      owner: expect.stringMatching(/^learner/),
      attempts: 0,
    });

    const [first, second] = before.jobs;
    if (!first || !second) throw new Error('two jobs');
    // One fails as a worker's failure would leave it; the other waits.
    await boss.fail(importQueue, first.id, { message: 'The database went away', stack: 'at secret.ts:1' });
    const failed = await queue('?state=failed');
    expect(failed.jobs.map((job) => job.id)).toEqual([first.id]);
    expect(failed.jobs[0]?.error).toBe('The database went away');
    expect(failed.counts).toMatchObject({ failed: 1, created: 1 });

    const base = `/api/v1/admin/jobs/text-import`;
    const retried = await app.inject({ method: 'POST', url: `${base}/${first.id}/retry`, headers: authed(adminToken) });
    expect(retried.statusCode).toBe(200);
    expect(['created', 'retry']).toContain(retried.json().details.state);
    // A waiting job cannot be retried, a failed one not cancelled: the screen offers each action where it applies.
    expect(
      (await app.inject({ method: 'POST', url: `${base}/${first.id}/retry`, headers: authed(adminToken) })).statusCode,
    ).toBe(409);

    const cancelled = await app.inject({
      method: 'POST',
      url: `${base}/${second.id}/cancel`,
      headers: authed(adminToken),
    });
    expect(cancelled.json().details.state).toBe('cancelled');
    expect(
      (await app.inject({ method: 'DELETE', url: `${base}/${second.id}`, headers: authed(adminToken) })).statusCode,
    ).toBe(200);
    expect((await queue()).jobs.map((job) => job.id)).not.toContain(second.id);
    expect(
      (await app.inject({ method: 'DELETE', url: `${base}/${second.id}`, headers: authed(adminToken) })).statusCode,
    ).toBe(404);

    const audit = await app.database.db.execute<{ action: string; job: string }>(
      sql`select action, target->>'jobId' as job from admin_actions order by id`,
    );
    expect(audit.rows).toEqual([
      { action: 'job.retry', job: first.id },
      { action: 'job.cancel', job: second.id },
      { action: 'job.delete', job: second.id },
    ]);
  });
});
