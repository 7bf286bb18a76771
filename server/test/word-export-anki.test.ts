import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import initSqlJs from 'sql.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ankiDeckId, ankiNoteTypeId } from '#contract/anki-package.ts';
import { endpoints } from '#contract/endpoints.ts';
import { envelopeSchema, errorEnvelopeSchema } from '#contract/envelope.ts';
import { storeWordExportFile, wordExportPartBytes } from '../src/db/queries/word-exports.ts';
import {
  runWordExportJob,
  startWordExportWorker,
  wordExportFailure,
  wordExportJobs,
} from '../src/services/exports/jobs.ts';
import { runHousekeeping } from '../src/services/housekeeping.ts';
import { startJobs } from '../src/services/jobs.ts';
import { buildTestApp, type TestApp, testAccountSettings } from './build-test-app.ts';
import { authed, saveWord, signupLearner } from './helpers.ts';
import { openTestDatabase } from './test-database.ts';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp({ accounts: { newUserWordLimit: 100 } });
});
afterAll(() => app.close());

const log = { warn: () => {} } as unknown as Parameters<typeof runWordExportJob>[0]['log'];
const jobDeps = () => ({ db: app.database.db, clock: app.clock.now, log });

const save = (token: string, lowercase: string, level: number, language = 'en') =>
  saveWord(app, token, lowercase, level, language);

async function learnerWithWords() {
  const token = await signupLearner(app);
  await save(token, 'light', 0);
  await save(token, 'cat', 1);
  await save(token, 'storm', 4);
  await save(token, 'hund', 1, 'de');
  const id = await app.database.db.execute<{ id: number }>(sql`select max(id)::int as id from users`);
  const userId = Number(id.rows[0]?.id);
  await app.database.db.execute(sql`update user_words set meaning = 'a <b>lamp</b>', note = ${'first\nsecond'},
      sentence = 'The <light> & the LIGHT; a lighthouse.'
    where user_id = ${userId} and lowercase = 'light'`);
  return token;
}

const start = (token: string | null, body: object) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/vocabulary/exports',
    headers: token ? authed(token) : {},
    payload: body,
  });

async function started(token: string, body: object) {
  const response = await start(token, body);
  expect(response.statusCode, response.body).toBe(200);
  return envelopeSchema(endpoints.startWordExport.details).parse(response.json()).details;
}

/** Runs the export jobs the routes queued, as the worker would. */
async function runJobs() {
  for (const id of app.sentWordExports.splice(0)) {
    expect(await runWordExportJob(jobDeps(), id, { lastAttempt: true })).toBeNull();
  }
}

const state = (token: string, id: string) =>
  app.inject({ method: 'GET', url: `/api/v1/vocabulary/exports/${id}`, headers: authed(token) });
const file = (token: string, id: string) =>
  app.inject({ method: 'GET', url: `/api/v1/vocabulary/exports/${id}/file`, headers: authed(token) });

type Note = { guid: string; mid: number; flds: string[]; sfld: string; csum: number; did: number };

/** Opens a downloaded package: its integrity check, its notes with their cards' decks, its `col` row. */
async function openPackage(bytes: Uint8Array) {
  const files = unzipSync(bytes);
  expect(Object.keys(files).sort()).toEqual(['collection.anki2', 'media']);
  expect(new TextDecoder().decode(files.media)).toBe('{}');
  const SQL = await initSqlJs();
  const database = new SQL.Database(files['collection.anki2']);
  try {
    const rows = (query: string) => {
      const [result] = database.exec(query);
      return (result?.values ?? []) as (string | number)[][];
    };
    const notes: Note[] = rows(
      'select n.guid, n.mid, n.flds, n.sfld, n.csum, c.did from notes n join cards c on c.nid = n.id order by n.sfld',
    ).map(([guid, mid, flds, sfld, csum, did]) => ({
      guid: String(guid),
      mid: Number(mid),
      flds: String(flds).split('\u001f'),
      sfld: String(sfld),
      csum: Number(csum),
      did: Number(did),
    }));
    const [col] = rows('select ver, models, decks from col');
    return {
      integrity: rows('pragma integrity_check')[0]?.[0],
      notes,
      version: Number(col?.[0]),
      models: JSON.parse(String(col?.[1])) as Record<string, { name: string; flds: { name: string }[] }>,
      decks: JSON.parse(String(col?.[2])) as Record<string, { name: string }>,
    };
  } finally {
    database.close();
  }
}

async function exportedPackage(token: string, body: object) {
  const job = await started(token, body);
  await runJobs();
  const response = await file(token, job.id);
  expect(response.statusCode, response.body).toBe(200);
  return { job, response, collection: await openPackage(response.rawPayload) };
}

describe('the Anki export', () => {
  it('answers a pending job, made by the job, then ready with a file named after the language and the day', async () => {
    const token = await learnerWithWords();
    const job = await started(token, { format: 'anki', language: 'en' });
    expect(job).toMatchObject({ status: 'pending', fileName: 'folio-words-en-2026-03-10.apkg' });
    expect((await file(token, job.id)).statusCode).toBe(404);
    await runJobs();
    const ready = envelopeSchema(endpoints.wordExport.details).parse((await state(token, job.id)).json()).details;
    expect(ready.status).toBe('ready');
    const response = await file(token, job.id);
    expect(response.headers['content-type']).toBe('application/apkg');
    expect(response.headers['content-disposition']).toBe('attachment; filename="folio-words-en-2026-03-10.apkg"');
    expect([...response.rawPayload.subarray(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
  });

  it('writes a schema-11 collection that passes SQLite integrity check, with the Folio Word note type', async () => {
    const token = await learnerWithWords();
    const { collection } = await exportedPackage(token, { format: 'anki', language: 'all' });
    expect(collection.integrity).toBe('ok');
    expect(collection.version).toBe(11);
    expect(collection.models[ankiNoteTypeId]?.name).toBe('Folio Word');
    expect(collection.models[ankiNoteTypeId]?.flds.map((field) => field.name)).toEqual([
      'Word',
      'Meaning',
      'Sentence',
      'Note',
      'Level',
    ]);
    expect(collection.decks[ankiDeckId('de')]?.name).toBe('Folio::German');
    expect(collection.notes.find((note) => note.sfld === 'hund')?.did).toBe(ankiDeckId('de'));
    expect(collection.notes.find((note) => note.sfld === 'cat')?.did).toBe(ankiDeckId('en'));
  });

  it('puts the word in bold in its sentence, escapes HTML, and keeps the meaning, the note and the level', async () => {
    const token = await learnerWithWords();
    const { collection } = await exportedPackage(token, { format: 'anki', language: 'en' });
    const light = collection.notes.find((note) => note.sfld === 'light');
    expect(light?.flds).toEqual([
      'light',
      'a &lt;b&gt;lamp&lt;/b&gt;',
      'The &lt;<b>light</b>&gt; &amp; the <b>LIGHT</b>; a lighthouse.',
      'first<br>second',
      '0',
    ]);
  });

  it("fills the sort field and Anki's checksum of the first field (the first 32 bits of its SHA-1)", async () => {
    const token = await learnerWithWords();
    const { collection } = await exportedPackage(token, { format: 'anki', language: 'en' });
    const cat = collection.notes.find((note) => note.sfld === 'cat');
    // sha1("cat") = 9d989e8d27dc9e0ec3389fc855f142c3d40f0c50
    expect(cat?.csum).toBe(0x9d989e8d);
  });

  it('gives a word the same guid, note type and deck in a second export, so Anki updates its notes', async () => {
    const token = await learnerWithWords();
    const first = await exportedPackage(token, { format: 'anki', language: 'all' });
    app.clock.advance(60_000);
    const second = await exportedPackage(token, { format: 'anki', language: 'all' });
    const keys = (notes: Note[]) => notes.map((note) => [note.sfld, note.guid, note.mid, note.did]);
    expect(keys(second.collection.notes)).toEqual(keys(first.collection.notes));
    expect(new Set(first.collection.notes.map((note) => note.guid)).size).toBe(4);
  });

  it("gives another learner's same word another guid", async () => {
    const one = await exportedPackage(await learnerWithWords(), { format: 'anki', language: 'en' });
    const other = await exportedPackage(await learnerWithWords(), { format: 'anki', language: 'en' });
    const guidOf = (notes: Note[]) => notes.find((note) => note.sfld === 'cat')?.guid;
    expect(guidOf(other.collection.notes)).not.toBe(guidOf(one.collection.notes));
  });

  it('exports only the language and the levels asked for', async () => {
    const token = await learnerWithWords();
    const { collection } = await exportedPackage(token, { format: 'anki', language: 'en', levels: [1, 4] });
    expect(collection.notes.map((note) => note.sfld)).toEqual(['cat', 'storm']);
  });

  it('shows an export and its file to its owner only: a visitor gets 401, another learner 404', async () => {
    const token = await learnerWithWords();
    const job = await started(token, { format: 'anki', language: 'en' });
    await runJobs();
    expect((await start(null, { format: 'anki', language: 'en' })).statusCode).toBe(401);
    const visitor = await app.inject({ method: 'GET', url: `/api/v1/vocabulary/exports/${job.id}/file` });
    expect(visitor.statusCode).toBe(401);
    const other = await signupLearner(app);
    for (const response of [await state(other, job.id), await file(other, job.id)]) {
      expect(response.statusCode).toBe(404);
      expect(errorEnvelopeSchema.parse(response.json()).details[0]?.code).toBe('not_found');
    }
  });

  it('expires an export after an hour, and the housekeeping deletes it', async () => {
    const token = await learnerWithWords();
    const job = await started(token, { format: 'anki', language: 'en' });
    await runJobs();
    app.clock.advance(60 * 60 * 1000);
    expect((await state(token, job.id)).statusCode).toBe(404);
    expect((await file(token, job.id)).statusCode).toBe(404);
    const deleted = await runHousekeeping(app.database.db, testAccountSettings, app.clock.now());
    expect(deleted.wordExports).toBeGreaterThanOrEqual(1);
    const left = await app.database.db.execute(sql`select id from word_exports where id = ${job.id}`);
    expect(left.rows).toEqual([]);
  });

  it('retries an export whose words cannot be read, and on the last attempt fails it and tells the job why', async () => {
    const token = await learnerWithWords();
    const job = await started(token, { format: 'anki', language: 'en' });
    const [id] = app.sentWordExports.splice(0);
    const database = app.database.db;
    // The words' pages fail, as on a database that went away mid-job; the rest of the database answers.
    const down = () => {
      throw new Error('database down');
    };
    const failingDb = new Proxy(database, {
      get: (target, key) =>
        key === '_' ? { ...target._, session: { prepareQuery: down } } : Reflect.get(target, key, target),
    });
    const failing = { ...jobDeps(), db: failingDb };
    await expect(runWordExportJob(failing, String(id), { lastAttempt: false })).rejects.toThrow('database down');
    expect(await runWordExportJob(failing, String(id), { lastAttempt: true })).toBe(wordExportFailure);
    const failed = envelopeSchema(endpoints.wordExport.details).parse((await state(token, job.id)).json()).details;
    expect(failed.status).toBe('failed');
  });

  it.each([
    [{ format: 'csv', language: 'en' }, 'format'],
    [{ format: 'anki', language: 'xx' }, 'language'],
    [{ format: 'anki', language: 'en', levels: [7] }, 'levels'],
  ])('answers %j with a 400 naming the field', async (body, field) => {
    const token = await signupLearner(app);
    const response = await start(token, body);
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(errorEnvelopeSchema.parse(response.json()).details)).toContain(field);
  });

  it('keeps a file of several parts whole, and sends it back byte for byte', async () => {
    const token = await learnerWithWords();
    const job = await started(token, { format: 'anki', language: 'en' });
    app.sentWordExports.splice(0);
    const bytes = randomBytes(wordExportPartBytes * 2 + 1000);
    await storeWordExportFile(app.database.db, job.id, bytes);
    const response = await file(token, job.id);
    expect(response.statusCode).toBe(200);
    expect(Buffer.compare(response.rawPayload, bytes)).toBe(0);
  });

  it('lets a learner start 20 exports in 10 minutes', async () => {
    const token = await signupLearner(app);
    for (let i = 0; i < 20; i++) {
      expect((await start(token, { format: 'anki', language: 'en' })).statusCode).toBe(200);
    }
    const limited = await start(token, { format: 'anki', language: 'en' });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('answers an export id that is not one with a 400', async () => {
    const token = await signupLearner(app);
    expect((await state(token, 'not-an-id')).statusCode).toBe(400);
  });
});

describe('the Anki export through pg-boss', () => {
  it('is made by a worker of the queue, as in production, and then downloads', async () => {
    const database = await openTestDatabase();
    const boss = await startJobs(database.connectionString, { error: () => {} }, { workers: true });
    const own = await buildTestApp({ database, wordExportJobs: wordExportJobs(boss) });
    try {
      await startWordExportWorker(boss, { db: own.database.db, clock: own.clock.now, log });
      const token = await signupLearner(own);
      await saveWord(own, token, 'lantern', 2);
      const response = await own.inject({
        method: 'POST',
        url: '/api/v1/vocabulary/exports',
        headers: authed(token),
        payload: { format: 'anki', language: 'en' },
      });
      const job = envelopeSchema(endpoints.startWordExport.details).parse(response.json()).details;
      await vi.waitFor(
        async () => {
          const answer = await own.inject({
            method: 'GET',
            url: `/api/v1/vocabulary/exports/${job.id}`,
            headers: authed(token),
          });
          expect(envelopeSchema(endpoints.wordExport.details).parse(answer.json()).details.status).toBe('ready');
        },
        { timeout: 20_000, interval: 200 },
      );
      const downloaded = await own.inject({
        method: 'GET',
        url: `/api/v1/vocabulary/exports/${job.id}/file`,
        headers: authed(token),
      });
      expect((await openPackage(downloaded.rawPayload)).notes.map((note) => note.sfld)).toEqual(['lantern']);
    } finally {
      await boss.stop({ graceful: false });
      await own.close();
    }
  });
});
