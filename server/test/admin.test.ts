import { sql } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, type EndpointName, endpoints, pathOf } from '#contract/endpoints.ts';
import { envelopeSchema, errorEnvelopeSchema } from '#contract/envelope.ts';
import { failImport } from '../src/db/queries/imports.ts';
import { waitingTranscripts } from '../src/db/queries/videos.ts';
import { failWordExport } from '../src/db/queries/word-exports.ts';
import { wordExportJobs, wordExportQueue } from '../src/services/exports/jobs.ts';
import { importJobs, importQueue } from '../src/services/imports/jobs.ts';
import { pgBossQueueAdmin } from '../src/services/job-queue.ts';
import { startJobs } from '../src/services/jobs.ts';
import { transcriptJobs, transcriptQueue } from '../src/services/videos/jobs.ts';
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
  await boss.createQueue(wordExportQueue, { retryLimit: 0 });
  app = await buildTestApp({
    database,
    importJobs: importJobs(boss),
    transcriptJobs: transcriptJobs(boss),
    wordExportJobs: wordExportJobs(boss),
    jobQueue: pgBossQueueAdmin(boss),
  });
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
  importId: 1,
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
    // A thrown error has no code: the screen shows its text.
    expect(failed.jobs[0]).toMatchObject({ error: 'The database went away', failure: null });
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

/** Calls the API as the admin, or as `token`, and returns the status with the body's details. */
async function call(method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, token = adminToken) {
  const response = await app.inject({
    method,
    url: `/api/v1${url}`,
    headers: authed(token),
    ...(payload ? { payload } : {}),
  });
  return { status: response.statusCode, details: response.json().details };
}

describe('imports that will not be made', () => {
  /** A learner's text just imported, with the queue's job that makes its pages. */
  async function importWithJob(title: string, text: string) {
    const known = new Set((await queue('?kind=text-import')).jobs.map((job) => job.id));
    const imported = await call('POST', '/imports', { language: 'en', title, text }, learnerToken);
    const job = (await queue('?kind=text-import')).jobs.find((candidate) => !known.has(candidate.id));
    if (!job) throw new Error('the import has a job');
    return { imported: imported.details as { id: number; status: string }, job };
  }

  /** The learner's text as "My texts" lists it. */
  async function listedText(id: number) {
    const texts = await call('GET', '/imports/en', undefined, learnerToken);
    return texts.details.find((text: { id: number }) => text.id === id);
  }

  it("marks a learner's text whose job an admin cancels as not imported, so nobody waits for its pages", async () => {
    const { imported, job } = await importWithJob('Ferry', 'Gulls over the pier.');
    expect(imported.status).toBe('processing');
    expect((await call('POST', `/admin/jobs/text-import/${job.id}/cancel`)).status).toBe(200);
    expect(await listedText(imported.id)).toMatchObject({ status: 'failed', error: 'cancelled' });
  });

  it("makes a learner's failed text wait for its pages again when an admin retries its job", async () => {
    const { imported, job } = await importWithJob('Quay', 'Ropes on the quay.');
    // As the job's last attempt leaves them: the job failed, the text marked as not imported.
    await boss.fail(importQueue, job.id, { message: 'The database went away' });
    await failImport(app.database.db, imported.id, 'internal', new Date());
    expect((await call('POST', `/admin/jobs/text-import/${job.id}/retry`)).status).toBe(200);
    expect(await listedText(imported.id)).toMatchObject({ status: 'processing', error: null });
  });

  it('lets an admin delete an upload that could not be imported, and no other', async () => {
    const category = await call('POST', '/admin/categories', { language: 'en', title: 'Harbours' });
    const sub = await call('POST', '/admin/sub-categories', {
      categoryId: category.details.id,
      title: 'Piers',
      description: 'Walks on the water',
    });
    const upload = await call('POST', '/admin/contents', {
      subCategoryId: sub.details.id,
      title: 'Low tide',
      description: 'Mud and boats',
      level: 'A1',
      chapters: [{ title: 'One', text: 'The boats lie on the mud.' }],
    });
    expect(upload.status).toBe(200);
    const url = `/admin/uploads/${upload.details.id}`;
    // Still being made: refused, and it stays listed.
    expect((await call('DELETE', url)).status).toBe(409);
    await failImport(app.database.db, upload.details.id, 'internal', new Date());
    const listed = await call('GET', '/admin/library/en');
    expect(listed.details.uploads.map((item: { id: number }) => item.id)).toContain(upload.details.id);

    expect(await call('DELETE', url)).toEqual({ status: 200, details: null });
    const after = await call('GET', '/admin/library/en');
    expect(after.details.uploads.map((item: { id: number }) => item.id)).not.toContain(upload.details.id);
    expect((await call('DELETE', url)).status).toBe(404);

    // A learner's own text is not an upload, failed or not.
    const own = await call('POST', '/imports', { language: 'en', title: 'Mine', text: 'My own words.' }, learnerToken);
    await failImport(app.database.db, own.details.id, 'internal', new Date());
    expect((await call('DELETE', `/admin/uploads/${own.details.id}`)).status).toBe(404);

    const audit = await app.database.db.execute<{ action: string; upload: string }>(
      sql`select action, target->>'importId' as upload from admin_actions where action = 'upload.delete'`,
    );
    expect(audit.rows).toEqual([{ action: 'upload.delete', upload: String(upload.details.id) }]);
  });
});

describe('videos that will not be made', () => {
  it('marks a video whose transcript job an admin cancels as failed, so it waits no more and is not sent again', async () => {
    const videoId = 'cancelled01';
    const added = await call(
      'POST',
      '/youtube/process',
      { videoURL: `https://youtu.be/${videoId}`, title: 'Gulls', language: 'en' },
      learnerToken,
    );
    expect(added.details).toMatchObject({ videoId, jobStatus: 'created' });
    const job = (await queue('?kind=video-transcript')).jobs[0];
    if (!job) throw new Error('the video has a job');
    expect((await call('POST', `/admin/jobs/video-transcript/${job.id}/cancel`)).status).toBe(200);

    const groups = await call('GET', '/my-videos/en', undefined, learnerToken);
    // Failed: the learner is offered to upload its subtitles or delete it.
    expect(groups.details[0].processingVideos).toMatchObject([{ videoId, jobStatus: 'failed' }]);
    expect(await waitingTranscripts(app.database.db)).toEqual([]);
  });
});

describe('word exports that will not be made', () => {
  /** A learner's Anki export just asked for, with the queue's job that makes it. */
  async function exportWithJob() {
    const known = new Set((await queue('?kind=word-export')).jobs.map((job) => job.id));
    const asked = await call('POST', '/vocabulary/exports', { format: 'anki', language: 'en' }, learnerToken);
    expect(asked.status).toBe(200);
    const job = (await queue('?kind=word-export')).jobs.find((candidate) => !known.has(candidate.id));
    if (!job) throw new Error('the export has a job');
    return { exportId: (asked.details as { id: string }).id, job };
  }
  const exportState = async (exportId: string) =>
    (await call('GET', `/vocabulary/exports/${exportId}`, undefined, learnerToken)).details.status;

  it('lists an export job with its learner, and fails the export when an admin cancels it', async () => {
    const { exportId, job } = await exportWithJob();
    expect(job).toMatchObject({ kind: 'word-export', owner: expect.any(String) });
    expect((await call('POST', `/admin/jobs/word-export/${job.id}/cancel`)).status).toBe(200);
    expect(await exportState(exportId)).toBe('failed');
  });

  it('makes a failed export wait again when an admin retries its job', async () => {
    const { exportId, job } = await exportWithJob();
    // As the job's last attempt leaves them: the job failed, the export marked failed.
    await boss.fail(wordExportQueue, job.id, { message: 'The export could not be made' });
    await failWordExport(app.database.db, exportId);
    expect((await call('POST', `/admin/jobs/word-export/${job.id}/retry`)).status).toBe(200);
    expect(await exportState(exportId)).toBe('pending');
  });
});
