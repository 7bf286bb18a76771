import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '#contract/endpoints.ts';
import type { VocabularySort } from '#contract/entities.ts';
import { envelopeSchema, errorEnvelopeSchema } from '#contract/envelope.ts';
import { runImportJob } from '../src/services/imports/jobs.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { authed, seedFixtures, signupLearner } from './helpers.ts';

// The fixture library's English text: "Mara keeps the light. The cat keeps Mara. Every night, the light turns." and
// "A storm comes in. Mara does not sleep.", glossed into German ("mara", "the", "light", "cat" … on its first page).
let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp({ accounts: { newUserWordLimit: 100 } });
  await seedFixtures(app);
});
afterAll(() => app.close());

type Query = Record<string, string | number>;

/** A new learner: their token and id. */
async function learner() {
  const token = await signupLearner(app);
  const result = await app.database.db.execute<{ id: number }>(sql`select max(id) as id from users`);
  return { token, id: Number(result.rows[0]?.id) };
}

const listRequest = (token: string | null, query: Query = {}, language = 'en') =>
  app.inject({
    method: 'GET',
    url: `/api/v1/vocabulary/${language}?${new URLSearchParams(
      Object.entries({ homeLang: 'de', ...query }).map(([key, value]) => [key, String(value)]),
    )}`,
    headers: token ? authed(token) : {},
  });

async function list(token: string, query: Query = {}, language = 'en') {
  const response = await listRequest(token, query, language);
  expect(response.statusCode, response.body).toBe(200);
  return envelopeSchema(endpoints.vocabulary.details).parse(response.json()).details;
}

/** Every word of the list, page after page of `limit`, following `next`. */
async function everyPage(token: string, query: Query, limit: number) {
  const words: string[] = [];
  let after: string | null | undefined;
  for (let pages = 0; pages < 100; pages++) {
    const page = await list(token, { ...query, limit, ...(after ? { after } : {}) });
    expect(page.words.length).toBeLessThanOrEqual(limit);
    words.push(...page.words.map((word) => word.lowercase));
    after = page.next;
    if (!after) return words;
  }
  throw new Error('the list does not end');
}

const changeRequest = (token: string | null, body: unknown, language = 'en') =>
  app.inject({
    method: 'POST',
    url: `/api/v1/vocabulary/${language}/change`,
    headers: token ? authed(token) : {},
    payload: body as object,
  });

async function change(token: string, body: unknown, language = 'en') {
  const response = await changeRequest(token, body, language);
  expect(response.statusCode, response.body).toBe(200);
  return envelopeSchema(endpoints.changeVocabulary.details).parse(response.json()).details;
}

/** Saves a word through the reader's call, a second after the previous save. */
async function save(token: string, lowercase: string, level: number, language = 'en') {
  app.clock.advance(1_000);
  return app.inject({
    method: 'POST',
    url: '/api/v1/userword',
    headers: authed(token),
    payload: { lowercase, level, language },
  });
}

/** Stores saved words as a long-time learner has them, several changed at the same moment. */
async function storeWords(userId: number, words: { lowercase: string; level: number; at: string }[], language = 'en') {
  for (const word of words) {
    await app.database.db.execute(sql`
      insert into user_words (user_id, language, lowercase, level, updated_at)
      values (${userId}, ${language}, ${word.lowercase}, ${word.level}, ${word.at}::timestamptz)`);
  }
  await app.database.db.execute(sql`update users set word_count = word_count + ${words.length} where id = ${userId}`);
}

async function wordCount(userId: number) {
  const result = await app.database.db.execute<{ word_count: number; saved: number }>(sql`
    select word_count, (select count(*)::int from user_words where user_id = ${userId}) as saved
    from users where id = ${userId}`);
  const row = result.rows[0];
  return { stored: Number(row?.word_count), saved: Number(row?.saved) };
}

describe("the vocabulary list of a learner's saved words", () => {
  it('lists the sentence a word was first saved in, or none', async () => {
    const { token } = await learner();
    const [text] = (await app.database.db.execute<{ id: number }>(sql`select id from contents limit 1`)).rows;
    if (!text) throw new Error('no text');
    app.clock.advance(1_000);
    const saved = await app.inject({
      method: 'POST',
      url: '/api/v1/userword',
      headers: authed(token),
      payload: {
        lowercase: 'light',
        level: 2,
        language: 'en',
        context: { sentence: 'She turned on the Light.', source: { contentId: text.id, pageId: 0 } },
      },
    });
    expect(saved.statusCode).toBe(200);
    await save(token, 'lantern', 1);
    const page = await list(token);
    expect(page.words.map(({ lowercase, sentence }) => ({ lowercase, sentence }))).toEqual([
      { lowercase: 'lantern', sentence: null },
      { lowercase: 'light', sentence: 'She turned on the Light.' },
    ]);
  });

  it('lists the words last changed first, with their meaning, occurrences and how many there are', async () => {
    const { token } = await learner();
    await save(token, 'light', 2);
    await save(token, 'lantern', 0);
    await save(token, 'mara', 4);
    await save(token, 'kaffee', 1, 'de');
    const page = await list(token);
    expect(page.words.map(({ updatedAt: _at, ...word }) => word)).toEqual([
      { lowercase: 'mara', level: 4, meaning: 'Mara', meaningIsOwn: false, note: null, sentence: null, occurrences: 3 },
      {
        lowercase: 'lantern',
        level: 0,
        meaning: null,
        meaningIsOwn: false,
        note: null,
        sentence: null,
        occurrences: 0,
      },
      {
        lowercase: 'light',
        level: 2,
        meaning: 'das Licht',
        meaningIsOwn: false,
        note: null,
        sentence: null,
        occurrences: 2,
      },
    ]);
    expect(page.words[0]?.updatedAt).toBe(new Date(app.clock.now().getTime() - 1_000).toISOString());
    expect(page).toEqual(expect.objectContaining({ next: null, total: 3 }));
    expect(page).not.toHaveProperty('levels');
    const german = await list(token, { homeLang: 'en' }, 'de');
    expect(german.words.map((word) => [word.lowercase, word.occurrences])).toEqual([['kaffee', 1]]);
  });

  it('filters by levels and by the start of a word, whatever its case and accents', async () => {
    const { token, id } = await learner();
    const at = '2026-03-01T10:00:00Z';
    await storeWords(id, [
      { lowercase: 'café', level: 1, at },
      { lowercase: 'cafetera', level: 3, at },
      { lowercase: 'décor', level: 3, at },
      { lowercase: 'scafe', level: 1, at },
    ]);
    await storeWords(
      id,
      [
        { lowercase: 'ёлка', level: 2, at },
        { lowercase: 'елей', level: 0, at },
      ],
      'ru',
    );
    await storeWords(
      id,
      [
        { lowercase: '한국어', level: 1, at },
        { lowercase: '한강', level: 1, at },
      ],
      'ko',
    );
    const found = async (query: Query, language = 'en') =>
      (await list(token, { sort: 'az', ...query }, language)).words.map((word) => word.lowercase);
    expect(await found({ q: 'cafe' })).toEqual(['café', 'cafetera']);
    expect(await found({ q: 'CAF' })).toEqual(['café', 'cafetera']);
    expect(await found({ q: 'Café' })).toEqual(['café', 'cafetera']);
    expect(await found({ q: 'DECO' })).toEqual(['décor']);
    expect(await found({ q: 'cafe', levels: '3' })).toEqual(['cafetera']);
    expect(await found({ levels: '0,3,3' })).toEqual(['cafetera', 'décor']);
    expect(await found({ q: 'ЁЛК' }, 'ru')).toEqual(['ёлка']);
    expect(await found({ q: 'елка' }, 'ru')).toEqual(['ёлка']);
    expect(await found({ q: 'ёл' }, 'ru')).toEqual(['елей', 'ёлка']);
    expect(await found({ q: '한국' }, 'ko')).toEqual(['한국어']);
    expect(await found({ q: '한' }, 'ko')).toEqual(['한강', '한국어']);
    const page = await list(token, { q: 'caf', levels: '1,3' });
    expect(page).toMatchObject({ total: 2 });
    expect(await list(token, { q: 'zz' })).toMatchObject({ words: [], next: null, total: 0 });
  });

  it('pages through every word once in each order, however many share a sort key', async () => {
    const { token, id } = await learner();
    // A word of a hundred syllables ends a page too: its cursor is long.
    const long = '한'.repeat(100);
    const longer = `${'한'.repeat(99)}국`;
    const words = ['b', 'a', 'cafe', 'café', 'cafés', 'the', 'mara', 'light', 'cat', 'd', 'e', 'f', 'g', long, longer];
    const moments = ['2026-03-01T10:00:00.000001Z', '2026-03-01T10:00:00Z', '2026-02-01T10:00:00Z'];
    await storeWords(
      id,
      words.map((lowercase, index) => ({ lowercase, level: index % 5, at: moments[index % 3] ?? '' })),
    );
    const byteOrder = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));
    const fold = (word: string) => word.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
    // Later moments first (the first is a microsecond after the second), then Z to A.
    const lateness = (word: string) => 2 - (words.indexOf(word) % 3);
    const orders: Record<VocabularySort, string[]> = {
      recent: [...words].sort((a, b) => lateness(b) - lateness(a) || byteOrder(b, a)),
      az: [...words].sort((a, b) => byteOrder(fold(a), fold(b)) || byteOrder(a, b)),
      // The library's occurrences: "mara" and "the" 3, "light" 2, "a" and "cat" 1, the others none.
      frequency: ['mara', 'the', 'light', 'a', 'cat', 'b', 'cafe', 'café', 'cafés', 'd', 'e', 'f', 'g', longer, long],
    };
    for (const sort of ['recent', 'az', 'frequency'] as const) {
      expect(await everyPage(token, { sort }, 4), sort).toEqual(orders[sort]);
      expect(await everyPage(token, { sort, levels: '0,1' }, 2), sort).toEqual(
        orders[sort].filter((word) => words.indexOf(word) % 5 <= 1),
      );
    }
    expect(await everyPage(token, { sort: 'recent', q: 'caf' }, 1)).toEqual(
      orders.recent.filter((word) => word.startsWith('caf')),
    );
    for (const sort of ['recent', 'az', 'frequency'] as const) {
      expect(await everyPage(token, { sort, q: '한' }, 1), sort).toEqual(
        orders[sort].filter((word) => word.startsWith('한')),
      );
    }
  });

  it("counts occurrences in the published library and the learner's own texts, not in drafts or others' texts", async () => {
    const owner = await learner();
    const other = await learner();
    for (const { token } of [owner, other]) {
      await save(token, 'light', 1);
      await save(token, 'harbour', 1);
    }
    const imported = await app.inject({
      method: 'POST',
      url: '/api/v1/imports',
      headers: authed(owner.token),
      payload: {
        language: 'en',
        title: 'Harbour',
        text: 'The harbour light. The harbour at dawn, the harbour at night.',
      },
    });
    expect(imported.statusCode).toBe(200);
    for (const importId of app.sentImports.splice(0)) {
      await runImportJob({ db: app.database.db, clock: app.clock.now, log: app.log }, importId, { lastAttempt: true });
    }
    const occurrences = async (token: string) =>
      Object.fromEntries(
        (await list(token, { sort: 'frequency' })).words.map((word) => [word.lowercase, word.occurrences]),
      );
    expect(await occurrences(owner.token)).toEqual({ harbour: 3, light: 3 });
    expect(await occurrences(other.token)).toEqual({ light: 2, harbour: 0 });
    // The library's counts follow a text unpublished, published again, added and deleted.
    const lighthouse = sql`(select id from contents where slug = 'test-en-the-lighthouse')`;
    await app.database.db.execute(sql`update contents set published = false where id = ${lighthouse}`);
    expect(await occurrences(other.token)).toEqual({ harbour: 0, light: 0 });
    await app.database.db.execute(sql`update contents set published = true where id = ${lighthouse}`);
    expect(await occurrences(other.token)).toEqual({ light: 2, harbour: 0 });
    const added = await app.database.db.execute<{ id: number }>(sql`
      insert into contents (language, slug, title, description, page_type, position)
      values ('en', 'test-en-harbours', 'Harbours', '', 'page', 9) returning id`);
    const harbours = Number(added.rows[0]?.id);
    await app.database.db.execute(
      sql`insert into content_words values (${harbours}, 'harbour', 5), (${harbours}, 'light', 1)`,
    );
    expect(await occurrences(other.token)).toEqual({ harbour: 5, light: 3 });
    await app.database.db.execute(sql`delete from contents where id = ${harbours}`);
    expect(await occurrences(other.token)).toEqual({ light: 2, harbour: 0 });
    const drift = await app.database.db.execute(sql`
      with summed as (
        select c.language, w.lowercase, sum(w.occurrences)::int as occurrences
        from content_words w join contents c on c.id = w.content_id
        where c.owner_id is null and c.published group by 1, 2
      )
      select count(*)::int as rows from (
        (select * from summed except select * from library_words)
        union all (select * from library_words except select * from summed)) drift`);
    expect(drift.rows[0]).toEqual({ rows: 0 });
  });
});

describe('changing several saved words at once', () => {
  it('sets their level as single saves do, with their coins, and leaves words not saved alone', async () => {
    const { token, id } = await learner();
    await save(token, 'cat', 1);
    await save(token, 'night', 0);
    const before = await wordCount(id);
    const changed = await change(token, { words: ['night', 'cat', 'storm', 'night'], level: 3 });
    expect(changed.words).toEqual([
      { lowercase: 'cat', level: 3, language: 'en' },
      { lowercase: 'night', level: 3, language: 'en' },
    ]);
    // Levels 2–3 for "cat", 1–3 for "night": five coins, on top of the first save's 1 and its streak day's 5.
    expect(changed.balances).toMatchObject({ wordCount: 2, creditAmount: 1 + 5 + 5 });
    expect(await wordCount(id)).toEqual(before);
    expect((await change(token, { words: ['night'], level: 3 })).balances.creditAmount).toBe(11);
    const page = await list(token);
    expect(page.words.map((word) => [word.lowercase, word.level])).toEqual([
      ['night', 3],
      ['cat', 3],
    ]);
  });

  it('removes words: unsaved again, the word count lower, room under the limit for a new one', async () => {
    const { token, id } = await learner();
    await app.database.db.execute(sql`update users set word_limit = 2 where id = ${id}`);
    await save(token, 'cat', 1);
    await save(token, 'night', 2);
    expect((await save(token, 'storm', 1)).statusCode).toBe(403);
    const removed = await change(token, { words: ['cat', 'sleep'], remove: true });
    expect(removed).toEqual({ words: [], balances: { wordCount: 1, creditAmount: expect.any(Number) } });
    expect((await save(token, 'storm', 1)).statusCode).toBe(200);
    expect((await list(token)).words.map((word) => word.lowercase)).toEqual(['storm', 'night']);
    expect(await wordCount(id)).toEqual({ stored: 2, saved: 2 });
  });

  it('keeps the word count exact when removals and level changes race', async () => {
    const { token, id } = await learner();
    const words = Array.from({ length: 24 }, (_, index) => `word${index}`);
    await storeWords(
      id,
      words.map((lowercase) => ({ lowercase, level: 1, at: '2026-03-01T10:00:00Z' })),
    );
    const answers = await Promise.all([
      changeRequest(token, { words: words.slice(0, 10), remove: true }),
      changeRequest(token, { words: words.slice(5, 15), remove: true }),
      changeRequest(token, { words: words.slice(0, 20), level: 4 }),
      changeRequest(token, { words: words.slice(8, 12), remove: true }),
      save(token, 'word30', 2),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(await wordCount(id)).toEqual({ stored: 10, saved: 10 });
    expect((await list(token)).total).toBe(10);
  });

  it("never lists or changes another learner's words", async () => {
    const owner = await learner();
    const other = await learner();
    await save(owner.token, 'cat', 2);
    expect((await list(other.token)).words).toEqual([]);
    expect((await change(other.token, { words: ['cat'], level: 4 })).words).toEqual([]);
    expect((await change(other.token, { words: ['cat'], remove: true })).balances.wordCount).toBe(0);
    expect((await list(owner.token)).words.map((word) => [word.lowercase, word.level])).toEqual([['cat', 2]]);
    expect(await wordCount(owner.id)).toEqual({ stored: 1, saved: 1 });
  });
});

describe('bad input', () => {
  it('answers 400 naming the field, 401 without a login, and stores nothing', async () => {
    const { token, id } = await learner();
    await save(token, 'cat', 2);
    const recent = (await list(token, { limit: 1 })).next;
    await save(token, 'night', 2);
    const fieldOf = async (response: Awaited<ReturnType<typeof listRequest>>) => {
      expect(response.statusCode, response.body).toBe(400);
      return errorEnvelopeSchema.parse(response.json()).details[0]?.field;
    };
    const azCursor = (await list(token, { sort: 'az', limit: 1 })).next ?? '';
    const cases: [Query, string][] = [
      [{ levels: '5' }, 'levels'],
      [{ levels: '0,,1' }, 'levels'],
      [{ levels: 'known' }, 'levels'],
      [{ limit: 0 }, 'limit'],
      [{ limit: 201 }, 'limit'],
      [{ limit: 'ten' }, 'limit'],
      [{ q: 'ca\u0000fe' }, 'q'],
      [{ q: 'ca\u0007fe' }, 'q'],
      [{ sort: 'oldest' }, 'sort'],
      [{ homeLang: 'xx' }, 'homeLang'],
      [{ after: 'not-a-cursor' }, 'after'],
      [{ after: azCursor }, 'after'],
      [{ sort: 'frequency', after: recent ?? '' }, 'after'],
      [{ after: Buffer.from('["recent","2026-02-31T00:00:00.000000Z","cat"]').toString('base64url') }, 'after'],
    ];
    for (const [query, field] of cases)
      expect(await fieldOf(await listRequest(token, query)), JSON.stringify(query)).toBe(field);
    expect(await fieldOf(await listRequest(token, {}, 'xx'))).toBe('targetLang');
    expect((await listRequest(null)).statusCode).toBe(401);
    const bodies: unknown[] = [
      { words: [], level: 1 },
      { words: ['cat'], level: 5 },
      { words: ['cat'], remove: false },
      { words: ['ca\u0000t'], level: 1 },
      { words: Array.from({ length: 501 }, (_, index) => `w${index}`), remove: true },
      { words: 'cat', level: 1 },
    ];
    for (const body of bodies) expect((await changeRequest(token, body)).statusCode, JSON.stringify(body)).toBe(400);
    expect((await changeRequest(token, { words: ['cat'], remove: true }, 'xx')).statusCode).toBe(400);
    expect((await changeRequest(null, { words: ['cat'], remove: true })).statusCode).toBe(401);
    expect((await list(token)).words.map((word) => [word.lowercase, word.level])).toEqual([
      ['night', 2],
      ['cat', 2],
    ]);
    expect(await wordCount(id)).toEqual({ stored: 2, saved: 2 });
  });
});
