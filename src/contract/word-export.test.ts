import { describe, expect, it } from 'vitest';
import {
  csvField,
  csvRecord,
  type ExportedWord,
  exportFile,
  exportFileName,
  folioCsvRecord,
  luteCsvRecord,
  wordBackupSchema,
} from './word-export';

const word: ExportedWord = {
  language: 'de',
  word: 'hund',
  level: 4,
  meaning: 'dog',
  note: null,
  sentence: 'Der Hund, "Rex", schläft.',
  source: { contentId: 12, pageId: 3, videoId: null },
  updatedAt: '2026-11-28T09:30:00.000Z',
  addedAt: '2026-10-01T08:00:00.000Z',
  card: null,
};

async function whole(chunks: AsyncIterable<string>): Promise<string> {
  let text = '';
  for await (const chunk of chunks) text += chunk;
  return text;
}

async function* pagesOf(...pages: ExportedWord[][]) {
  for (const page of pages) yield page;
}

describe('the CSV writer', () => {
  it('quotes fields with a comma, a quote or a line break, doubling quotes (RFC 4180)', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('cr\rlf')).toBe('"cr\rlf"');
    expect(csvField(null)).toBe('');
    expect(csvField(3)).toBe('3');
    expect(csvRecord(['a', null, 'b c'])).toBe('a,,b c\r\n');
  });

  it("neutralises cells a spreadsheet would run as a formula with a leading '", () => {
    expect(csvField('=1+2')).toBe("'=1+2");
    expect(csvField('+33 1')).toBe("'+33 1");
    expect(csvField('-cmd')).toBe("'-cmd");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('\tx')).toBe("'\tx");
    expect(csvField('\rx')).toBe('"\'\rx"');
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField('a=b')).toBe('a=b');
  });

  it("writes a word in Folio's columns and in Lute's, its level as Lute's status", () => {
    expect(folioCsvRecord(word)).toBe(
      'de,hund,4,dog,,"Der Hund, ""Rex"", schläft.",/reader/12?page=3,2026-10-01T08:00:00.000Z,2026-11-28T09:30:00.000Z,,\r\n',
    );
    expect(luteCsvRecord(word)).toBe('hund,,dog,German,,2026-10-01 08:00:00,W,,\r\n');
    // A word of a backup written before first saves were kept: Lute's `added` is its last change.
    const { addedAt: _, ...older } = word;
    expect(luteCsvRecord(older)).toBe('hund,,dog,German,,2026-11-28 09:30:00,W,,\r\n');
    const statuses = [0, 1, 2, 3].map((level) => luteCsvRecord({ ...word, level }).split(',')[6]);
    expect(statuses).toEqual(['1', '2', '3', '4']);
  });

  it("writes a word's parent in Folio's last column and in Lute's parent column", () => {
    const went = { ...word, word: 'went', parent: 'go' };
    expect(folioCsvRecord(went).endsWith(',go\r\n')).toBe(true);
    expect(luteCsvRecord(went)).toBe('went,go,dog,German,,2026-10-01 08:00:00,W,,\r\n');
  });

  it('writes whole files: a BOM and a header, or a JSON backup one word a line', async () => {
    const csv = await whole(exportFile('csv', '2026-11-28T10:00:00.000Z', pagesOf([word], [], [word])));
    expect(
      csv.startsWith('\uFEFFlanguage,word,level,meaning,note,sentence,source,added,updated,card_state,parent\r\n'),
    ).toBe(true);
    expect(csv.split('\r\n')).toHaveLength(4);
    const json = await whole(exportFile('json', '2026-11-28T10:00:00.000Z', pagesOf([word, word], [word])));
    const backup = wordBackupSchema.parse(JSON.parse(json));
    expect(backup).toMatchObject({ schema: 'folio-words', version: 1, exportedAt: '2026-11-28T10:00:00.000Z' });
    expect(backup.words).toEqual([word, word, word]);
    expect(json.split('\n')).toHaveLength(6);
    const empty = await whole(exportFile('json', '2026-11-28T10:00:00.000Z', pagesOf()));
    expect(wordBackupSchema.parse(JSON.parse(empty)).words).toEqual([]);
  });

  it('names the file by language, day and format', () => {
    expect(exportFileName('csv', 'de', '2026-11-28')).toBe('folio-words-de-2026-11-28.csv');
    expect(exportFileName('json', 'all', '2026-11-28')).toBe('folio-words-all-2026-11-28.json');
    expect(exportFileName('lute', 'fr', '2026-11-28')).toBe('folio-words-fr-2026-11-28-lute.csv');
  });
});
