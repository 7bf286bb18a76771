import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maxCoverageIds, maxNewWordsListed } from '#contract/constants.ts';
import { endpoints } from '#contract/endpoints.ts';
import { envelopeSchema, errorEnvelopeSchema } from '#contract/envelope.ts';
import { migrateDatabase } from '../src/db/migrate.ts';
import { runImportJob } from '../src/services/imports/jobs.ts';
import { type SeedFile, seedContent } from '../src/services/seed.ts';
import { runTranscriptJob } from '../src/services/videos/jobs.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { authed, saveWord, signupLearner } from './helpers.ts';
import { openTestDatabase } from './test-database.ts';

let app: TestApp;
let admin: string;
let learner: string;
let other: string;
const silentLog = { warn: () => {}, error: () => {}, info: () => {} } as unknown as Parameters<
  typeof runImportJob
>[0]['log'];

/** A Spanish starter library of three texts: repeats in two capitals, punctuation only, and a long tail. */
function spanish(pages: { casa: string }): SeedFile {
  const text = (slug: string, title: string, body: string) => ({
    slug,
    title,
    description: '',
    pageType: 'page' as const,
    pages: [{ title: '', text: body }],
  });
  const tail = Array.from({ length: maxNewWordsListed + 20 }, (_, n) => `palabra${n}`).join(' ');
  return {
    language: 'es',
    categories: [
      {
        title: 'Casa',
        subCategories: [
          {
            title: 'Textos',
            description: '',
            contents: [
              text('cov-es-casa', 'La casa', pages.casa),
              text('cov-es-empty', 'Nada', '… — ¡¿?! …'),
              text('cov-es-tail', 'Muchas', `${tail} casa casa`),
            ],
          },
        ],
      },
    ],
  };
}

const casaText = 'Casa casa casa. La casa es mi casa. El gato duerme.';

beforeAll(async () => {
  app = await buildTestApp();
  await seedContent(app.database.db, [spanish({ casa: casaText })]);
  const signup = await app.inject({
    method: 'POST',
    url: '/api/v1/signup',
    payload: { username: 'theboss', email: 'boss@folio.test', password: 'bossword42', confirmPassword: 'bossword42' },
  });
  admin = envelopeSchema(endpoints.signup.details).parse(signup.json()).details.token;
  learner = await signupLearner(app, '10.9.0.1');
  other = await signupLearner(app, '10.9.0.2');
});
afterAll(() => app.close());

async function get(url: string, token?: string) {
  const response = await app.inject({ method: 'GET', url: `/api/v1${url}`, headers: token ? authed(token) : {} });
  return { status: response.statusCode, json: response.json() as unknown };
}

async function texts(ids: readonly number[], token = learner, lang = 'es') {
  const answer = await get(`/coverage/texts/${lang}?ids=${ids.join(',')}`, token);
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  return envelopeSchema(endpoints.textCoverage.details).parse(answer.json).details;
}

async function newWords(id: number, token = learner, lang = 'es') {
  const answer = await get(`/coverage/new-words/${lang}/${id}`, token);
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  return envelopeSchema(endpoints.textNewWords.details).parse(answer.json).details;
}

function refusal(answer: { status: number; json: unknown }) {
  const detail = errorEnvelopeSchema.parse(answer.json).details[0];
  return { status: answer.status, code: detail?.code, field: detail?.field };
}

const save = (token: string, lowercase: string, level: number, language = 'es') =>
  saveWord(app, token, lowercase, level, language);

async function contentId(slug: string): Promise<number> {
  const result = await app.database.db.execute<{ id: number }>(sql`select id from contents where slug = ${slug}`);
  const id = result.rows[0]?.id;
  if (id === undefined) throw new Error(`no content ${slug}`);
  return id;
}

async function vocabulary(id: number) {
  const result = await app.database.db.execute<{ lowercase: string; occurrences: number }>(
    sql`select lowercase, occurrences from content_words where content_id = ${id} order by lowercase`,
  );
  return Object.fromEntries(result.rows.map((row) => [row.lowercase, row.occurrences]));
}

async function runImports() {
  for (const id of app.sentImports.splice(0))
    await runImportJob({ db: app.database.db, clock: app.clock.now, log: silentLog }, id, { lastAttempt: true });
}

/** A Spanish text the learner pastes, made into pages: its content's id. */
async function importedText(token: string, title: string, text: string): Promise<number> {
  const started = await app.inject({
    method: 'POST',
    url: '/api/v1/imports',
    headers: authed(token),
    payload: { language: 'es', title, text },
  });
  expect(started.statusCode, started.body).toBe(200);
  await runImports();
  const mine = envelopeSchema(endpoints.myTexts.details).parse(
    (await app.inject({ method: 'GET', url: '/api/v1/imports/es', headers: authed(token) })).json(),
  ).details;
  const id = mine.find((text) => text.title === title)?.contentId;
  if (!id) throw new Error('import not ready');
  return id;
}

describe("a text's vocabulary, stored with its pages", () => {
  it('is written when the starter library is seeded: each word once, its occurrences over the text', async () => {
    expect(await vocabulary(await contentId('cov-es-casa'))).toEqual({
      casa: 5,
      duerme: 1,
      el: 1,
      es: 1,
      gato: 1,
      la: 1,
      mi: 1,
    });
    expect(await vocabulary(await contentId('cov-es-empty'))).toEqual({});
  });

  it("is written when a learner's import is made into pages", async () => {
    const token = await signupLearner(app, '10.9.0.3');
    const id = await importedText(token, 'Mío', 'El perro y el gato. El perro duerme.');
    expect(await vocabulary(id)).toEqual({ duerme: 1, el: 3, gato: 1, perro: 2, y: 1 });
    expect((await texts([id], token))[0]).toMatchObject({ id, wordTokens: 8, newWords: 5 });
    expect(refusal(await get(`/coverage/texts/es?ids=${id}`, learner))).toMatchObject({
      status: 404,
      code: 'not_found',
    });
    expect((await get(`/coverage/new-words/es/${id}`, learner)).status).toBe(404);
  });

  it("is written when an admin's upload is made into chapters; learners may not read the draft", async () => {
    const category = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/categories',
      headers: authed(admin),
      payload: { language: 'es', title: 'Subidas' },
    });
    const sub = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/sub-categories',
      headers: authed(admin),
      payload: { categoryId: category.json().details.id, title: 'Nuevas', description: '' },
    });
    const upload = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/contents',
      headers: authed(admin),
      payload: {
        subCategoryId: sub.json().details.id,
        title: 'Dos ríos',
        description: '',
        level: 'B1',
        chapters: [
          { title: 'Uno', text: 'El río corre.' },
          { title: 'Dos', text: 'El río duerme.' },
        ],
      },
    });
    expect(upload.statusCode, upload.body).toBe(200);
    await runImports();
    const id = await contentId(`upload-${upload.json().details.id}`);
    expect(await vocabulary(id)).toEqual({ corre: 1, duerme: 1, el: 2, río: 2 });
    expect((await texts([id], admin))[0]).toMatchObject({ wordTokens: 6, newWords: 4 });
    expect((await get(`/coverage/texts/es?ids=${id}`, learner)).status).toBe(404);
  });

  it('is written when a transcript is stored, and read for the learner’s own videos only', async () => {
    const videoId = 'gatovideo01';
    const added = await app.inject({
      method: 'POST',
      url: '/api/v1/youtube/process',
      headers: authed(learner),
      payload: { videoURL: `https://youtu.be/${videoId}`, title: 'Gatos', language: 'es' },
    });
    expect(added.statusCode, added.body).toBe(200);
    const processing = await get(`/coverage/videos/es?ids=${videoId}`, learner);
    expect(envelopeSchema(endpoints.videoCoverage.details).parse(processing.json).details).toEqual([
      expect.objectContaining({ videoId, wordTokens: 0, knownPercent: null, band: null }),
    ]);
    const transcriptId = app.sentTranscripts.at(-1);
    if (transcriptId === undefined) throw new Error('no transcript job');
    const source = { fetchCues: async () => [{ text: 'El gato. El gato duerme.', start: 0 }] };
    await runTranscriptJob({ db: app.database.db, source, clock: app.clock.now, log: silentLog }, transcriptId, {
      lastAttempt: true,
    });
    await save(learner, 'gato', 4);
    const answer = await get(`/coverage/videos/es?ids=${videoId}`, learner);
    expect(envelopeSchema(endpoints.videoCoverage.details).parse(answer.json).details).toEqual([
      {
        videoId,
        wordTokens: 5,
        knownTokens: 2,
        familiarTokens: 2,
        newWords: 2,
        knownPercent: 40,
        familiarPercent: 40,
        band: 'hard',
      },
    ]);
    await save(learner, 'gato duerme', 4);
    const withPhrase = await get(`/coverage/videos/es?ids=${videoId}`, learner);
    expect(envelopeSchema(endpoints.videoCoverage.details).parse(withPhrase.json).details).toEqual([
      expect.objectContaining({ knownTokens: 3, familiarTokens: 3, newWords: 2 }),
    ]);
    expect((await get(`/coverage/videos/es?ids=${videoId}`, other)).status).toBe(404);
    expect((await get(`/coverage/videos/de?ids=${videoId}`, learner)).status).toBe(404);
  });

  it('is written afresh when the starter library changes a text', async () => {
    await seedContent(app.database.db, [spanish({ casa: 'El perro come.' })]);
    expect(await vocabulary(await contentId('cov-es-casa'))).toEqual({ come: 1, el: 1, perro: 1 });
    await seedContent(app.database.db, [spanish({ casa: casaText })]);
    expect(await vocabulary(await contentId('cov-es-casa'))).toEqual(expect.objectContaining({ casa: 5 }));
  });
});

describe('the known-word figures of texts', () => {
  it('answers every text asked for in one call, in the order asked, and follows a level change on the next call', async () => {
    const token = await signupLearner(app, '10.9.0.4');
    const casa = await contentId('cov-es-casa');
    const empty = await contentId('cov-es-empty');
    expect(await texts([casa, empty, casa], token)).toEqual([
      {
        id: casa,
        wordTokens: 11,
        knownTokens: 0,
        familiarTokens: 0,
        newWords: 7,
        knownPercent: 0,
        familiarPercent: 0,
        band: 'hard',
      },
      expect.objectContaining({ id: empty, wordTokens: 0, knownPercent: null, familiarPercent: null, band: null }),
    ]);
    await save(token, 'casa', 4);
    await save(token, 'la', 2);
    await save(token, 'el', 0);
    expect((await texts([casa], token))[0]).toMatchObject({
      knownTokens: 5,
      familiarTokens: 6,
      newWords: 5,
      knownPercent: 45.4,
      familiarPercent: 54.5,
      band: 'hard',
    });
    for (const word of ['el', 'es', 'mi', 'gato']) await save(token, word, 3);
    expect((await texts([casa], token))[0]).toMatchObject({ familiarPercent: 90.9, newWords: 1, band: 'hard' });
    await save(token, 'duerme', 1);
    expect((await texts([casa], token))[0]).toMatchObject({
      knownPercent: 45.4,
      familiarPercent: 100,
      newWords: 0,
      band: 'comfortable',
    });
  });

  it('answers 401 to a visitor, 404 for a text the learner may not read, 400 for a list it cannot take', async () => {
    const casa = await contentId('cov-es-casa');
    expect(refusal(await get(`/coverage/texts/es?ids=${casa}`))).toMatchObject({ status: 401, code: 'unauthorized' });
    expect((await get(`/coverage/videos/es?ids=abcdefghijk`)).status).toBe(401);
    expect((await get(`/coverage/new-words/es/${casa}`)).status).toBe(401);
    expect(refusal(await get(`/coverage/texts/de?ids=${casa}`, learner))).toMatchObject({ status: 404 });
    expect(refusal(await get(`/coverage/texts/es?ids=${casa},999999`, learner))).toMatchObject({ status: 404 });
    expect((await get('/coverage/new-words/es/999999', learner)).status).toBe(404);
    const tooMany = Array.from({ length: maxCoverageIds + 1 }, () => casa).join(',');
    for (const query of [`ids=${tooMany}`, 'ids=1,a', 'ids=', 'ids=1,,2', 'ids=-1', 'ids=2147483648', '']) {
      expect(refusal(await get(`/coverage/texts/es?${query}`, learner)), query).toEqual({
        status: 400,
        code: 'invalid_input',
        field: 'ids',
      });
    }
    expect(refusal(await get('/coverage/videos/es?ids=short', learner))).toMatchObject({ status: 400, field: 'ids' });
    expect(refusal(await get(`/coverage/texts/xx?ids=${casa}`, learner))).toMatchObject({
      status: 400,
      field: 'targetLang',
    });
    expect((await get(`/coverage/new-words/es/abc`, learner)).status).toBe(400);
    const words = await app.database.db.execute<{ n: number }>(sql`select count(*)::int as n from content_words`);
    expect(words.rows[0]?.n).toBeGreaterThan(0);
  });
});

describe("the learner's saved phrases in the figures", () => {
  async function pairs(id: number) {
    const result = await app.database.db.execute<{ pair: string; occurrences: number }>(
      sql`select pair, occurrences from content_word_pairs where content_id = ${id} order by pair`,
    );
    return Object.fromEntries(result.rows.map((row) => [row.pair, row.occurrences]));
  }

  it("stores a text's pairs of words with its vocabulary, never across a sentence end", async () => {
    expect(await pairs(await contentId('cov-es-casa'))).toEqual({
      'casa casa': 2,
      'casa es': 1,
      'el gato': 1,
      'es mi': 1,
      'gato duerme': 1,
      'la casa': 1,
      'mi casa': 1,
    });
  });

  it("counts a known phrase's words as known and a phrase being learnt's new words as familiar", async () => {
    const token = await signupLearner(app, '10.9.0.6');
    const casa = await contentId('cov-es-casa');
    await save(token, 'la casa', 4);
    expect((await texts([casa], token))[0]).toMatchObject({ knownTokens: 2, familiarTokens: 2, newWords: 7 });
    await save(token, 'casa', 4);
    expect((await texts([casa], token))[0]).toMatchObject({ knownTokens: 6, familiarTokens: 6, newWords: 6 });
    await save(token, 'es mi casa', 2);
    expect((await texts([casa], token))[0]).toMatchObject({ knownTokens: 6, familiarTokens: 8 });
    expect((await newWords(casa, token)).coverage).toMatchObject({ knownTokens: 6, familiarTokens: 8 });
  });

  it('counts nothing for a phrase whose words stand apart or across a sentence end, or a new one', async () => {
    const token = await signupLearner(app, '10.9.0.7');
    const casa = await contentId('cov-es-casa');
    await save(token, 'casa la', 4);
    await save(token, 'gato casa', 4);
    await save(token, 'el gato', 0);
    expect((await texts([casa], token))[0]).toMatchObject({ knownTokens: 0, familiarTokens: 0 });
  });
});

describe('"Learn these words"', () => {
  it('lists the new words (unsaved or level 0), the most frequent first, with the coverage each adds', async () => {
    const token = await signupLearner(app, '10.9.0.5');
    const casa = await contentId('cov-es-casa');
    await save(token, 'la', 0);
    await save(token, 'mi', 4);
    const list = await newWords(casa, token);
    expect(list.coverage).toMatchObject({ wordTokens: 11, familiarTokens: 1, newWords: 6, band: 'hard' });
    expect(list.words).toEqual([
      { lowercase: 'casa', occurrences: 5, level: null, familiarPercent: 54.5, band: 'hard' },
      { lowercase: 'duerme', occurrences: 1, level: null, familiarPercent: 63.6, band: 'hard' },
      { lowercase: 'el', occurrences: 1, level: null, familiarPercent: 72.7, band: 'hard' },
      { lowercase: 'es', occurrences: 1, level: null, familiarPercent: 81.8, band: 'hard' },
      { lowercase: 'gato', occurrences: 1, level: null, familiarPercent: 90.9, band: 'hard' },
      { lowercase: 'la', occurrences: 1, level: 0, familiarPercent: 100, band: 'comfortable' },
    ]);
  });

  it('writes each word as the text does where its case is its own: a name keeps its capital', async () => {
    const token = await signupLearner(app, '10.9.0.6');
    const id = await importedText(token, 'Nombres', 'Hoy viene Ana. Ana come con el Perro, y el perro duerme.');
    const written = Object.fromEntries((await newWords(id, token)).words.map((word) => [word.lowercase, word.written]));
    // "Ana" once inside a sentence; "hoy" only opens one; "Perro" and "perro" tie: the first in code-point order.
    expect(written).toMatchObject({ ana: 'Ana', hoy: undefined, perro: 'Perro', el: undefined, come: undefined });
  });

  it('holds at most the most frequent words of a long text', async () => {
    const list = await newWords(await contentId('cov-es-tail'), other);
    expect(list.coverage.newWords).toBe(maxNewWordsListed + 21);
    expect(list.words).toHaveLength(maxNewWordsListed);
    expect(list.words[0]).toMatchObject({ lowercase: 'casa', occurrences: 2 });
  });

  it('has nothing to list for a text without words', async () => {
    const list = await newWords(await contentId('cov-es-empty'), other);
    expect(list).toEqual({ coverage: expect.objectContaining({ wordTokens: 0, band: null }), words: [] });
  });
});

describe('migration 0016', () => {
  /** A copy of the migrations before 0016: a database as it was before the vocabulary existed. */
  async function migrationsBefore0016(): Promise<string> {
    const source = fileURLToPath(new URL('../migrations', import.meta.url));
    const folder = await mkdtemp(path.join(tmpdir(), 'folio-migrations-'));
    const journal = JSON.parse(await readFile(path.join(source, 'meta/_journal.json'), 'utf8')) as {
      entries: { tag: string }[];
    };
    const entries = journal.entries.filter((entry) => entry.tag < '0016');
    await mkdir(path.join(folder, 'meta'));
    await writeFile(path.join(folder, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }));
    for (const { tag } of entries) await copyFile(path.join(source, `${tag}.sql`), path.join(folder, `${tag}.sql`));
    return folder;
  }

  it('backfills the vocabulary of the texts and transcripts stored before it, and their pairs of words', async () => {
    const database = await openTestDatabase({ migrate: false });
    const folder = await migrationsBefore0016();
    try {
      const client = await database.pool.connect();
      try {
        await migrate(drizzle({ client }), { migrationsFolder: folder });
      } finally {
        client.release();
      }
      const token = (id: number, lowercase: string, isWord = true) => ({ id, display: lowercase, lowercase, isWord });
      const tokens = [token(0, 'sol'), token(1, ' ', false), token(2, 'sol'), token(3, 'luna')];
      await database.db.execute(sql`
        with content as (
          insert into contents (language, slug, title, description, page_type, position)
          values ('es', 'before-0016', 'Antes', '', 'page', 0) returning id
        )
        insert into pages (content_id, number, title, sections, word_count)
        select id, n, '', ${JSON.stringify([{ tokens }])}::jsonb, 3 from content, generate_series(0, 1) n`);
      await database.db.execute(sql`
        with transcript as (
          insert into transcripts (youtube_id, language, status, created_at, updated_at)
          values ('before00016', 'es', 'completed', now(), now()) returning id
        )
        insert into transcript_sections (transcript_id, position, "offset", tokens)
        select id, 0, 0, ${JSON.stringify(tokens)}::jsonb from transcript`);
      await migrateDatabase(database.pool);
      /** A table's rows as "key: occurrences", in order. */
      const counted = async (table: string, key: string) => {
        const result = await database.db.execute<{ key: string; occurrences: number }>(
          sql`select ${sql.identifier(key)} as key, occurrences from ${sql.identifier(table)} order by 1`,
        );
        return result.rows.map((row) => `${row.key}: ${row.occurrences}`);
      };
      expect(await counted('content_words', 'lowercase')).toEqual(['luna: 2', 'sol: 4']);
      expect(await counted('transcript_words', 'lowercase')).toEqual(['luna: 1', 'sol: 2']);
      // Migration 0026 stores their pairs of words as well.
      expect(await counted('content_word_pairs', 'pair')).toEqual(['sol luna: 2', 'sol sol: 2']);
      expect(await counted('transcript_word_pairs', 'pair')).toEqual(['sol luna: 1', 'sol sol: 1']);
    } finally {
      await database.close();
      await rm(folder, { recursive: true, force: true });
    }
  });
});
