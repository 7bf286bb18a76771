import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { authed, signupLearner } from './helpers.ts';

// What the contract's cases (mocks/conformance.ts, "word families") cannot show: links racing each other, and what
// the database itself keeps when a parent goes.
let app: TestApp;

beforeAll(async () => {
  app = await buildTestApp({ accounts: { newUserWordLimit: 100 } });
});
afterAll(() => app.close());

async function learner() {
  const token = await signupLearner(app);
  const result = await app.database.db.execute<{ id: number }>(sql`select max(id) as id from users`);
  return { token, id: Number(result.rows[0]?.id) };
}

const link = (token: string, lowercase: string, parent: string) =>
  app.inject({
    method: 'PUT',
    url: '/api/v1/userword/en/parent',
    headers: authed(token),
    payload: { lowercase, parent: { lowercase: parent, language: 'en' } },
  });

async function parentsOf(id: number) {
  const result = await app.database.db.execute<{ lowercase: string; parent: string | null }>(
    sql`select lowercase, parent from user_words where user_id = ${id} order by lowercase`,
  );
  return Object.fromEntries(result.rows.map((row) => [row.lowercase, row.parent]));
}

describe("a word's parent", () => {
  it('two links racing into a cycle: one is stored, the other refused as a cycle', async () => {
    const { token, id } = await learner();
    const answers = await Promise.all([link(token, 'went', 'go'), link(token, 'go', 'went')]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    expect(answers.find((answer) => answer.statusCode === 400)?.json().details[0].code).toBe('parent_cycle');
    const parents = await parentsOf(id);
    expect([parents.went, parents.go].filter((parent) => parent !== null)).toHaveLength(1);
  });

  it('links racing at the word limit never pass it: each saves its two words or none', async () => {
    const { token, id } = await learner();
    await app.database.db.execute(sql`update users set word_limit = 3 where id = ${id}`);
    const answers = await Promise.all([link(token, 'went', 'go'), link(token, 'ran', 'run')]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 403]);
    const counted = await app.database.db.execute<{ word_count: number; saved: number }>(sql`
      select word_count, (select count(*)::int from user_words where user_id = ${id}) as saved
      from users where id = ${id}`);
    expect(counted.rows[0]).toEqual({ word_count: 2, saved: 2 });
  });

  it("a deleted parent clears its children's link and nothing else", async () => {
    const { token, id } = await learner();
    expect((await link(token, 'went', 'go')).statusCode).toBe(200);
    expect((await link(token, 'gone', 'go')).statusCode).toBe(200);
    await app.database.db.execute(sql`delete from user_words where user_id = ${id} and lowercase = 'go'`);
    expect(await parentsOf(id)).toEqual({ gone: null, went: null });
  });

  it('is refused by the database as the word itself, or as a word the learner has not saved', async () => {
    const { token, id } = await learner();
    expect((await link(token, 'went', 'go')).statusCode).toBe(200);
    await expect(
      app.database.db.execute(sql`update user_words set parent = lowercase where user_id = ${id}`),
    ).rejects.toThrow();
    await expect(
      app.database.db.execute(sql`update user_words set parent = 'unsaved' where user_id = ${id}`),
    ).rejects.toThrow();
  });
});
