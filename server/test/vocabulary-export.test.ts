import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelopeSchema } from '#contract/envelope.ts';
import { wordBackupSchema } from '#contract/word-export.ts';
import { exportedWordPages } from '../src/db/queries/vocabulary-export.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { addReviewedCard, authed, firstContentId, saveWord, seedFixtures, signupLearner } from './helpers.ts';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp({ accounts: { newUserWordLimit: 100 } });
  await seedFixtures(app);
});
afterAll(() => app.close());

const exportCall = (token: string | null, query: Record<string, string>) =>
  app.inject({
    method: 'GET',
    url: `/api/v1/vocabulary/export?${new URLSearchParams(query)}`,
    headers: token ? authed(token) : {},
  });

async function exported(token: string, query: Record<string, string>) {
  const response = await exportCall(token, query);
  expect(response.statusCode, response.body).toBe(200);
  return response;
}

const save = (token: string, lowercase: string, level: number, language = 'en', context?: object) =>
  saveWord(app, token, lowercase, level, language, context);

/** The newest learner's id (the tests of this file sign up one at a time). */
async function newestUserId(): Promise<number> {
  const result = await app.database.db.execute<{ id: number }>(sql`select max(id) as id from users`);
  return Number(result.rows[0]?.id);
}

/**
 * A learner with English words at every level, one of them with a card reviewed once, one with a meaning, a note and
 * a sentence a spreadsheet or a CSV reader could trip on, and a German word.
 */
async function learnerWithWords() {
  const token = await signupLearner(app);
  const userId = await newestUserId();
  const contentId = await firstContentId(app, 'en');
  await save(token, 'mara', 2, 'en', { sentence: 'Mara keeps the light.', source: { contentId, pageId: 0 } });
  await save(token, 'light', 0);
  await save(token, 'cat', 1);
  await save(token, 'night', 3);
  await save(token, 'storm', 4);
  await save(token, 'hund', 1, 'de');
  await app.database.db.execute(sql`update user_words
    set meaning = '=HYPERLINK("http://x")', note = ${'a note, "quoted"\nover two lines'}
    where user_id = ${userId} and lowercase = 'cat'`);
  await app.database.db.execute(sql`update user_words set meaning = '-1 light', note = '@home'
    where user_id = ${userId} and lowercase = 'light'`);
  const reviewId = randomUUID();
  await addReviewedCard(app, token, 'mara', reviewId);
  return { token, userId, contentId, reviewId };
}

/** A CSV text's records (RFC 4180: quoted fields may hold commas, doubled quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      record.push(field);
      field = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i++;
    } else field += char;
  }
  expect(field).toBe('');
  expect(record).toEqual([]);
  return records;
}

describe('exporting words', () => {
  it('writes a CSV with a BOM and CRLF, quoting what needs it and neutralising formulas', async () => {
    const { token, contentId } = await learnerWithWords();
    const response = await exported(token, { format: 'csv', language: 'en' });
    expect(response.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="folio-words-en-\d{4}-\d\d-\d\d\.csv"$/,
    );
    const body = response.rawPayload.toString('utf8');
    expect(
      body.startsWith('\uFEFFlanguage,word,level,meaning,note,sentence,source,added,updated,card_state,parent\r\n'),
    ).toBe(true);
    expect(body).toContain('\r\nen,cat,1,"\'=HYPERLINK(""http://x"")","a note, ""quoted""\nover two lines",,,');
    expect(body.replace(/\r\n/g, '').includes('\r')).toBe(false);
    const [header, ...rows] = parseCsv(body.slice(1));
    expect(header).toHaveLength(11);
    expect(rows.map((row) => [row[1], row[2]])).toEqual([
      ['cat', '1'],
      ['light', '0'],
      ['mara', '2'],
      ['night', '3'],
      ['storm', '4'],
    ]);
    const byWord = Object.fromEntries(rows.map((row) => [row[1], row]));
    expect(byWord.cat?.slice(3, 5)).toEqual(['\'=HYPERLINK("http://x")', 'a note, "quoted"\nover two lines']);
    expect(byWord.light?.slice(3, 5)).toEqual(["'-1 light", "'@home"]);
    expect(byWord.mara?.slice(5, 7)).toEqual(['Mara keeps the light.', `/reader/${contentId}?page=0`]);
    expect(byWord.mara?.[7]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(byWord.mara?.[8]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(byWord.mara?.[9]).toBe('learning');
    expect(byWord.night?.[9]).toBe('');
  });

  it("writes Lute's header, the language's name and a status for each level", async () => {
    const { token } = await learnerWithWords();
    const response = await exported(token, { format: 'lute', language: 'all' });
    expect(response.headers['content-disposition']).toMatch(/filename="folio-words-all-\d{4}-\d\d-\d\d-lute\.csv"/);
    const [header, ...rows] = parseCsv(response.rawPayload.toString('utf8').slice(1));
    expect(header).toEqual([
      'term',
      'parent',
      'translation',
      'language',
      'tags',
      'added',
      'status',
      'link_status',
      'pronunciation',
    ]);
    expect(rows.map((row) => [row[0], row[3], row[6]])).toEqual([
      ['cat', 'English', '2'],
      ['light', 'English', '1'],
      ['mara', 'English', '3'],
      ['night', 'English', '4'],
      ['storm', 'English', 'W'],
      ['hund', 'German', '2'],
    ]);
    expect(rows[0]?.[2]).toBe('\'=HYPERLINK("http://x")');
  });

  it('writes a JSON backup with its schema and version, every field, the card and its review log', async () => {
    const { token, contentId, reviewId } = await learnerWithWords();
    const response = await exported(token, { format: 'json', language: 'all' });
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    const backup = wordBackupSchema.parse(response.json());
    expect(backup).toMatchObject({ schema: 'folio-words', version: 1 });
    expect(backup.words.map((word) => `${word.language}:${word.word}`)).toEqual([
      'en:cat',
      'en:light',
      'en:mara',
      'en:night',
      'en:storm',
      'de:hund',
    ]);
    const mara = backup.words.find((word) => word.word === 'mara');
    expect(mara).toMatchObject({
      level: 2,
      meaning: null,
      sentence: 'Mara keeps the light.',
      source: { contentId, pageId: 0, videoId: null },
    });
    expect(mara?.card).toMatchObject({ reps: 1, state: 1, suspended: false, sentence: 'Mara keeps the light.' });
    expect(mara?.card?.reviews).toEqual([
      expect.objectContaining({ reviewId, rating: 3, levelBefore: 2, levelAfter: 2, durationMs: 1200, undoneAt: null }),
    ]);
    expect(mara?.card?.reviews[0]?.cardAfter).toMatchObject({ reps: 1 });
    expect(backup.words.find((word) => word.word === 'cat')).toMatchObject({
      meaning: '=HYPERLINK("http://x")',
      note: 'a note, "quoted"\nover two lines',
      card: null,
    });
  });

  it('exports one language or all, at the levels asked', async () => {
    const { token } = await learnerWithWords();
    const words = async (query: Record<string, string>) =>
      wordBackupSchema
        .parse((await exported(token, { format: 'json', ...query })).json())
        .words.map((word) => word.word);
    expect(await words({ language: 'de' })).toEqual(['hund']);
    expect(await words({ language: 'en', levels: '0,4' })).toEqual(['light', 'storm']);
    expect(await words({ language: 'all', levels: '1' })).toEqual(['cat', 'hund']);
    expect(await words({ language: 'fr' })).toEqual([]);
  });

  it('pages through a long list once per word', async () => {
    const { userId } = await learnerWithWords();
    const pages: string[][] = [];
    for await (const page of exportedWordPages(app.database.db, { userId, languages: ['en', 'de'], pageSize: 2 })) {
      pages.push(page.map((word) => word.word));
    }
    expect(pages).toEqual([['cat', 'light'], ['mara', 'night'], ['storm'], ['hund']]);
  });

  it('answers a visitor 401, and a learner only their own words', async () => {
    await learnerWithWords();
    const visitor = await exportCall(null, { format: 'csv', language: 'all' });
    expect(visitor.statusCode).toBe(401);
    expect(errorEnvelopeSchema.parse(visitor.json()).details[0]?.code).toBe('unauthorized');
    const other = await signupLearner(app);
    await save(other, 'lighthouse', 2);
    const backup = wordBackupSchema.parse((await exported(other, { format: 'json', language: 'all' })).json());
    expect(backup.words.map((word) => word.word)).toEqual(['lighthouse']);
    const csv = (await exported(other, { format: 'csv', language: 'all' })).rawPayload.toString('utf8');
    expect(csv.split('\r\n').filter(Boolean)).toHaveLength(2);
  });

  it('answers 400 naming the field for a bad format, language or levels', async () => {
    const { token } = await learnerWithWords();
    const bad: [Record<string, string>, string][] = [
      [{ format: 'xml', language: 'en' }, 'format'],
      [{ language: 'en' }, 'format'],
      [{ format: 'csv', language: 'xx' }, 'language'],
      [{ format: 'csv' }, 'language'],
      [{ format: 'csv', language: 'en', levels: '5' }, 'levels'],
      [{ format: 'csv', language: 'en', levels: '1,,2' }, 'levels'],
    ];
    for (const [query, field] of bad) {
      const response = await exportCall(token, query);
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
      const envelope = errorEnvelopeSchema.parse(response.json());
      expect(envelope.details[0], JSON.stringify(query)).toMatchObject({ code: 'invalid_input', field });
    }
  });
});
