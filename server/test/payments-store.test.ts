import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '#contract/endpoints.ts';
import { envelopeSchema } from '#contract/envelope.ts';
import { grantToUser } from '../src/db/queries/account.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { authed, signupLearner } from './helpers.ts';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

async function balancesOf(token: string) {
  const response = await app.inject({ method: 'POST', url: '/api/v1/refresh', headers: authed(token) });
  return envelopeSchema(endpoints.refresh.details).parse(response.json()).details;
}

async function give(token: string, diamonds: number) {
  await app.database.db.execute(sql`
    update users set diamond_amount = ${diamonds}
    where id = (select user_id from sessions where token_hash = encode(sha256(${token}::bytea), 'hex'))`);
}

describe('buying store items', () => {
  it('lets exactly two of 20 parallel buys of a 25-diamond item through on a balance of 50', async () => {
    const token = await signupLearner(app);
    await give(token, 50);
    const before = await balancesOf(token);
    const item = { name: 'Word Limit', amount: 50, diamondAmount: 25, creditAmount: 625, payWith: 'diamonds' };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        app.inject({ method: 'POST', url: '/api/v1/payment/buy-item', headers: authed(token), payload: item }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(2);
    expect(statuses.filter((status) => status === 403)).toHaveLength(18);
    const after = await balancesOf(token);
    expect(after.diamondAmount).toBe(0);
    expect(after.wordLimit).toBe(before.wordLimit + 100);
  });
});

describe('discount codes', () => {
  it('refuses a code past its expiry like an unknown one', async () => {
    const token = await signupLearner(app);
    await app.database.db.execute(
      sql`insert into discounts (code, percent, expires_at) values ('GONE30', 30, ${new Date(app.clock.now().getTime() - 1000).toISOString()}::timestamptz)`,
    );
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/discounts/check',
      headers: authed(token),
      payload: { discountCode: 'GONE30' },
    });
    expect(response.statusCode).toBe(404);
  });
});

describe("an operator's grant", () => {
  it('adds diamonds and coins, starts Pro Gold from now, then extends it from its end', async () => {
    const token = await signupLearner(app);
    const { email } = await balancesOf(token);
    const now = app.clock.now();
    const day = 24 * 60 * 60 * 1000;
    const first = await grantToUser(
      app.database.db,
      email.toUpperCase(),
      { diamonds: 40, coins: 700, proDays: 30 },
      now,
    );
    expect(first).toMatchObject({ diamondAmount: 40, creditAmount: 700 });
    expect(first?.proEndDate?.getTime()).toBe(now.getTime() + 30 * day);
    const second = await grantToUser(app.database.db, email, { diamonds: 0, coins: 0, proDays: 5 }, now);
    expect(second?.proEndDate?.getTime()).toBe(now.getTime() + 35 * day);
    expect(await grantToUser(app.database.db, 'nobody@example.com', { diamonds: 1, coins: 0, proDays: 0 }, now)).toBe(
      undefined,
    );
  });
});
