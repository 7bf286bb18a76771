import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedStarterLibrary } from '../src/services/seed.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';

const fixtureDir = fileURLToPath(new URL('./fixtures/seed', import.meta.url));
let app: TestApp;
let dir: string;

beforeAll(async () => {
  app = await buildTestApp();
  dir = await mkdtemp(path.join(tmpdir(), 'folio-seed-'));
  await cp(fixtureDir, dir, { recursive: true });
});
afterAll(async () => {
  await app.close();
  await rm(dir, { recursive: true, force: true });
});

async function titles(): Promise<string[]> {
  const result = await app.database.db.execute<{ title: string }>(sql`select title from contents order by title`);
  return result.rows.map((row) => row.title);
}

describe('seeding the starter library at start', () => {
  it('seeds it the first time', async () => {
    const seeded = await seedStarterLibrary(app.database.db, dir);
    expect(seeded).toMatchObject({ contents: expect.any(Number) });
    expect(seeded === 'unchanged' ? 0 : seeded.contents).toBeGreaterThan(0);
  });

  it("takes a text's level from the head of its description", async () => {
    const result = await app.database.db.execute<{ level: string | null; description: string }>(
      sql`select level, description from contents where description like '%keeper and her cat'`,
    );
    expect(result.rows).toEqual([{ level: 'A1', description: 'A keeper and her cat' }]);
  });

  it('does not read it again while its files are unchanged', async () => {
    expect(await seedStarterLibrary(app.database.db, dir)).toBe('unchanged');
  });

  it('follows a changed file on the next start', async () => {
    const file = path.join(dir, 'en.json');
    const text = await readFile(file, 'utf8');
    const title = (JSON.parse(text) as { categories: { subCategories: { contents: { title: string }[] }[] }[] })
      .categories[0]?.subCategories[0]?.contents[0]?.title;
    if (!title) throw new Error('The fixture has no first text');
    await writeFile(file, text.replace(JSON.stringify(title), JSON.stringify(`${title}, revised`)));

    expect(await seedStarterLibrary(app.database.db, dir)).not.toBe('unchanged');
    expect(await titles()).toContain(`${title}, revised`);
    expect(await seedStarterLibrary(app.database.db, dir)).toBe('unchanged');
  });

  it('writes the page titles corrected in the files over those a database has from before', async () => {
    const file = path.join(dir, 'en.json');
    await writeFile(file, (await readFile(file, 'utf8')).replace('"title": "the keeper"', '"title": "The keeper"'));

    expect(await seedStarterLibrary(app.database.db, dir)).not.toBe('unchanged');
    const result = await app.database.db.execute<{ title: string }>(
      sql`select p.title from pages p join contents c on c.id = p.content_id
          where c.slug = 'test-en-the-lighthouse' order by p.number`,
    );
    expect(result.rows.map((row) => row.title)).toEqual(['The keeper', 'the storm']);
  });
});
