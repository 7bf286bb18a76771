import type { PgBoss } from 'pg-boss';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { endpoints } from '#contract/endpoints.ts';
import { DONE_MESSAGE, envelopeSchema, errorEnvelopeSchema } from '#contract/envelope.ts';
import { transcriptBatchSize } from '../src/routes/videos.ts';
import { pgBossQueueAdmin } from '../src/services/job-queue.ts';
import { startJobs } from '../src/services/jobs.ts';
import { runTranscriptJob, startTranscriptWorker, transcriptJobs } from '../src/services/videos/jobs.ts';
import { youtubeTranscriptSource } from '../src/services/videos/youtube-source.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { startFakeYouTube } from './fake-youtube.ts';
import { authed, multipartBody, signupLearner } from './helpers.ts';
import { openTestDatabase } from './test-database.ts';

const lake = 'lakewalk001';
const silent = 'nocaptions1';
const broken = 'brokendoc01';
const german = 'germanonly1';
/** An eight-minute video's captions, as YouTube splits them: fragments of sentences (120 sentences in all). */
const lakeCaptions = Array.from({ length: 240 }, (_, n) => ({
  start: n * 2,
  dur: 2,
  text: n % 2 === 0 ? `Line ${n / 2} starts` : 'and it ends here.',
}));

let fake: Awaited<ReturnType<typeof startFakeYouTube>>;
let app: TestApp;
const silentLog = { warn: () => {}, error: () => {}, info: () => {} } as unknown as Parameters<
  typeof runTranscriptJob
>[0]['log'];

beforeAll(async () => {
  fake = await startFakeYouTube({
    [lake]: { captions: { en: lakeCaptions, de: [{ start: 0, dur: 2, text: 'Hallo Welt.' }] } },
    [silent]: { captions: {} },
    [broken]: { malformed: true },
    [german]: { captions: { de: [{ start: 1, dur: 2, text: 'Nur Deutsch.' }] } },
  });
});
afterAll(() => fake.close());

afterEach(async () => {
  fake.up();
  await app?.close();
});

const source = () => youtubeTranscriptSource({ baseUrl: fake.baseUrl, timeoutMs: 5000 });

function jobDeps(target: TestApp) {
  return { db: target.database.db, source: source(), clock: target.clock.now, log: silentLog };
}

async function process(target: TestApp, token: string, videoId: string, language = 'en') {
  return target.inject({
    method: 'POST',
    url: '/api/v1/youtube/process',
    headers: authed(token),
    payload: { videoURL: `https://www.youtube.com/watch?v=${videoId}`, title: `Video ${videoId}`, language },
  });
}

async function groups(target: TestApp, token: string, lang = 'en') {
  const response = await target.inject({ method: 'GET', url: `/api/v1/my-videos/${lang}`, headers: authed(token) });
  return envelopeSchema(endpoints.myVideos.details).parse(response.json()).details;
}

async function transcriptPage(target: TestApp, token: string, videoId: string, index: number, lang = 'en') {
  return target.inject({ method: 'GET', url: `/api/v1/youtube/${lang}/${videoId}/${index}`, headers: authed(token) });
}

/** Adds a video and runs its job as the worker would. */
async function addAndProcess(target: TestApp, token: string, videoId: string, language = 'en') {
  expect((await process(target, token, videoId, language)).statusCode).toBe(200);
  const transcriptId = target.sentTranscripts.at(-1);
  if (transcriptId === undefined) throw new Error('No job was queued');
  await runTranscriptJob(jobDeps(target), transcriptId, { lastAttempt: false });
  return transcriptId;
}

function errorOf(response: { json: () => unknown }) {
  return errorEnvelopeSchema.parse(response.json()).details[0];
}

describe('adding a video', () => {
  it('needs a login', async () => {
    app = await buildTestApp();
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/youtube/process',
      payload: { videoURL: `https://youtu.be/${lake}`, title: 'x', language: 'en' },
    });
    expect(response.statusCode).toBe(401);
  });

  it('queues a job and lists the video as waiting', async () => {
    app = await buildTestApp();
    const token = await signupLearner(app);
    const response = await process(app, token, lake);
    expect(envelopeSchema(endpoints.processVideo.details).parse(response.json()).details).toMatchObject({
      videoId: lake,
      jobStatus: 'created',
    });
    expect(app.sentTranscripts).toHaveLength(1);
    expect((await groups(app, token))[0]?.processingVideos).toMatchObject([{ videoId: lake, jobStatus: 'created' }]);
  });

  it('refuses a link that is not a video', async () => {
    app = await buildTestApp();
    const token = await signupLearner(app);
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/youtube/process',
      headers: authed(token),
      payload: { videoURL: 'https://example.com/watch?v=abc', title: 'x', language: 'en' },
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toMatchObject({ code: 'invalid_input', field: 'videoURL' });
  });
});

describe('the transcript job', () => {
  it("turns the captions into sentence-sized sections with their start and the reader's tokens", async () => {
    app = await buildTestApp();
    const token = await signupLearner(app);
    await addAndProcess(app, token, lake);
    expect((await groups(app, token))[0]?.videos).toEqual([{ videoId: lake, title: `Video ${lake}` }]);
    const first = envelopeSchema(endpoints.transcript.details).parse(
      (await transcriptPage(app, token, lake, 0)).json(),
    );
    expect(first.details).toHaveLength(transcriptBatchSize);
    expect(first.details[1]?.offset).toBe(4);
    const words = first.details[1]?.tokens.filter((token) => token.isWord).map((token) => token.lowercase);
    expect(words).toEqual(['line', '1', 'starts', 'and', 'it', 'ends', 'here']);
  });

  it("answers the learner's saved words that occur in the transcript, in its language only", async () => {
    app = await buildTestApp();
    const token = await signupLearner(app);
    await addAndProcess(app, token, lake);
    for (const [lowercase, level, language] of [
      ['starts', 2, 'en'],
      ['lake', 3, 'en'],
      ['ends', 1, 'de'],
    ] as const) {
      const saved = await app.inject({
        method: 'POST',
        url: '/api/v1/userword',
        headers: authed(token),
        payload: { lowercase, level, language },
      });
      expect(saved.statusCode).toBe(200);
    }
    const words = (videoId: string, learner = token) =>
      app.inject({ method: 'GET', url: `/api/v1/userword/video/en/${videoId}`, headers: authed(learner) });
    expect(envelopeSchema(endpoints.videoWords.details).parse((await words(lake)).json()).details).toEqual([
      { lowercase: 'starts', level: 2, language: 'en' },
    ]);
    expect((await words(lake, await signupLearner(app))).statusCode).toBe(404);
    expect((await words('notmine0001')).statusCode).toBe(404);
  });

  it("answers 'done' past the end of the transcript", async () => {
    app = await buildTestApp();
    const token = await signupLearner(app);
    await addAndProcess(app, token, lake);
    const response = await transcriptPage(app, token, lake, 120);
    expect(response.json()).toEqual({ message: DONE_MESSAGE, status: 200, details: [] });
  });

  it('pages a long transcript in bounded batches', async () => {
    app = await buildTestApp();
    const token = await signupLearner(app);
    await addAndProcess(app, token, lake);
    const page = envelopeSchema(endpoints.transcript.details).parse(
      (await transcriptPage(app, token, lake, 100)).json(),
    );
    expect(page.details).toHaveLength(20);
    expect(page.details[0]?.offset).toBe(400);
  });

  it('fails at once, with the reason, for a video without captions in its language, and tells the learner', async () => {
    app = await buildTestApp();
    const token = await signupLearner(app);
    await addAndProcess(app, token, german, 'en');
    expect((await groups(app, token))[0]?.processingVideos).toMatchObject([{ videoId: german, jobStatus: 'failed' }]);
    const notifications = await app.inject({ method: 'GET', url: '/api/v1/notifications', headers: authed(token) });
    const [failed] = envelopeSchema(endpoints.notifications.details).parse(notifications.json()).details;
    // A code and its parameters for the SPA to word in the learner's language; English text for other clients.
    expect(failed).toMatchObject({
      code: 'video_failed',
      params: { title: `Video ${german}`, reason: 'no_captions_in_language', available: 'de' },
      message: expect.stringContaining('no captions in this language'),
    });
  });

  it('fails a video whose caption document is not one', async () => {
    app = await buildTestApp();
    const token = await signupLearner(app);
    await addAndProcess(app, token, broken);
    expect((await groups(app, token))[0]?.processingVideos).toMatchObject([{ jobStatus: 'failed' }]);
  });

  it('retries while YouTube cannot be reached, and fails on the last attempt', async () => {
    app = await buildTestApp();
    const token = await signupLearner(app);
    await process(app, token, lake);
    const transcriptId = app.sentTranscripts[0] ?? 0;
    fake.down();
    await expect(runTranscriptJob(jobDeps(app), transcriptId, { lastAttempt: false })).rejects.toThrow();
    expect((await groups(app, token))[0]?.processingVideos).toMatchObject([{ jobStatus: 'retry' }]);
    expect(await runTranscriptJob(jobDeps(app), transcriptId, { lastAttempt: true })).toEqual({
      failure: 'unreachable',
      message: 'YouTube could not be reached',
    });
    expect((await groups(app, token))[0]?.processingVideos).toMatchObject([{ jobStatus: 'failed' }]);
  });

  it('runs through pg-boss: a worker makes the transcript of a video added through the API', async () => {
    let boss: PgBoss | undefined;
    app = await buildTestApp({
      transcriptJobs: {
        send: async (id) => {
          if (boss) await transcriptJobs(boss).send(id);
        },
      },
    });
    boss = await startJobs(app.database.connectionString, { error: () => {} }, { workers: true });
    try {
      await startTranscriptWorker(boss, jobDeps(app));
      const token = await signupLearner(app);
      expect((await process(app, token, lake)).statusCode).toBe(200);
      await vi.waitFor(async () => expect((await groups(app, token))[0]?.videos).toHaveLength(1), {
        timeout: 20_000,
        interval: 200,
      });
    } finally {
      await boss.stop({ graceful: false });
    }
  });
});

describe("the admin's queue", () => {
  it('shows the job of a video without captions as failed, with the reason, not done', async () => {
    // pg-boss runs on the app's own database, as in production; its admin reads the queue the worker writes.
    const database = await openTestDatabase();
    const boss = await startJobs(database.connectionString, { error: () => {} }, { workers: true });
    app = await buildTestApp({ database, transcriptJobs: transcriptJobs(boss), jobQueue: pgBossQueueAdmin(boss) });
    try {
      await startTranscriptWorker(boss, jobDeps(app));
      const token = await signupLearner(app);
      expect((await process(app, token, silent)).statusCode).toBe(200);
      await vi.waitFor(
        async () => expect((await groups(app, token))[0]?.processingVideos).toMatchObject([{ jobStatus: 'failed' }]),
        { timeout: 20_000, interval: 200 },
      );
      const admin = await app.inject({
        method: 'POST',
        url: '/api/v1/signup',
        payload: {
          username: 'theboss',
          email: 'boss@folio.test',
          password: 'bossword42',
          confirmPassword: 'bossword42',
        },
      });
      const adminToken = envelopeSchema(endpoints.signup.details).parse(admin.json()).details.token;
      await vi.waitFor(
        async () => {
          const response = await app.inject({
            method: 'GET',
            url: '/api/v1/admin/jobs?kind=video-transcript',
            headers: authed(adminToken),
          });
          const { counts, jobs } = envelopeSchema(endpoints.adminJobs.details).parse(response.json()).details;
          expect(counts).toMatchObject({ failed: 1, completed: 0 });
          expect(jobs).toMatchObject([
            { state: 'failed', error: expect.stringMatching(/captions/i), failure: 'no_captions', attempts: 0 },
          ]);
        },
        { timeout: 10_000, interval: 200 },
      );
    } finally {
      await boss.stop({ graceful: false });
    }
  });
});

describe('subtitle upload', () => {
  const srt =
    '1\n00:00:01,000 --> 00:00:03,000\n<i>Hello there.</i>\n\n2\n00:00:04,500 --> 00:00:06,000\nHow are you?\n';
  const vtt =
    'WEBVTT\n\n00:00:01.000 --> 00:00:03.000 align:start\nHello there.\n\nNOTE a comment\n\n00:00:04.500 --> 00:00:06.000\n<c.yellow>How are you?</c>\n';

  async function upload(target: TestApp, token: string, videoId: string, content: Buffer | string, name = 'a.srt') {
    const { payload, contentType } = multipartBody({ name, content });
    return target.inject({
      method: 'POST',
      url: `/api/v1/youtube/en/${videoId}/subtitles`,
      headers: { ...authed(token), 'content-type': contentType },
      payload,
    });
  }

  async function failedVideo(target: TestApp) {
    const token = await signupLearner(target);
    await addAndProcess(target, token, silent);
    return token;
  }

  it.each([
    ['SRT', srt, 'a.srt'],
    ['WebVTT', vtt, 'a.vtt'],
  ])('makes a failed video readable from a good %s file, tags stripped', async (_kind, file, name) => {
    app = await buildTestApp();
    const token = await failedVideo(app);
    const response = await upload(app, token, silent, file, name);
    expect(response.statusCode).toBe(200);
    const transcriptId = app.sentTranscripts.at(-1) ?? 0;
    await runTranscriptJob(jobDeps(app), transcriptId, { lastAttempt: false });
    const page = envelopeSchema(endpoints.transcript.details).parse(
      (await transcriptPage(app, token, silent, 0)).json(),
    );
    expect(page.details.map((section) => section.tokens.map((token) => token.display).join(''))).toEqual([
      'Hello there.',
      'How are you?',
    ]);
    expect(page.details.map((section) => section.offset)).toEqual([1, 4.5]);
  });

  it.each([
    ['a binary file', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff, 0xfe, 0x00])],
    ['an empty file', ''],
    ['text that is not subtitles', 'Just some words, no timings at all.'],
  ])('refuses %s with bad_subtitles', async (_kind, file) => {
    app = await buildTestApp();
    const token = await failedVideo(app);
    const response = await upload(app, token, silent, file);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)?.code).toBe('bad_subtitles');
  });

  it('refuses a file over 2 MB', async () => {
    app = await buildTestApp();
    const token = await failedVideo(app);
    const response = await upload(app, token, silent, `${srt}${'x'.repeat(3 * 1024 * 1024)}`);
    expect(response.statusCode).toBe(413);
  });

  it("will not replace a finished video's transcript", async () => {
    app = await buildTestApp();
    const token = await signupLearner(app);
    await addAndProcess(app, token, lake);
    expect((await upload(app, token, lake, srt)).statusCode).toBe(404);
  });
});

describe('the video limit', () => {
  it('refuses the video over the limit with video_limit', async () => {
    app = await buildTestApp();
    const token = await signupLearner(app);
    expect((await process(app, token, lake)).statusCode).toBe(200);
    expect((await process(app, token, german, 'de')).statusCode).toBe(200);
    const response = await process(app, token, broken);
    expect(response.statusCode).toBe(403);
    expect(errorOf(response)?.code).toBe('video_limit');
  });

  it('lets exactly one of 10 parallel requests through at the edge', async () => {
    app = await buildTestApp();
    const token = await signupLearner(app);
    await process(app, token, lake);
    const ids = Array.from({ length: 10 }, (_, n) => `parallel${String(n).padStart(3, '0')}`);
    const responses = await Promise.all(ids.map((id) => process(app, token, id)));
    expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(1);
    expect(responses.filter((response) => response.statusCode === 403)).toHaveLength(9);
  });

  it('does not count failed videos', async () => {
    app = await buildTestApp();
    const token = await signupLearner(app);
    await addAndProcess(app, token, silent);
    await addAndProcess(app, token, broken);
    expect((await process(app, token, lake)).statusCode).toBe(200);
  });

  it('renews every 7 days', async () => {
    app = await buildTestApp();
    const token = await signupLearner(app);
    await process(app, token, lake);
    await process(app, token, german, 'de');
    app.clock.advance(7 * 86_400_000);
    expect((await process(app, token, broken)).statusCode).toBe(200);
  });
});

describe('sharing and ownership', () => {
  it('gives a second learner the finished transcript at once, without a job', async () => {
    app = await buildTestApp();
    const first = await signupLearner(app);
    await addAndProcess(app, first, lake);
    const second = await signupLearner(app, '10.1.0.2');
    const jobs = app.sentTranscripts.length;
    expect((await process(app, second, lake)).statusCode).toBe(200);
    expect(app.sentTranscripts).toHaveLength(jobs);
    expect((await groups(app, second))[0]?.videos).toHaveLength(1);
    expect(await groups(app, first)).toHaveLength(1);
  });

  it("answers 404 for another learner's video, to read or to delete", async () => {
    app = await buildTestApp();
    const owner = await signupLearner(app);
    await addAndProcess(app, owner, lake);
    const other = await signupLearner(app, '10.1.0.3');
    expect((await transcriptPage(app, other, lake, 0)).statusCode).toBe(404);
    const deleted = await app.inject({ method: 'DELETE', url: `/api/v1/youtube/en/${lake}`, headers: authed(other) });
    expect(deleted.statusCode).toBe(404);
    expect((await groups(app, owner))[0]?.videos).toHaveLength(1);
  });

  it("deletes a video from the learner's list", async () => {
    app = await buildTestApp();
    const token = await signupLearner(app);
    await addAndProcess(app, token, silent);
    const deleted = await app.inject({ method: 'DELETE', url: `/api/v1/youtube/en/${silent}`, headers: authed(token) });
    expect(deleted.statusCode).toBe(200);
    expect(await groups(app, token)).toEqual([]);
  });
});

describe('adding a video again', () => {
  it('costs nothing while it is in the list, even at the limit', async () => {
    app = await buildTestApp();
    const token = await signupLearner(app);
    await process(app, token, lake);
    await process(app, token, german, 'de');
    expect((await process(app, token, lake)).statusCode).toBe(200);
    expect((await groups(app, token)).flatMap((group) => group.processingVideos)).toHaveLength(2);
  });
});
