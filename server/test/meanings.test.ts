import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '#contract/endpoints.ts';
import { envelopeSchema, errorEnvelopeSchema } from '#contract/envelope.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { authed, firstContentId, seedFixtures, signupLearner } from './helpers.ts';

// The fixture's English text, page 0: "Mara keeps the light. The cat keeps Mara. Every night, the light turns.",
// glossed into German ("light" is "das Licht").
let app: TestApp;
let contentId: number;

beforeAll(async () => {
  app = await buildTestApp({ accounts: { newUserWordLimit: 100 } });
  await seedFixtures(app);
  contentId = await firstContentId(app, 'en');
});
afterAll(() => app.close());

/** A new learner: their token and id. */
async function learner() {
  const token = await signupLearner(app);
  const result = await app.database.db.execute<{ id: number }>(sql`select max(id) as id from users`);
  return { token, id: Number(result.rows[0]?.id) };
}

const meaningRequest = (token: string | null, body: unknown, language = 'en') =>
  app.inject({
    method: 'PUT',
    url: `/api/v1/userword/${language}/meaning`,
    headers: token ? authed(token) : {},
    payload: body as object,
  });

async function writeMeaning(token: string, body: { lowercase: string; meaning: string | null; note: string | null }) {
  const response = await meaningRequest(token, body);
  expect(response.statusCode, response.body).toBe(200);
  return envelopeSchema(endpoints.saveWordMeaning.details).parse(response.json()).details;
}

function saveWord(token: string, lowercase: string, level: number) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/userword',
    headers: authed(token),
    payload: { lowercase, level, language: 'en' },
  });
}

async function pageWords(token: string) {
  const response = await app.inject({
    method: 'GET',
    url: `/api/v1/userword/page/en/${contentId}/0`,
    headers: authed(token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return envelopeSchema(endpoints.pageWords.details).parse(response.json()).details;
}

async function listed(token: string) {
  const response = await app.inject({
    method: 'GET',
    url: '/api/v1/vocabulary/en?homeLang=de&sort=az',
    headers: authed(token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return envelopeSchema(endpoints.vocabulary.details)
    .parse(response.json())
    .details.words.map(({ lowercase, level, meaning, meaningIsOwn, note }) => ({
      lowercase,
      level,
      meaning,
      meaningIsOwn,
      note,
    }));
}

/** The learner's stored rows of `user_words` and their word count. */
async function stored(userId: number) {
  const words = await app.database.db.execute<{ lowercase: string; level: number; meaning: string; note: string }>(
    sql`select lowercase, level, meaning, note from user_words where user_id = ${userId} order by lowercase`,
  );
  const count = await app.database.db.execute<{ word_count: number }>(
    sql`select word_count from users where id = ${userId}`,
  );
  return { words: words.rows, wordCount: Number(count.rows[0]?.word_count) };
}

describe("a learner's own meaning and note", () => {
  it("are stored for a saved word, which keeps its level, and come with the page's levels", async () => {
    const { token, id } = await learner();
    await saveWord(token, 'light', 3);
    await saveWord(token, 'cat', 2);
    const saved = await writeMeaning(token, {
      lowercase: 'light',
      meaning: 'a lamp',
      note: 'Mara keeps it.\nAt night.',
    });
    expect(saved).toMatchObject({
      lowercase: 'light',
      level: 3,
      language: 'en',
      meaning: 'a lamp',
      note: 'Mara keeps it.\nAt night.',
      balances: { wordCount: 2 },
    });
    expect((await stored(id)).wordCount).toBe(2);
    expect(await pageWords(token)).toEqual(
      expect.arrayContaining([
        { lowercase: 'light', level: 3, language: 'en', meaning: 'a lamp', note: 'Mara keeps it.\nAt night.' },
        { lowercase: 'cat', level: 2, language: 'en' },
      ]),
    );
  });

  it('are trimmed, and one may be written without the other', async () => {
    const { token } = await learner();
    const saved = await writeMeaning(token, { lowercase: 'cat', meaning: null, note: '  a pet  ' });
    expect(saved).toMatchObject({ meaning: null, note: 'a pet' });
    expect(await pageWords(token)).toEqual([{ lowercase: 'cat', level: 1, language: 'en', note: 'a pet' }]);
  });

  it("replace the dictionary's meaning in the vocabulary list, and cleared give it back", async () => {
    const { token } = await learner();
    await saveWord(token, 'light', 2);
    await writeMeaning(token, { lowercase: 'light', meaning: 'a lamp', note: 'bright' });
    expect(await listed(token)).toEqual([
      { lowercase: 'light', level: 2, meaning: 'a lamp', meaningIsOwn: true, note: 'bright' },
    ]);
    const cleared = await writeMeaning(token, { lowercase: 'light', meaning: null, note: null });
    expect(cleared).toMatchObject({ level: 2, meaning: null, note: null });
    expect(await listed(token)).toEqual([
      { lowercase: 'light', level: 2, meaning: 'das Licht', meaningIsOwn: false, note: null },
    ]);
    expect(await pageWords(token)).toEqual([{ lowercase: 'light', level: 2, language: 'en' }]);
  });

  it('save an unsaved word at level 1, counted against the limit and paid as a save', async () => {
    const { token, id } = await learner();
    const before = await app.database.db.execute<{ credit_amount: number }>(
      sql`select credit_amount from users where id = ${id}`,
    );
    const saved = await writeMeaning(token, { lowercase: 'night', meaning: 'die Nacht', note: null });
    expect(saved).toMatchObject({ lowercase: 'night', level: 1, meaning: 'die Nacht', balances: { wordCount: 1 } });
    expect(saved.balances.creditAmount).toBeGreaterThan(Number(before.rows[0]?.credit_amount));
    expect(await stored(id)).toEqual({
      words: [{ lowercase: 'night', level: 1, meaning: 'die Nacht', note: null }],
      wordCount: 1,
    });
  });

  it("count a word they save in the day's words saved, and an edit of a saved word not again", async () => {
    const { token } = await learner();
    await writeMeaning(token, { lowercase: 'night', meaning: 'die Nacht', note: null });
    await writeMeaning(token, { lowercase: 'night', meaning: 'Nacht', note: 'dark' });
    const response = await app.inject({ method: 'GET', url: '/api/v1/progress/en', headers: authed(token) });
    expect(response.statusCode, response.body).toBe(200);
    const { days } = envelopeSchema(endpoints.progress.details).parse(response.json()).details;
    expect(days.at(-1)).toMatchObject({ wordsSaved: 1, wordsKnown: 0 });
  });

  it('leave the level to the level keys, which leave the meaning', async () => {
    const { token } = await learner();
    await writeMeaning(token, { lowercase: 'turns', meaning: 'dreht sich', note: null });
    await saveWord(token, 'turns', 4);
    expect(await pageWords(token)).toEqual([{ lowercase: 'turns', level: 4, language: 'en', meaning: 'dreht sich' }]);
  });

  it("come with a text's new words when a word at level 0 has them", async () => {
    const { token } = await learner();
    await writeMeaning(token, { lowercase: 'mara', meaning: 'a name', note: null });
    await saveWord(token, 'mara', 0);
    const response = await app.inject({
      method: 'GET',
      url: `/api/v1/coverage/new-words/en/${contentId}`,
      headers: authed(token),
    });
    expect(response.statusCode, response.body).toBe(200);
    const { words } = envelopeSchema(endpoints.textNewWords.details).parse(response.json()).details;
    expect(words.find((word) => word.lowercase === 'mara')).toMatchObject({ level: 0, meaning: 'a name' });
    expect(words.find((word) => word.lowercase === 'cat')).not.toHaveProperty('meaning');
  });
});

describe('who may write a meaning', () => {
  it('answers 401 to a visitor, storing nothing', async () => {
    const response = await meaningRequest(null, { lowercase: 'cat', meaning: 'Katze', note: null });
    expect(response.statusCode).toBe(401);
    const rows = await app.database.db.execute(sql`select 1 from user_words where meaning = 'Katze'`);
    expect(rows.rows).toEqual([]);
  });

  it("writes the caller's own word, never another learner's", async () => {
    const first = await learner();
    await saveWord(first.token, 'light', 2);
    await writeMeaning(first.token, { lowercase: 'light', meaning: 'a lamp', note: 'mine' });
    const second = await learner();
    await writeMeaning(second.token, { lowercase: 'light', meaning: 'a glow', note: null });
    expect((await stored(first.id)).words).toEqual([{ lowercase: 'light', level: 2, meaning: 'a lamp', note: 'mine' }]);
    expect((await stored(second.id)).words).toEqual([{ lowercase: 'light', level: 1, meaning: 'a glow', note: null }]);
    expect(await pageWords(second.token)).toEqual([
      { lowercase: 'light', level: 1, language: 'en', meaning: 'a glow' },
    ]);
  });
});

describe('the word limit', () => {
  it('refuses a new word at the limit with word_limit, storing nothing, but still edits saved words', async () => {
    const { token, id } = await learner();
    await saveWord(token, 'cat', 2);
    await app.database.db.execute(sql`update users set word_limit = 1 where id = ${id}`);
    const response = await meaningRequest(token, { lowercase: 'night', meaning: 'die Nacht', note: null });
    expect(response.statusCode).toBe(403);
    expect(errorEnvelopeSchema.parse(response.json()).details[0]).toEqual({
      error: "You've Reached Your Word Limit",
      code: 'word_limit',
    });
    expect(await stored(id)).toEqual({
      words: [{ lowercase: 'cat', level: 2, meaning: null, note: null }],
      wordCount: 1,
    });
    await writeMeaning(token, { lowercase: 'cat', meaning: 'die Katze', note: null });
    expect((await stored(id)).words).toEqual([{ lowercase: 'cat', level: 2, meaning: 'die Katze', note: null }]);
  });

  it('adds one word once however many requests race for the last place', async () => {
    const { token, id } = await learner();
    await app.database.db.execute(sql`update users set word_limit = 1 where id = ${id}`);
    const answers = await Promise.all(
      ['mara', 'every'].map((lowercase) => meaningRequest(token, { lowercase, meaning: 'x', note: null })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 403]);
    expect((await stored(id)).wordCount).toBe(1);
    expect((await stored(id)).words).toHaveLength(1);
  });
});

describe('bad input', () => {
  const long = (length: number) => 'a'.repeat(length);
  const cases: [string, unknown, string][] = [
    ['a meaning over 200 characters', { lowercase: 'cat', meaning: long(201), note: null }, 'meaning'],
    ['a note over 500 characters', { lowercase: 'cat', meaning: null, note: long(501) }, 'note'],
    ['a meaning of two lines', { lowercase: 'cat', meaning: 'a pet\nan animal', note: null }, 'meaning'],
    ['a meaning with a control character', { lowercase: 'cat', meaning: 'a\u0007pet', note: null }, 'meaning'],
    ['a note with a NUL', { lowercase: 'cat', meaning: null, note: 'a\u0000pet' }, 'note'],
    ['an empty meaning', { lowercase: 'cat', meaning: '', note: null }, 'meaning'],
    ['a meaning of spaces', { lowercase: 'cat', meaning: '   ', note: null }, 'meaning'],
    ['a meaning that is not text', { lowercase: 'cat', meaning: 7, note: null }, 'meaning'],
    ['no note', { lowercase: 'cat', meaning: 'a pet' }, 'note'],
    ['no word', { meaning: 'a pet', note: null }, 'lowercase'],
    ['a word over 100 characters', { lowercase: long(101), meaning: 'a pet', note: null }, 'lowercase'],
  ];

  it.each(cases)('answers 400 naming the field to %s, storing nothing', async (_name, body, field) => {
    const { token, id } = await learner();
    const response = await meaningRequest(token, body);
    expect(response.statusCode, response.body).toBe(400);
    expect(errorEnvelopeSchema.parse(response.json()).details[0]).toMatchObject({ field });
    expect(await stored(id)).toEqual({ words: [], wordCount: 0 });
  });

  it('answers 400 to an unknown language, storing nothing', async () => {
    const { token, id } = await learner();
    const response = await meaningRequest(token, { lowercase: 'cat', meaning: 'a pet', note: null }, 'xx');
    expect(response.statusCode).toBe(400);
    expect(errorEnvelopeSchema.parse(response.json()).details[0]).toMatchObject({ field: 'targetLang' });
    expect(await stored(id)).toEqual({ words: [], wordCount: 0 });
  });

  it('takes a meaning of 200 characters and a note of 500 in any script', async () => {
    const { token } = await learner();
    const saved = await writeMeaning(token, { lowercase: 'cat', meaning: 'ж'.repeat(200), note: '猫'.repeat(500) });
    expect(saved.meaning).toHaveLength(200);
    expect(saved.note).toHaveLength(500);
  });
});

describe('two tabs writing one word', () => {
  it('answers every write, saves the word once and keeps one of the meanings written', async () => {
    const { token, id } = await learner();
    const meanings = ['one', 'two', 'three', 'four', 'five', 'six'];
    const answers = await Promise.all(
      meanings.map((meaning) => meaningRequest(token, { lowercase: 'light', meaning, note: `note ${meaning}` })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(meanings.map(() => 200));
    const { words, wordCount } = await stored(id);
    expect(wordCount).toBe(1);
    expect(words).toHaveLength(1);
    const [word] = words;
    expect(meanings).toContain(word?.meaning);
    expect(word?.note).toBe(`note ${word?.meaning}`);
  });

  it('keeps the last write acknowledged', async () => {
    const { token, id } = await learner();
    await writeMeaning(token, { lowercase: 'light', meaning: 'first tab', note: null });
    await writeMeaning(token, { lowercase: 'light', meaning: 'second tab', note: 'later' });
    expect((await stored(id)).words).toEqual([{ lowercase: 'light', level: 1, meaning: 'second tab', note: 'later' }]);
  });
});
