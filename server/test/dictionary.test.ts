import { existsSync } from 'node:fs';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '#contract/endpoints.ts';
import { envelopeSchema } from '#contract/envelope.ts';
import { dictionaryEntries } from '../src/db/schema/learning.ts';
import { importDictionary } from '../src/services/dictionary/import.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';

/** Debian's dict-freedict-* packages (installed by .ci/run). */
const dictd = '/usr/share/dictd';
const file = (name: string) => ({
  name,
  indexPath: path.join(dictd, `${name}.index`),
  dictPath: path.join(dictd, `${name}.dict.dz`),
});
const englishHungarian = file('freedict-eng-hun');
const germanEnglish = file('freedict-deu-eng');
const installed = existsSync(englishHungarian.indexPath) && existsSync(germanEnglish.indexPath);

let app: TestApp;

async function glossOf(from: string, to: string, headword: string) {
  const [row] = await app.database.db
    .select({ gloss: dictionaryEntries.gloss })
    .from(dictionaryEntries)
    .where(
      and(
        eq(dictionaryEntries.sourceLanguage, from),
        eq(dictionaryEntries.targetLanguage, to),
        eq(dictionaryEntries.headword, headword),
      ),
    );
  return row?.gloss;
}

async function countOf(source: string) {
  const [row] = await app.database.db
    .select({ count: sql<number>`count(*)::int` })
    .from(dictionaryEntries)
    .where(eq(dictionaryEntries.source, source));
  return row?.count ?? 0;
}

describe.skipIf(!installed)('importing FreeDict dictionaries', () => {
  beforeAll(async () => {
    app = await buildTestApp();
  }, 60_000);
  afterAll(() => app.close());

  it('rolls a file back whole when it fails part-way', async () => {
    const failing = importDictionary(app.database.db, englishHungarian, (done) => {
      if (done > 2000) throw new Error('disk full');
    });
    await expect(failing).rejects.toThrow('disk full');
    expect(await countOf('freedict-eng-hun')).toBe(0);
  });

  it('loads English–Hungarian with short common glosses and repaired letters', async () => {
    const report = await importDictionary(app.database.db, englishHungarian);
    expect(report.read).toBeGreaterThan(80_000);
    expect(report.inserted).toBeGreaterThan(80_000);
    expect(await glossOf('en', 'hu', 'house')).toBe('ház');
    expect(await glossOf('en', 'hu', 'word')).toBe('szó');
    const [damaged] = await app.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(dictionaryEntries)
      .where(sql`${dictionaryEntries.targetLanguage} = 'hu' and ${dictionaryEntries.gloss} ~ '[ôûÔÛ]'`);
    expect(damaged?.count).toBe(0);
  });

  it('changes nothing when the same file is imported again', async () => {
    const before = await countOf('freedict-eng-hun');
    const report = await importDictionary(app.database.db, englishHungarian);
    expect(report).toMatchObject({ inserted: 0, updated: 0 });
    expect(report.unchanged).toBe(before);
    expect(await countOf('freedict-eng-hun')).toBe(before);
  });

  it('refuses an index that points past its data', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'folio-dict-'));
    const index = await readFile(germanEnglish.indexPath, 'utf8');
    const broken = {
      name: 'freedict-deu-eng',
      indexPath: path.join(dir, 'freedict-deu-eng.index'),
      dictPath: germanEnglish.dictPath,
    };
    await writeFile(broken.indexPath, `${index}zzzz\t////////\tB\n`);
    await expect(importDictionary(app.database.db, broken)).rejects.toThrow(/points past the data/);
    expect(await countOf('freedict-deu-eng')).toBe(0);
  });

  it('makes a German word no glossary holds translatable, inflected forms too', async () => {
    // The real file's entries of the two words, not the whole file (its import was the server tests' longest step).
    const lines = (await readFile(germanEnglish.indexPath, 'utf8'))
      .split('\n')
      .filter((line) => /^(kaffee|schnell)\t/i.test(line));
    const indexPath = path.join(await mkdtemp(path.join(tmpdir(), 'folio-dict-')), 'freedict-deu-eng.index');
    await writeFile(indexPath, `${lines.join('\n')}\n`);
    await importDictionary(app.database.db, { ...germanEnglish, indexPath });
    const translate = (lowerCase: string) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/translation',
        payload: { tokenId: 0, lowerCase, targetLanguage: 'de', homeLanguage: 'en' },
      });
    const exact = envelopeSchema(endpoints.translate.details).parse((await translate('kaffee')).json());
    expect(exact.details.translatesTo).toBe('coffee');
    const inflected = envelopeSchema(endpoints.translate.details).parse((await translate('schnelle')).json());
    expect(inflected.details.translatesTo).toBe('fast');
  });

  it("keeps an inflected form's base form as its entries name it, and answers it", async () => {
    // The real file's entries of these words: an infinitive and its forms, a noun and its plural.
    const lines = (await readFile(germanEnglish.indexPath, 'utf8'))
      .split('\n')
      .filter((line) => /^(gehen|gehend|gegangen|ging|sehen|sehend|gesehen|haus|häuser)\t/i.test(line));
    const indexPath = path.join(await mkdtemp(path.join(tmpdir(), 'folio-dict-')), 'freedict-deu-eng.index');
    await writeFile(indexPath, `${lines.join('\n')}\n`);
    const report = await importDictionary(app.database.db, { ...germanEnglish, indexPath });
    expect(report.withLemma).toBeGreaterThanOrEqual(4);
    const lemma = async (lowercase: string) => {
      const response = await app.inject({
        method: 'GET',
        url: `/api/v1/dictionary/de/lemma?lowercase=${encodeURIComponent(lowercase)}`,
      });
      return envelopeSchema(endpoints.wordLemma.details).parse(response.json()).details.lemma;
    };
    expect(await lemma('gegangen')).toBe('gehen');
    expect(await lemma('ging')).toBe('gehen');
    expect(await lemma('gesehen')).toBe('sehen');
    expect(await lemma('häuser')).toBe('haus');
    expect(await lemma('gehen')).toBeNull();
    expect(await lemma('unbekannt')).toBeNull();
  });
});
