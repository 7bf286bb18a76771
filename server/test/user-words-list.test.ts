import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userWordsJson } from '../src/db/queries/words.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { authed, signupLearner } from './helpers.ts';

let app: TestApp;
let userId: number;
const saved = [
  { lowercase: 'haus', level: 1, language: 'de' },
  { lowercase: 'baum', level: 2, language: 'de' },
  { lowercase: 'apfel', level: 3, language: 'de' },
  { lowercase: 'tree', level: 4, language: 'en' },
  { lowercase: 'house', level: 0, language: 'en' },
  { lowercase: 'apple', level: 2, language: 'en' },
  { lowercase: 'arbre', level: 1, language: 'fr' },
];

beforeAll(async () => {
  app = await buildTestApp();
  const token = await signupLearner(app);
  for (const word of saved) {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/userword',
      headers: authed(token),
      payload: word,
    });
    expect(response.statusCode).toBe(200);
  }
  await signupLearner(app); // another learner's words must not leak in
  const result = await app.database.db.execute<{ id: number }>(
    sql`select user_id as id from user_words group by user_id limit 1`,
  );
  userId = result.rows[0]?.id ?? 0;
});
afterAll(() => app.close());

const byWord = (a: { lowercase: string }, b: { lowercase: string }) => a.lowercase.localeCompare(b.lowercase);

describe('the learner’s word list, built in chunks', () => {
  it.each([1, 2, 3, 7, 100])('holds every word once with chunks of %i', async (chunk) => {
    const list = JSON.parse(await userWordsJson(app.database.db, userId, undefined, chunk)) as typeof saved;
    expect(list.sort(byWord)).toEqual([...saved].sort(byWord));
  });

  it('holds one language’s words across chunks', async () => {
    const list = JSON.parse(await userWordsJson(app.database.db, userId, 'en', 2)) as typeof saved;
    expect(list.sort(byWord)).toEqual(saved.filter((word) => word.language === 'en').sort(byWord));
  });

  it('is an empty list for a learner with no words', async () => {
    expect(JSON.parse(await userWordsJson(app.database.db, userId + 1_000, undefined, 2))).toEqual([]);
  });
});
