import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '#contract/endpoints.ts';
import { envelopeSchema } from '#contract/envelope.ts';
import { users } from '../src/db/schema/accounts.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { markLearningDay } from './helpers.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
let app: TestApp;
let counter = 0;
const userEnvelope = envelopeSchema(endpoints.refresh.details);

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

async function newLearner() {
  counter++;
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/signup',
    payload: {
      username: `learner${counter}`,
      email: `l${counter}@ex.io`,
      password: 'reading42',
      confirmPassword: 'reading42',
    },
  });
  const user = userEnvelope.parse(response.json()).details;
  const [row] = await app.database.db.select({ id: users.id }).from(users).where(eq(users.email, user.email));
  if (!row) throw new Error('no user');
  return { token: user.token, id: row.id };
}

function refresh(token: string, timeZone?: string) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/refresh',
    headers: { authorization: `Bearer ${token}`, ...(timeZone ? { 'x-time-zone': timeZone } : {}) },
  });
}

async function refreshed(token: string, timeZone?: string) {
  return userEnvelope.parse((await refresh(token, timeZone)).json()).details;
}

/** Learns on each of the next `days` days, ending with the clock one day after the last. */
async function learnDays(id: number, days: number, timeZone = 'UTC') {
  for (let day = 0; day < days; day++) {
    await markLearningDay(app.database.db, id, timeZone, app.clock.now());
    app.clock.advance(DAY);
  }
}

describe('the daily refresh', () => {
  it('grows the word limit by the streak once refreshAt has passed, then waits another day', async () => {
    const learner = await newLearner();
    await learnDays(learner.id, 3);
    const first = await refreshed(learner.token);
    expect(first.streak).toHaveLength(3);
    expect(first.wordLimit).toBe(103);
    expect(new Date(first.refreshAt).getTime()).toBe(app.clock.now().getTime() + DAY);
    const again = await refreshed(learner.token);
    expect(again.wordLimit).toBe(103);
  });

  it('changes nothing before refreshAt', async () => {
    const learner = await newLearner();
    await markLearningDay(app.database.db, learner.id, 'UTC', app.clock.now());
    app.clock.advance(2 * HOUR);
    expect((await refreshed(learner.token)).wordLimit).toBe(100);
  });

  it('gives at most 10 words a day on the free plan', async () => {
    const learner = await newLearner();
    await learnDays(learner.id, 12);
    expect((await refreshed(learner.token)).wordLimit).toBe(110);
  });

  it('gives 5 words per streak day with Pro Gold', async () => {
    const learner = await newLearner();
    await app.database.db
      .update(users)
      .set({ proEndDate: new Date(app.clock.now().getTime() + 30 * DAY) })
      .where(eq(users.id, learner.id));
    await learnDays(learner.id, 4);
    expect((await refreshed(learner.token)).wordLimit).toBe(120);
  });

  it('applies the reward once when refreshes arrive together', async () => {
    const learner = await newLearner();
    await learnDays(learner.id, 2);
    const answers = await Promise.all(Array.from({ length: 6 }, () => refresh(learner.token)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    const [row] = await app.database.db.select().from(users).where(eq(users.id, learner.id));
    expect(row?.wordLimit).toBe(102);
  });

  it('tells the learner their limit grew', async () => {
    const learner = await newLearner();
    await learnDays(learner.id, 1);
    await refresh(learner.token);
    const list = envelopeSchema(endpoints.notifications.details).parse(
      (
        await app.inject({
          method: 'GET',
          url: '/api/v1/notifications',
          headers: { authorization: `Bearer ${learner.token}` },
        })
      ).json(),
    ).details;
    expect(list[0]?.message).toContain('grew by 1 words');
  });
});

describe('the streak', () => {
  it('breaks when a day is missed', async () => {
    const learner = await newLearner();
    await learnDays(learner.id, 3);
    app.clock.advance(DAY);
    expect((await refreshed(learner.token)).streak).toEqual([]);
  });

  it("follows the learner's time zone", async () => {
    app.clock.set('2026-06-01T22:00:00Z');
    const learner = await newLearner();
    await markLearningDay(app.database.db, learner.id, 'Asia/Tokyo', app.clock.now());
    expect((await refreshed(learner.token, 'Asia/Tokyo')).streak).toEqual(['2026-06-02']);
    expect((await refreshed(learner.token, 'UTC')).streak).toEqual([]);
  });
});
