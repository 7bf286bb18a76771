import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '#contract/endpoints.ts';
import { envelopeSchema, errorEnvelopeSchema } from '#contract/envelope.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { authed, firstContentId, seedFixtures, signupLearner } from './helpers.ts';

let app: TestApp;

beforeAll(async () => {
  app = await buildTestApp({ accounts: { newUserWordLimit: 3 } });
  await seedFixtures(app);
});
afterAll(() => app.close());

function saveWord(token: string, lowercase: string, level: number, language = 'en') {
  return app.inject({
    method: 'POST',
    url: '/api/v1/userword',
    headers: authed(token),
    payload: { lowercase, level, language },
  });
}

async function listWords(token: string, query = '') {
  const response = await app.inject({ method: 'GET', url: `/api/v1/userword${query}`, headers: authed(token) });
  return envelopeSchema(endpoints.userWords.details).parse(response.json()).details;
}

describe('user words', () => {
  it('saves a level and answers the stored word', async () => {
    const token = await signupLearner(app);
    const response = await saveWord(token, 'lighthouse', 2);
    expect(envelopeSchema(endpoints.saveUserWord.details).parse(response.json()).details).toMatchObject({
      lowercase: 'lighthouse',
      level: 2,
      language: 'en',
    });
    expect(await listWords(token)).toEqual([{ lowercase: 'lighthouse', level: 2, language: 'en' }]);
  });

  it('changes the level of a saved word instead of adding it again', async () => {
    const token = await signupLearner(app);
    await saveWord(token, 'storm', 1);
    await saveWord(token, 'storm', 4);
    expect(await listWords(token)).toEqual([{ lowercase: 'storm', level: 4, language: 'en' }]);
  });

  it('keeps the same spelling apart in two languages and filters by language', async () => {
    const token = await signupLearner(app);
    await saveWord(token, 'hand', 1, 'en');
    await saveWord(token, 'hand', 3, 'de');
    expect(await listWords(token)).toHaveLength(2);
    expect(await listWords(token, '?language=de')).toEqual([{ lowercase: 'hand', level: 3, language: 'de' }]);
  });

  it('refuses a new word at the word limit with word_limit, but still changes saved words', async () => {
    const token = await signupLearner(app);
    for (const word of ['a', 'b', 'c']) expect((await saveWord(token, word, 1)).statusCode).toBe(200);
    const refused = await saveWord(token, 'd', 1);
    expect(refused.statusCode).toBe(403);
    expect(errorEnvelopeSchema.parse(refused.json()).details[0]).toEqual({
      error: "You've Reached Your Word Limit",
      code: 'word_limit',
    });
    expect((await saveWord(token, 'a', 4)).statusCode).toBe(200);
  });

  it('lets exactly one of two new words saved together at limit − 1 through', async () => {
    const token = await signupLearner(app);
    await saveWord(token, 'one', 1);
    await saveWord(token, 'two', 1);
    const answers = await Promise.all([saveWord(token, 'three', 1), saveWord(token, 'four', 1)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 403]);
    expect(await listWords(token)).toHaveLength(3);
  });

  it('counts the day in the streak', async () => {
    const token = await signupLearner(app);
    await saveWord(token, 'keeper', 1);
    const refreshed = await app.inject({ method: 'POST', url: '/api/v1/refresh', headers: authed(token) });
    expect(envelopeSchema(endpoints.refresh.details).parse(refreshed.json()).details.streak).toHaveLength(1);
  });

  it('keeps the count of saved words in the user row exact under parallel saves at the limit', async () => {
    const token = await signupLearner(app);
    // Ten saves at once: five words (limit 3), each saved twice with another level.
    const responses = await Promise.all(
      ['a', 'b', 'c', 'd', 'e'].flatMap((word) => [saveWord(token, word, 1), saveWord(token, word, 2)]),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status !== 200 && status !== 403)).toEqual([]);
    const counts = await app.database.db.execute<{ stored: number; rows: number }>(sql`
      select u.word_count as stored, (select count(*)::int from user_words w where w.user_id = u.id) as rows
      from users u join sessions s on s.user_id = u.id
      where s.token_hash = encode(sha256(${token}::bytea), 'hex')`);
    expect(counts.rows).toEqual([{ stored: 3, rows: 3 }]);
    const refreshed = await app.inject({ method: 'POST', url: '/api/v1/refresh', headers: authed(token) });
    expect(envelopeSchema(endpoints.refresh.details).parse(refreshed.json()).details.wordCount).toBe(3);
  });

  it('saves one new word sent by eight requests at once as one word, counted once, every request answered 200', async () => {
    const token = await signupLearner(app);
    const responses = await Promise.all([1, 2, 3, 4, 1, 2, 3, 4].map((level) => saveWord(token, 'twice', level)));
    expect(responses.map((response) => response.statusCode)).toEqual(Array(8).fill(200));
    const words = await listWords(token);
    expect(words).toHaveLength(1);
    expect([1, 2, 3, 4]).toContain(words[0]?.level);
    const refreshed = await app.inject({ method: 'POST', url: '/api/v1/refresh', headers: authed(token) });
    expect(envelopeSchema(endpoints.refresh.details).parse(refreshed.json()).details.wordCount).toBe(1);
  });

  it('refuses a level outside 0–4 and a visitor', async () => {
    const token = await signupLearner(app);
    expect((await saveWord(token, 'x', 5)).statusCode).toBe(400);
    const visitor = await app.inject({
      method: 'POST',
      url: '/api/v1/userword',
      payload: { lowercase: 'x', level: 1, language: 'en' },
    });
    expect(visitor.statusCode).toBe(401);
  });

  it('lists many saved words as one JSON text', async () => {
    const token = await signupLearner(app);
    await saveWord(token, 'seed', 1);
    await app.database.db.execute(sql`
      insert into user_words (user_id, language, lowercase, level, updated_at)
      select user_id, 'de', 'wort' || n, n % 5, now() from user_words, generate_series(1, 5000) n
      where lowercase = 'seed'`);
    const words = await listWords(token, '?language=de');
    expect(words).toHaveLength(5000);
    expect(words[0]).toEqual({
      lowercase: expect.stringMatching(/^wort\d+$/),
      level: expect.any(Number),
      language: 'de',
    });
  });
});

describe("a page's words", () => {
  it("answers a page's saved words: only the learner's, only that language, only words of that page", async () => {
    const token = await signupLearner(app);
    const other = await signupLearner(app);
    const contentId = await firstContentId(app, 'en');
    // The fixture's first English page: "Mara keeps the light. The cat keeps Mara. …"; the limit here is 3.
    await saveWord(token, 'light', 2);
    await saveWord(token, 'storm', 3);
    await saveWord(token, 'light', 4, 'de');
    await saveWord(other, 'cat', 1);
    const response = await app.inject({
      method: 'GET',
      url: `/api/v1/userword/page/en/${contentId}/0`,
      headers: authed(token),
    });
    expect(envelopeSchema(endpoints.pageWords.details).parse(response.json()).details).toEqual([
      { lowercase: 'light', level: 2, language: 'en' },
    ]);
  });

  it("refuses a page's words for a page that does not exist, bad input, and a visitor", async () => {
    const token = await signupLearner(app);
    const contentId = await firstContentId(app, 'en');
    const get = (url: string, headers: Record<string, string> = authed(token)) =>
      app.inject({ method: 'GET', url, headers });
    const statusOf = async (url: string, headers?: Record<string, string>) => (await get(url, headers)).statusCode;
    expect(await statusOf(`/api/v1/userword/page/en/${contentId}/99`)).toBe(404);
    expect(await statusOf(`/api/v1/userword/page/de/${contentId}/0`)).toBe(404);
    expect(await statusOf(`/api/v1/userword/page/xx/${contentId}/0`)).toBe(400);
    expect(await statusOf('/api/v1/userword/page/en/0/0')).toBe(400);
    expect(await statusOf(`/api/v1/userword/page/en/${contentId}/-1`)).toBe(400);
    expect(await statusOf(`/api/v1/userword/page/en/${contentId}/0`, {})).toBe(401);
  });
});
