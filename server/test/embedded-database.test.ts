import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { openTestDatabase } from './test-database.ts';

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
  await database.pool.query('create table counters (id int primary key, n int not null)');
  await database.pool.query('insert into counters values (1, 0)');
});
afterAll(() => database.close());

async function transfer() {
  const client = await database.pool.connect();
  try {
    await client.query('begin');
    const { rows } = await client.query('select n from counters where id = $1 for update', [1]);
    await client.query('update counters set n = $1 where id = $2', [Number(rows[0]?.n) + 1, 1]);
    await client.query('commit');
  } finally {
    client.release();
  }
}

it('answers parameterized queries correctly while other connections run transactions', async () => {
  const values = Array.from({ length: 100 }, (_, i) => i);
  const [results] = await Promise.all([
    Promise.all(values.map((i) => database.pool.query('select $1::int * 2 as doubled', [i]))),
    Promise.all(Array.from({ length: 10 }, transfer)),
  ]);
  expect(results.map((result) => result.rows[0]?.doubled)).toEqual(values.map((i) => i * 2));
});

it('isolates concurrent transactions that read and write the same row', async () => {
  const before = Number((await database.pool.query('select n from counters where id = 1')).rows[0]?.n);
  await Promise.all(Array.from({ length: 20 }, transfer));
  const { rows } = await database.pool.query('select n from counters where id = 1');
  expect(rows[0]?.n).toBe(before + 20);
});
