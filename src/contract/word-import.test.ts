import { describe, expect, it } from 'vitest';
import { type ExportedWord, exportFile } from './word-export';
import {
  decodeWordFile,
  importedWord,
  levelOfStatus,
  parseWordFile,
  unneutralised,
  WordFileError,
  wordFileSlices,
} from './word-import';

const word: ExportedWord = {
  language: 'de',
  word: 'hund',
  level: 3,
  meaning: '=dog, "good"',
  note: 'two\nlines',
  sentence: 'Der Hund schläft.',
  source: { contentId: 12, pageId: 3, videoId: null },
  updatedAt: '2026-11-28T09:30:00.000Z',
  card: null,
};

async function exported(format: 'json' | 'csv' | 'lute', words: ExportedWord[]): Promise<string> {
  let text = '';
  async function* pages() {
    yield words;
  }
  for await (const chunk of exportFile(format, '2026-11-28T10:00:00.000Z', pages())) text += chunk;
  return text;
}

const de = { language: 'de' as const };

function problemOf(text: string) {
  try {
    parseWordFile(text, de);
  } catch (error) {
    return error instanceof WordFileError ? error.problem : error;
  }
  return undefined;
}

describe('reading a word file', () => {
  it('reads back what the JSON export writes, source included', async () => {
    const text = await exported('json', [word, { ...word, word: 'katze', level: 0, meaning: null }]);
    const file = parseWordFile(text, { language: 'en' });
    expect(file.format).toBe('json');
    expect(file.problems).toEqual([]);
    expect(file.rows).toEqual([
      {
        line: 2,
        language: 'de',
        word: 'hund',
        level: 3,
        meaning: '=dog, "good"',
        note: 'two\nlines',
        sentence: 'Der Hund schläft.',
        source: word.source,
        card: null,
      },
      {
        line: 3,
        language: 'de',
        word: 'katze',
        level: 0,
        meaning: null,
        note: 'two\nlines',
        sentence: 'Der Hund schläft.',
        source: word.source,
        card: null,
      },
    ]);
  });

  it("reads back Folio's CSV: words, levels, meanings, notes and sentences, formula cells as written", async () => {
    const file = parseWordFile(await exported('csv', [word]), { language: 'en' });
    expect(file.format).toBe('csv');
    expect(file.rows).toEqual([
      {
        line: 2,
        language: 'de',
        word: 'hund',
        level: 3,
        meaning: '=dog, "good"',
        note: 'two\nlines',
        sentence: 'Der Hund schläft.',
      },
    ]);
  });

  it("reads back Lute's CSV with every level as it was", async () => {
    const words = [0, 1, 2, 3, 4].map((level) => ({ ...word, word: `wort${'a'.repeat(level)}`, level }));
    const file = parseWordFile(await exported('lute', words), { language: 'en' });
    expect(file.format).toBe('lute');
    expect(file.rows.map((row) => [row.word, row.level, row.language, row.meaning])).toEqual(
      words.map((w) => [w.word, w.level, 'de', '=dog, "good"']),
    );
  });

  it("reads back the parent each format writes: the JSON backup, Folio's CSV and Lute's", async () => {
    const words = [
      { ...word, word: 'ging', parent: 'gehen' },
      { ...word, word: 'gehen', parent: null },
    ];
    for (const format of ['json', 'csv', 'lute'] as const) {
      const file = parseWordFile(await exported(format, words), { language: 'en' });
      expect(file.rows.map((row) => [row.word, row.parent])).toEqual([
        ['ging', 'gehen'],
        ['gehen', undefined],
      ]);
    }
  });

  it('reads back when each word was first saved, from every format that writes it', async () => {
    const added = { ...word, addedAt: '2025-04-03T02:01:00.000Z' };
    for (const format of ['json', 'csv', 'lute'] as const) {
      const file = parseWordFile(await exported(format, [added]), { language: 'en' });
      expect(file.rows.map((row) => row.added)).toEqual(['2025-04-03T02:01:00.000Z']);
    }
  });

  it("reads Lute's added time as UTC and leaves out one it cannot read, keeping the row", () => {
    const text = [
      'term,parent,translation,language,tags,added,status,link_status,pronunciation',
      'Hund,,dog,German,,2024-02-29 23:59:58,2,,',
      'Katze,,cat,German,,gestern,2,,',
      'Maus,,mouse,German,,2024-02-30 10:00:00,2,,',
    ].join('\r\n');
    const file = parseWordFile(text, de);
    expect(file.rows.map((row) => [row.word, row.added])).toEqual([
      ['hund', '2024-02-29T23:59:58.000Z'],
      ['katze', undefined],
      ['maus', undefined],
    ]);
  });

  it('leaves out a parent that is the word itself or no word, keeping the row', () => {
    const text = [
      'term,parent,translation,language,tags,added,status,link_status,pronunciation',
      'Hund,HUND,dog,German,,,2,,',
      'Katze,123,cat,German,,,2,,',
      'Maus,Mäuse,mouse,German,,,2,,',
    ].join('\r\n');
    const file = parseWordFile(text, de);
    expect(file.rows.map((row) => [row.word, row.parent])).toEqual([
      ['hund', undefined],
      ['katze', undefined],
      ['maus', 'mäuse'],
    ]);
  });

  it("reads LWT's TSV export: no header, statuses 1–5, 98 and 99, the sentence's braces removed", () => {
    const text = [
      'Hund\tdog\tDer {Hund} schläft.\t\t1\tGerman\t11\t',
      'Katze\t*\t\t\t99\tGerman\t12\tanimals',
      'Maus\tmouse\t\t\t98\tGerman\t13\t',
      'Haus\thouse\t\t\t5\tGerman\t14\t',
    ].join('\r\n');
    const file = parseWordFile(text, { language: 'fr' });
    expect(file.format).toBe('lwt');
    expect(file.rows.map((row) => [row.word, row.level, row.meaning, row.sentence])).toEqual([
      ['hund', 0, 'dog', 'Der Hund schläft.'],
      ['katze', 4, null, null],
      ['haus', 4, 'house', null],
    ]);
    expect(file.problems).toEqual([{ line: 3, reason: 'ignored_term', word: 'Maus' }]);
  });

  it('uses the learner’s language for a row without one', () => {
    const file = parseWordFile('term,language,status,translation\nHund,,2,dog\n', de);
    expect(file.rows[0]).toMatchObject({ language: 'de', word: 'hund', level: 1 });
  });

  it('takes semicolons and tabs as delimiters, CRLF or LF, and quoted line breaks', () => {
    const semicolons = parseWordFile(
      'language;word;level;meaning\r\nde;Hund;2;"a;b"\r\nde;Katze;1;"two\r\nlines"\r\nde;Maus;0;x\r\n',
      de,
    );
    expect(semicolons.rows.map((row) => [row.word, row.meaning, row.line])).toEqual([
      ['hund', 'a;b', 2],
      ['katze', 'two lines', 3],
      ['maus', 'x', 5],
    ]);
    const tabs = parseWordFile('language\tword\tlevel\nde\tHund\t2\n', de);
    expect(tabs.rows.map((row) => row.word)).toEqual(['hund']);
  });

  it('lists each bad row with its line and reason, and keeps the good ones', () => {
    const text = [
      'language,word,level',
      'de,Hund,5',
      'de,Katze,x',
      'de,,1',
      'de,123,1',
      'de,zwei. Wörter,1',
      `de,${'a'.repeat(101)},1`,
      'xx,Maus,1',
      'de,"=cmd|\' /C calc\'!A0",1',
      'de,Haus,2',
      'de,haus,3',
      'de,HAUS,2',
    ].join('\n');
    const file = parseWordFile(text, de);
    expect(file.rows.map((row) => [row.word, row.level])).toEqual([['haus', 2]]);
    expect(file.repeated).toBe(1);
    expect(file.problems.map((problem) => [problem.line, problem.reason])).toEqual([
      [2, 'bad_level'],
      [3, 'bad_level'],
      [4, 'empty_word'],
      [5, 'not_a_word'],
      [6, 'not_a_word'],
      [7, 'word_too_long'],
      [8, 'unknown_language'],
      [9, 'not_a_word'],
      [11, 'duplicate_word'],
    ]);
  });

  it("lists a bad row's word cut to a word's length, without control characters", () => {
    const file = parseWordFile(`language,word,level\nde,"${'x\u0000'.repeat(300)}",1\n`, de);
    expect(file.problems).toEqual([{ line: 2, reason: 'word_too_long', word: 'x'.repeat(100) }]);
  });

  it("reads a Folio CSV written by hand without a language column in the learner's language", () => {
    const file = parseWordFile('word,level,meaning\nHund,2,dog\n', de);
    expect(file.format).toBe('csv');
    expect(file.rows.map((row) => [row.language, row.word, row.level, row.meaning])).toEqual([
      ['de', 'hund', 2, 'dog'],
    ]);
  });

  it('refuses an empty file, a header alone, an unknown header, and another JSON', () => {
    expect(problemOf('')).toBe('empty_word_file');
    expect(problemOf('language,word,level\r\n')).toBe('empty_word_file');
    expect(problemOf('a,b,c\n1,2,3\n')).toBe('unknown_word_format');
    expect(problemOf('{"schema":"other","version":1,"words":[]}')).toBe('unknown_word_format');
    expect(problemOf('{"schema":"folio-words","version":2,"exportedAt":"x","words":[]}')).toBe('unknown_word_format');
    expect(problemOf('{not json')).toBe('unknown_word_format');
  });

  it('uses the learner’s choice of format when the file cannot tell', () => {
    const file = parseWordFile('Hund\tdog\n', { language: 'de', fallback: 'lwt' });
    expect(file.problems).toEqual([{ line: 1, reason: 'bad_row' }]);
  });

  it('pauses between slices of a large file', () => {
    const text = `language,word,level\n${Array.from({ length: 5000 }, (_, i) => `de,wort${String.fromCharCode(97 + (i % 26))}${i.toString(36).replace(/\d/g, 'x')},1`).join('\n')}`;
    const slices = wordFileSlices(text, de);
    let pauses = 0;
    for (let step = slices.next(); !step.done; step = slices.next()) pauses += 1;
    expect(pauses).toBeGreaterThanOrEqual(2);
  });
});

describe('the pieces of a word file', () => {
  it('decodes UTF-8 with or without a BOM and refuses Latin-1 bytes', () => {
    expect(decodeWordFile(new TextEncoder().encode('\uFEFFa,b'))).toBe('a,b');
    expect(decodeWordFile(new TextEncoder().encode('a,b'))).toBe('a,b');
    expect(() => decodeWordFile(new Uint8Array([0x63, 0x61, 0x66, 0xe9]))).toThrow(/not UTF-8/);
    expect(() => decodeWordFile(new Uint8Array([0xef, 0xbb, 0xbf]))).toThrow(WordFileError);
  });

  it('maps Lute and LWT statuses to levels, the inverse of the export', () => {
    expect(['1', '2', '3', '4', '5', 'W', 'w', '99'].map(levelOfStatus)).toEqual([0, 1, 2, 3, 4, 4, 4, 4]);
    expect(['I', '98'].map(levelOfStatus)).toEqual(['ignored', 'ignored']);
    expect(['0', '6', 'x', ''].map(levelOfStatus)).toEqual([undefined, undefined, undefined, undefined]);
  });

  it("removes the export's neutralising quote only before a formula character", () => {
    expect(unneutralised("'=1+2")).toBe('=1+2');
    expect(unneutralised("'-x")).toBe('-x');
    expect(unneutralised("'tis")).toBe("'tis");
  });

  it('normalises a word as the reader saves it', () => {
    expect(importedWord('  Straße ', 'de')).toEqual({ word: 'straße' });
    expect(importedWord('Cafe\u0301', 'fr')).toEqual({ word: 'café' });
    expect(importedWord('İstanbul', 'en')).toEqual({ word: 'i̇stanbul' });
    expect(importedWord('42', 'de')).toEqual({ reason: 'not_a_word' });
  });

  it("takes a phrase as the reader saves one, Lute's zero-width spaces between its words too", () => {
    expect(importedWord('Give  Up', 'en')).toEqual({ word: 'give up' });
    expect(importedWord('in\u200B \u200Bspite\u200B \u200Bof', 'en')).toEqual({ word: 'in spite of' });
    expect(importedWord('one two three four five six seven eight', 'en')).toEqual({ reason: 'not_a_word' });
  });
});
