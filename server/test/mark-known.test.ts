import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '#contract/endpoints.ts';
import { envelopeSchema, errorEnvelopeSchema } from '#contract/envelope.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { authed, firstContentId, seedFixtures, signupLearner } from './helpers.ts';

let app: TestApp;
let contentId: number;

beforeAll(async () => {
  app = await buildTestApp({ accounts: { newUserWordLimit: 100 } });
  await seedFixtures(app);
  contentId = await firstContentId(app, 'en');
});
afterAll(() => app.close());

// The fixture's English text: page 0 "Mara keeps the light. The cat keeps Mara. Every night, the light turns." (8
// distinct words), page 1 "A storm comes in. Mara does not sleep." (8, "mara" among them).
const pageZero = ['cat', 'every', 'keeps', 'light', 'mara', 'night', 'the', 'turns'];

const markKnown = (token: string | null, url = `/api/v1/userword/page/en/${contentId}/0/known`) =>
  app.inject({ method: 'POST', url, headers: token ? authed(token) : {} });

function saveWord(token: string, lowercase: string, level: number) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/userword',
    headers: authed(token),
    payload: { lowercase, level, language: 'en' },
  });
}

async function levelsOf(token: string) {
  const response = await app.inject({ method: 'GET', url: '/api/v1/userword?language=en', headers: authed(token) });
  const words = envelopeSchema(endpoints.userWords.details).parse(response.json()).details;
  return Object.fromEntries(words.map((word) => [word.lowercase, word.level]));
}

/** The stored balances of the learner signed up last (each test signs its learner up first). */
async function latestLearner() {
  const result = await app.database.db.execute<{ word_count: number; credit_amount: number }>(
    sql`select word_count, credit_amount from users where id = (select max(id) from users)`,
  );
  const row = result.rows[0];
  if (!row) throw new Error('no learner');
  return { wordCount: Number(row.word_count), creditAmount: Number(row.credit_amount) };
}

/** The word limit of the learner signed up last. */
const setLatestLimit = (limit: number) =>
  app.database.db.execute(sql`update users set word_limit = ${limit} where id = (select max(id) from users)`);

describe('the rest of a page marked known', () => {
  it('makes the unsaved and level-0 words level 4, leaves the others, and counts the new ones', async () => {
    const token = await signupLearner(app);
    await saveWord(token, 'cat', 0);
    await saveWord(token, 'light', 2);
    const response = await markKnown(token);
    expect(response.statusCode).toBe(200);
    const { words, balances } = envelopeSchema(endpoints.markPageKnown.details).parse(response.json()).details;
    expect(words.map((word) => word.lowercase)).toEqual(pageZero.filter((word) => word !== 'light'));
    expect(words.every((word) => word.level === 4 && word.language === 'en')).toBe(true);
    expect(balances.wordCount).toBe(8);
    expect((await latestLearner()).wordCount).toBe(8);
    const levels = await levelsOf(token);
    expect(levels).toMatchObject({ cat: 4, light: 2, mara: 4, turns: 4 });
  });

  it('pays the levels reached, as single saves do', async () => {
    const token = await signupLearner(app);
    const before = await latestLearner();
    const response = await markKnown(token);
    const { balances } = envelopeSchema(endpoints.markPageKnown.details).parse(response.json()).details;
    expect(balances.creditAmount).toBeGreaterThan(before.creditAmount);
    expect((await latestLearner()).creditAmount).toBe(balances.creditAmount);
  });

  it('changes nothing a second time', async () => {
    const token = await signupLearner(app);
    await markKnown(token);
    const again = envelopeSchema(endpoints.markPageKnown.details).parse((await markKnown(token)).json()).details;
    expect(again.words).toEqual([]);
    expect(again.balances.wordCount).toBe(8);
  });

  it('saves nothing when the new words do not all fit, and says how many would', async () => {
    const token = await signupLearner(app);
    await saveWord(token, 'cat', 0);
    await saveWord(token, 'storm', 1);
    await setLatestLimit(7);
    const response = await markKnown(token);
    expect(response.statusCode).toBe(403);
    expect(errorEnvelopeSchema.parse(response.json()).details).toEqual([
      { error: "You've Reached Your Word Limit", code: 'word_limit', room: 5 },
    ]);
    expect(await levelsOf(token)).toEqual({ cat: 0, storm: 1 });
    expect((await latestLearner()).wordCount).toBe(2);
  });

  it('never passes the limit when two tabs mark two pages at once', async () => {
    const token = await signupLearner(app);
    // Room for one page's new words, not for both (15 distinct words on the two pages).
    await setLatestLimit(10);
    const answers = await Promise.all([
      markKnown(token),
      markKnown(token, `/api/v1/userword/page/en/${contentId}/1/known`),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 403]);
    const saved = Object.keys(await levelsOf(token)).length;
    expect(saved).toBe(8);
    expect((await latestLearner()).wordCount).toBe(saved);
  });

  it('refuses a visitor, a page that does not exist, another language and bad input', async () => {
    const token = await signupLearner(app);
    const statusOf = async (url: string, as: string | null = token) => (await markKnown(as, url)).statusCode;
    expect(await statusOf(`/api/v1/userword/page/en/${contentId}/0/known`, null)).toBe(401);
    expect(await statusOf(`/api/v1/userword/page/en/${contentId}/99/known`)).toBe(404);
    expect(await statusOf(`/api/v1/userword/page/de/${contentId}/0/known`)).toBe(404);
    expect(await statusOf(`/api/v1/userword/page/xx/${contentId}/0/known`)).toBe(400);
    expect(await statusOf('/api/v1/userword/page/en/abc/0/known')).toBe(400);
    expect(await statusOf(`/api/v1/userword/page/en/${contentId}/-1/known`)).toBe(400);
    expect(await levelsOf(token)).toEqual({});
  });
});
