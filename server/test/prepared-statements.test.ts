import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import {
  anyOf,
  MAX_PREPARED_PARAMETERS,
  preparedOnce,
  preparingClient,
  STATEMENTS_PER_SESSION,
  statement,
} from '../src/db/prepared-statements.ts';
import { openTestDatabase } from './test-database.ts';

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

/** A statement text no other test runs (the embedded database lists every connection's statements), with its tag. */
const uniqueText = (n = 0, tag = randomBytes(4).toString('hex')) => `select $1::int + ${n} as sum /* ${tag} */`;

/** How many statements prepared in this session hold this text (a query not itself prepared: it has no parameters). */
async function preparedCount(client: pg.ClientBase, fragment: string) {
  const pattern = `%${fragment.replaceAll("'", "''")}%`;
  const { rows } = await client.query(
    `select count(*)::int as n from pg_prepared_statements where statement like '${pattern}'`,
  );
  return rows[0]?.n as number;
}

async function withClient<T>(use: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await database.pool.connect();
  try {
    return await use(client);
  } finally {
    client.release();
  }
}

it('prepares a parameterized statement once and runs it again from there', async () => {
  const text = uniqueText(40);
  await withClient(async (client) => {
    const sums = [];
    for (const n of [1, 2, 3]) sums.push((await client.query(text, [n])).rows[0]?.sum);
    expect(sums).toEqual([41, 42, 43]);
    expect(await preparedCount(client, text)).toBe(1);
  });
});

it('runs a statement on several connections at once, prepared once in a session they share', async () => {
  const text = uniqueText(100);
  const first = await database.pool.connect();
  const second = await database.pool.connect();
  try {
    const answers = await Promise.all([first.query(text, [1]), second.query(text, [2])]);
    expect(answers.map((answer) => answer.rows[0]?.sum)).toEqual([101, 102]);
    // Again, once it is prepared; and on a connection opened while these two are checked out.
    const again = await Promise.all([first.query(text, [3]), second.query(text, [4]), database.pool.query(text, [5])]);
    expect(again.map((answer) => answer.rows[0]?.sum)).toEqual([103, 104, 105]);
    // The embedded database's one session holds it once; each PostgreSQL session lists only its own.
    expect(await preparedCount(first, text)).toBe(1);
  } finally {
    first.release();
    second.release();
  }
});

it("runs the texts past a session's share of statements unprepared", async () => {
  const tag = randomBytes(4).toString('hex');
  const texts = Array.from({ length: STATEMENTS_PER_SESSION + 1 }, (_, n) => uniqueText(n, tag));
  const first = texts[0];
  const last = texts.at(-1);
  if (!first || !last) throw new Error('no texts');
  // A client of its own, with nothing prepared yet.
  const Client = preparingClient(database.embedded ? 'one-session' : 'per-connection');
  const client = new Client({ connectionString: database.connectionString });
  await client.connect();
  try {
    for (const text of texts) await client.query(text, [1]);
    expect((await client.query(last, [1])).rows[0]?.sum).toBe(STATEMENTS_PER_SESSION + 1);
    expect(await preparedCount(client, first)).toBe(1);
    expect(await preparedCount(client, last)).toBe(0);
    expect(await preparedCount(client, tag)).toBe(STATEMENTS_PER_SESSION);
  } finally {
    await client.end();
  }
});

it('runs a statement with more parameters than a row or two unprepared', async () => {
  const tag = randomBytes(4).toString('hex');
  const values = Array.from({ length: MAX_PREPARED_PARAMETERS + 1 }, (_, n) => n);
  const text = `select ${values.map((n) => `$${n + 1}::int`).join(' + ')} as sum /* ${tag} */`;
  await withClient(async (client) => {
    expect((await client.query(text, values)).rows[0]?.sum).toBe((values.length * (values.length - 1)) / 2);
    expect(await preparedCount(client, tag)).toBe(0);
  });
});

it('matches a list given as one array parameter, whatever its values hold', async () => {
  const values = ['a"b', 'c,d', '{e}', 'f\\g', "h'i", 'NULL', ' '];
  const { rows } = await database.db.execute<{ v: string }>(
    sql`select v from unnest(${sql.param([...values, 'absent'])}::text[]) v where ${anyOf(sql.raw('v'), values, 'text')}`,
  );
  expect(rows.map((row) => row.v)).toEqual(values);
});

it('names statements itself, whatever name a query comes with', async () => {
  const text = uniqueText(7);
  const first = await database.pool.connect();
  const second = await database.pool.connect();
  try {
    const answers = [];
    for (const [n, client] of [first, second, first, second].entries()) {
      answers.push((await client.query({ name: 'given_name', text, values: [n] })).rows[0]?.sum);
    }
    expect(answers).toEqual([7, 8, 9, 10]);
    const { rows } = await first.query(
      `select count(*)::int as n from pg_prepared_statements where name = 'given_name'`,
    );
    expect(rows[0]?.n).toBe(0);
  } finally {
    first.release();
    second.release();
  }
});

it("builds a statement with placeholders once and runs it with each call's values, in a transaction too", async () => {
  const sum = statement<'a' | 'b', { sum: number }>((p) => sql`select ${p.a}::int + ${p.b}::int as sum`);
  expect(await sum(database.db, { a: 1, b: 2 })).toEqual([{ sum: 3 }]);
  expect(await database.db.transaction((tx) => sum(tx, { a: 20, b: 22 }))).toEqual([{ sum: 42 }]);
});

it('keeps what a query prepares once per database, and makes it anew for a transaction', async () => {
  let made = 0;
  const prepare = () => ++made;
  expect([preparedOnce(database.db, prepare), preparedOnce(database.db, prepare)]).toEqual([1, 1]);
  expect(await database.db.transaction(async (tx) => preparedOnce(tx, prepare))).toBe(2);
});
