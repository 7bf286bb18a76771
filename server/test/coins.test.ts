import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '#contract/endpoints.ts';
import { envelopeSchema } from '#contract/envelope.ts';
import { grantToUser } from '../src/db/queries/account.ts';
import { dayIn } from '../src/services/streak.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { authed, firstContentId, seedFixtures, signupLearner } from './helpers.ts';

// Coins earned by learning (coinRewards): 1 per level a word reaches first, 10 per page finished first, 5 per
// streak day, ×2 with Pro Gold, at most 300 a day from words and pages.
let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
  await seedFixtures(app);
});
afterAll(() => app.close());

async function account(token: string) {
  const response = await app.inject({ method: 'POST', url: '/api/v1/refresh', headers: authed(token) });
  return envelopeSchema(endpoints.refresh.details).parse(response.json()).details;
}
const coins = async (token: string) => (await account(token)).creditAmount;

const post = (token: string, url: string, payload: object) =>
  app.inject({ method: 'POST', url, headers: authed(token), payload });
const save = (token: string, lowercase: string, level: number) =>
  post(token, '/api/v1/userword', { lowercase, level, language: 'en' });
const finish = (token: string, contentId: number, pageId: number) =>
  post(token, '/api/v1/user-page', { contentId, pageId, language: 'en' });

describe('coins earned by learning', () => {
  it('pays a coin per level a word reaches for the first time, and nothing for pressing keys back and forth', async () => {
    const token = await signupLearner(app);
    expect(await coins(token)).toBe(0);
    await save(token, 'lantern', 1);
    expect(await coins(token)).toBe(1 + 5); // level 1, and the day's first learning: the streak day
    await save(token, 'lantern', 3);
    expect(await coins(token)).toBe(8);
    for (const level of [1, 3, 0, 2, 3]) await save(token, 'lantern', level);
    expect(await coins(token)).toBe(8);
    await save(token, 'lantern', 4);
    expect(await coins(token)).toBe(9);
  });

  it('pays each level once when the same word is saved by eight requests at once', async () => {
    const token = await signupLearner(app);
    const answers = await Promise.all(Array.from({ length: 8 }, () => save(token, 'harbour', 4)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(8).fill(200));
    expect(await coins(token)).toBe(4 + 5);
  });

  it('pays ten coins for a page finished the first time, nothing for finishing it again', async () => {
    const token = await signupLearner(app);
    const contentId = await firstContentId(app, 'en');
    expect((await finish(token, contentId, 0)).statusCode).toBe(200);
    expect(await coins(token)).toBe(10 + 5);
    await finish(token, contentId, 0);
    expect(await coins(token)).toBe(15);
  });

  it("stops the day's coins from words and pages at the cap, the streak day's coming on top", async () => {
    const token = await signupLearner(app);
    const { email } = await account(token);
    await app.database.db.execute(sql`
      update users set coins_day = ${dayIn('UTC', app.clock.now())}::date, coins_today = 298
      where lower(email) = lower(${email})`);
    await save(token, 'beacon', 4);
    expect(await coins(token)).toBe(2 + 5);
    await save(token, 'tide', 4);
    expect(await coins(token)).toBe(7);
  });

  it('doubles every reward with Pro Gold', async () => {
    const token = await signupLearner(app);
    const { email } = await account(token);
    await grantToUser(app.database.db, email, { diamonds: 0, coins: 0, proDays: 30 }, app.clock.now());
    await save(token, 'gull', 2);
    expect(await coins(token)).toBe((2 + 5) * 2);
  });

  it('never deadlocks: saves of one word at several levels and page finishes, all at once, are all answered 200', async () => {
    const token = await signupLearner(app);
    const contentId = await firstContentId(app, 'en');
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, n) =>
        n % 3 === 2 ? finish(token, contentId, n % 2) : save(token, n % 2 === 0 ? 'anchor' : 'sail', 1 + (n % 4)),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(24).fill(200));
  });
});
