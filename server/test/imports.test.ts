import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importLimits } from '#contract/constants.ts';
import { endpoints } from '#contract/endpoints.ts';
import { envelopeSchema, errorEnvelopeSchema } from '#contract/envelope.ts';
import { dictionaryEntries } from '../src/db/schema/learning.ts';
import { importFailure, runImportJob } from '../src/services/imports/jobs.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { epubOf, zipBomb, zipOf } from './epub-fixtures.ts';
import { authed, multipartBody, signupLearner } from './helpers.ts';

let app: TestApp;
let ip = 0;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

const learner = () => signupLearner(app, `10.9.0.${++ip}`);
const story = Array.from(
  { length: 12 },
  (_, i) => `The lantern in window ${i} burned all night, and the baker watched the quiet street below.`,
).join('\n\n');

async function paste(token: string, body: object) {
  return app.inject({ method: 'POST', url: '/api/v1/imports', headers: authed(token), payload: body });
}

function upload(token: string, file: Buffer | string, filename: string, fields: Record<string, string> = {}) {
  const { payload, contentType } = multipartBody({ name: filename, content: file }, { language: 'en', ...fields });
  return app.inject({
    method: 'POST',
    url: '/api/v1/imports/file',
    headers: { ...authed(token), 'content-type': contentType },
    payload,
  });
}

/** Runs the jobs the routes queued, as the worker would. */
async function runJobs() {
  const log = { warn: () => {} } as unknown as Parameters<typeof runImportJob>[0]['log'];
  for (const id of app.sentImports.splice(0))
    await runImportJob({ db: app.database.db, clock: app.clock.now, log }, id, { lastAttempt: true });
}

async function myTexts(token: string) {
  const response = await app.inject({ method: 'GET', url: '/api/v1/imports/en', headers: authed(token) });
  return envelopeSchema(endpoints.myTexts.details).parse(response.json()).details;
}

async function importCount() {
  const result = await app.database.db.execute<{ n: number }>(sql`select count(*)::int as n from text_imports`);
  return result.rows[0]?.n ?? 0;
}

describe('importing a text', () => {
  it('retries a text its database cannot store, and on the last attempt fails it and tells the job why', async () => {
    const token = await learner();
    expect((await paste(token, { language: 'en', title: 'Night street', text: story })).statusCode).toBe(200);
    const [id] = app.sentImports.splice(0);
    if (id === undefined) throw new Error('no import was queued');
    const database = app.database.db;
    // The pages' transaction fails, as on a database that went away mid-job; the rest of the database answers.
    const failing = new Proxy(database, {
      get: (target, key) =>
        key === 'transaction' ? () => Promise.reject(new Error('database down')) : Reflect.get(target, key, target),
    });
    const log = { warn: () => {} } as unknown as Parameters<typeof runImportJob>[0]['log'];
    const deps = { db: failing, clock: app.clock.now, log };
    await expect(runImportJob(deps, id, { lastAttempt: false })).rejects.toThrow('database down');
    expect((await myTexts(token))[0]).toMatchObject({ status: 'processing' });
    expect(await runImportJob(deps, id, { lastAttempt: true })).toBe(importFailure);
    expect((await myTexts(token))[0]).toMatchObject({ status: 'failed' });
  });

  it('makes a pasted text into pages its learner reads and translates', async () => {
    const token = await learner();
    const response = await paste(token, { language: 'en', title: 'Night street', text: story });
    expect(response.statusCode).toBe(200);
    expect(response.json().details).toMatchObject({ title: 'Night street', status: 'processing', contentId: null });
    await runJobs();
    const [ready] = await myTexts(token);
    expect(ready).toMatchObject({ status: 'ready', pages: 1, words: 12 * 16 });
    const reader = await app.inject({
      method: 'GET',
      url: `/api/v1/content/en/${ready?.contentId}/0`,
      headers: authed(token),
    });
    expect(reader.statusCode).toBe(200);
    const page = envelopeSchema(endpoints.reader.details).parse(reader.json()).details;
    expect(page.sections).toHaveLength(12);
    expect(page.sections[0]?.tokens.find((token) => token.isWord)).toMatchObject({ display: 'The', lowercase: 'the' });
    // Glossed as the library is: what the dictionary knows is there for the page's words.
    await app.database.db
      .insert(dictionaryEntries)
      .values({ sourceLanguage: 'en', targetLanguage: 'de', headword: 'lantern', gloss: 'Laterne', source: 'test' })
      .onConflictDoNothing();
    const translations = await app.inject({
      method: 'GET',
      url: `/api/v1/translations/${ready?.contentId}/0/de/en`,
      headers: authed(token),
    });
    expect(translations.statusCode).toBe(200);
    const lantern = page.sections[0]?.tokens.find((token) => token.lowercase === 'lantern');
    const glosses = envelopeSchema(endpoints.pageTranslations.details).parse(translations.json()).details;
    expect(glosses.find((gloss) => gloss.tokenId === lantern?.id)?.translatesTo).toBe('Laterne');
    const notices = await app.inject({ method: 'GET', url: '/api/v1/notifications', headers: authed(token) });
    expect(notices.json().details.map((n: { code?: string }) => n.code)).toContain('import_ready');
  });

  it('reads a .txt file in a legacy encoding, and subtitles as text', async () => {
    const token = await learner();
    // "Привет, мир." in windows-1251, as old Russian text files are.
    const cyrillic = Buffer.from([0xcf, 0xf0, 0xe8, 0xe2, 0xe5, 0xf2, 0x2c, 0x20, 0xec, 0xe8, 0xf0, 0x2e, 0x20]);
    expect(
      (await upload(token, Buffer.concat(Array(20).fill(cyrillic)), 'privet.txt', { language: 'ru' })).statusCode,
    ).toBe(200);
    const srt =
      '1\n00:00:01,000 --> 00:00:03,000\n<i>Hello</i> there.\n\n2\n00:00:04,000 --> 00:00:06,000\nGeneral Kenobi.\n';
    expect((await upload(token, srt, 'scene.srt')).statusCode).toBe(200);
    await runJobs();
    const [russian] = envelopeSchema(endpoints.myTexts.details).parse(
      (await app.inject({ method: 'GET', url: '/api/v1/imports/ru', headers: authed(token) })).json(),
    ).details;
    expect(russian).toMatchObject({ title: 'privet', status: 'ready' });
    const page = await app.inject({
      method: 'GET',
      url: `/api/v1/content/ru/${russian?.contentId}/0`,
      headers: authed(token),
    });
    expect(page.json().details.sections[0].tokens[0].display).toBe('Привет');
    const [scene] = await myTexts(token);
    const scenePage = await app.inject({
      method: 'GET',
      url: `/api/v1/content/en/${scene?.contentId}/0`,
      headers: authed(token),
    });
    const text = scenePage
      .json()
      .details.sections[0].tokens.map((t: { display: string }) => t.display)
      .join('');
    expect(text).toBe('Hello there. General Kenobi.');
  });

  it('reads an .epub book as pages named after its chapters, without markup or scripts', async () => {
    const token = await learner();
    const paragraph = (word: string) => `<p>The ${word} &amp; the sea&#8212;${Array(30).fill(word).join(' ')}.</p>`;
    const book = epubOf([
      { file: 'cover.xhtml', body: '<div><img src="cover.jpg" alt="Cover"/></div>' },
      {
        file: 'one.xhtml',
        title: 'The Harbour',
        body: `<h1>The Harbour</h1>${paragraph('harbour')}<script>var leaked = "scriptword";</script>`,
      },
      {
        file: 'two.xhtml',
        title: 'The Storm',
        body: `<h2>The Storm</h2><p><b>Thunder</b> rolled.</p>${paragraph('storm')}`,
      },
    ]);
    const response = await upload(token, book, 'Sea Stories.epub');
    expect(response.statusCode).toBe(200);
    expect(response.json().details).toMatchObject({ title: 'Sea Stories', status: 'processing' });
    await runJobs();
    const [ready] = await myTexts(token);
    expect(ready).toMatchObject({ title: 'Sea Stories', status: 'ready', pages: 2 });
    const pages = await Promise.all(
      [0, 1].map(async (pageId) => {
        const url = `/api/v1/content/en/${ready?.contentId}/${pageId}`;
        const answer = await app.inject({ method: 'GET', url, headers: authed(token) });
        return envelopeSchema(endpoints.reader.details).parse(answer.json()).details;
      }),
    );
    expect(pages[0]?.pages.map((page) => page.title)).toEqual(['The Harbour', 'The Storm']);
    const texts = pages.map((page) =>
      page.sections.map((section) => section.tokens.map((t) => t.display).join('')).join('\n'),
    );
    expect(texts[0]).toMatch(/^The harbour & the sea—harbour harbour/);
    expect(texts[1]).toMatch(/^Thunder rolled\.\nThe storm & the sea—storm/);
    for (const text of texts) expect(text).not.toMatch(/[<>]|scriptword|leaked|Cover|var /);
  });

  it.each([
    ['random bytes', Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256)), /not a zip archive/],
    [
      'a zip without container.xml',
      zipOf({ mimetype: 'application/epub+zip', 'OEBPS/one.xhtml': '<p>Words</p>' }),
      /no META-INF\/container.xml/,
    ],
    ['a zip bomb (200 MB of zeros, stated honestly)', zipBomb(200 * 1024 * 1024), /too big once unpacked/],
    ['a zip bomb whose sizes lie (200 MB stated as 4 KB)', zipBomb(200 * 1024 * 1024, 4096), /more than it declares/],
  ])('refuses an .epub that is %s, and stores nothing', async (_, file, reason) => {
    const token = await learner();
    const before = await importCount();
    const response = await upload(token, file, 'book.epub');
    expect(response.statusCode).toBe(400);
    const [detail] = errorEnvelopeSchema.parse(response.json()).details;
    expect(detail).toMatchObject({ code: 'bad_file', field: 'file' });
    expect(detail?.error).toMatch(reason);
    expect(await importCount()).toBe(before);
  });

  it.each([
    ['binary', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01, 0x02, 0x03, 0x00, 0xff]), 'photo.txt', 400],
    ['empty', Buffer.alloc(0), 'empty.txt', 400],
    ['without words', '... --- !!!', 'dots.txt', 400],
    ['of another kind', 'hello', 'book.pdf', 400],
    ['malformed subtitles', 'no timings at all', 'film.srt', 400],
    ['over 5 MB', Buffer.alloc(6 * 1024 * 1024, 'a '), 'huge.txt', 413],
  ])('refuses a file %s and stores nothing', async (_, file, name, status) => {
    const token = await learner();
    const before = await importCount();
    const response = await upload(token, file, name);
    expect(response.statusCode).toBe(status);
    if (status === 400) expect(errorEnvelopeSchema.parse(response.json()).details[0]?.code).toBe('bad_file');
    expect(await importCount()).toBe(before);
  });
});

describe("a learner's own texts", () => {
  it('are not there for another learner or a visitor', async () => {
    const owner = await learner();
    const other = await learner();
    await paste(owner, { language: 'en', title: 'Mine', text: story });
    await runJobs();
    const [mine] = await myTexts(owner);
    const id = mine?.contentId;
    for (const headers of [authed(other), {}]) {
      expect((await app.inject({ method: 'GET', url: `/api/v1/content/en/${id}/0`, headers })).statusCode).toBe(404);
      expect((await app.inject({ method: 'GET', url: `/api/v1/translations/${id}/0/de/en`, headers })).statusCode).toBe(
        404,
      );
    }
    expect(
      (await app.inject({ method: 'GET', url: `/api/v1/userword/page/en/${id}/0`, headers: authed(other) })).statusCode,
    ).toBe(404);
    const page = { contentId: id, pageId: 0, language: 'en' };
    expect(
      (await app.inject({ method: 'POST', url: '/api/v1/user-page', headers: authed(other), payload: page }))
        .statusCode,
    ).toBe(404);
    expect(await myTexts(other)).toEqual([]);
    const library = await app.inject({ method: 'GET', url: '/api/v1/content/en', headers: authed(owner) });
    expect(JSON.stringify(library.json())).not.toContain('"Mine"');
  });

  it('are deleted with their pages, by their learner only', async () => {
    const owner = await learner();
    const other = await learner();
    await paste(owner, { language: 'en', title: 'Gone soon', text: story });
    await runJobs();
    const [text] = await myTexts(owner);
    const url = `/api/v1/imports/en/${text?.id}`;
    expect((await app.inject({ method: 'DELETE', url, headers: authed(other) })).statusCode).toBe(404);
    expect((await app.inject({ method: 'DELETE', url, headers: authed(owner) })).statusCode).toBe(200);
    expect(await myTexts(owner)).toEqual([]);
    const reader = await app.inject({
      method: 'GET',
      url: `/api/v1/content/en/${text?.contentId}/0`,
      headers: authed(owner),
    });
    expect(reader.statusCode).toBe(404);
  });

  it(`stop at ${importLimits.free} for a free learner, however many arrive at once`, async () => {
    const token = await learner();
    const answers = await Promise.all(
      Array.from({ length: importLimits.free + 5 }, (_, i) =>
        paste(token, { language: 'en', title: `Text ${i}`, text: story }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(importLimits.free);
    const refused = answers.find((answer) => answer.statusCode === 403);
    expect(errorEnvelopeSchema.parse(refused?.json()).details[0]?.code).toBe('import_limit');
    app.sentImports.splice(0);
  });
});
