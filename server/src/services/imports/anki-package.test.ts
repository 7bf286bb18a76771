import initSqlJs, { type SqlJsStatic } from 'sql.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { levelOfNote } from '#contract/anki-import.ts';
import type { AnkiRefusal } from '#contract/envelope.ts';
import {
  basic,
  cloze,
  collectionOf,
  metaOf,
  newCard,
  packageOf,
  placeholderOf,
  sampleNotes,
  withStatedSize,
} from '../../../test/anki-fixtures.ts';
import { type AnkiPackage, ankiNoteAt, ankiNoteCount, ankiPackageOf, fieldText } from './anki-package.ts';
import { readAnkiPackage } from './read-anki-package.ts';

let sql: SqlJsStatic;
beforeAll(async () => {
  sql = await initSqlJs();
});

const mb = 1024 * 1024;
const samplePackage = () => packageOf({ 'collection.anki2': collectionOf(sql), media: '{}' });

const notesOf = ({ notes }: AnkiPackage) =>
  Array.from({ length: ankiNoteCount(notes) }, (_, index) => ankiNoteAt(notes, index));

function refusalOf(bytes: Uint8Array): AnkiRefusal | undefined {
  try {
    ankiPackageOf(bytes, sql);
  } catch (error) {
    return (error as { code?: AnkiRefusal }).code;
  }
  return undefined;
}

describe('ankiPackageOf', () => {
  it('lists the note types with their fields in order and their number of notes', () => {
    expect(ankiPackageOf(samplePackage(), sql).noteTypes).toEqual([
      { id: basic.id, name: 'Basic', fields: ['Front', 'Back'], notes: 5 },
      { id: cloze.id, name: 'Cloze', fields: ['Text', 'Back Extra'], notes: 1 },
    ]);
  });

  it('gives each note its fields as plain text: no tags, images or sounds, entities decoded, clozes as their text', () => {
    const notes = notesOf(ankiPackageOf(samplePackage(), sql));
    expect(notes.map((note) => [note.id, note.noteTypeId, note.fields])).toEqual([
      [1, basic.id, ['der Hund', 'the dog a pet & friend']],
      [2, basic.id, ['die Katze, 猫', 'the cat 🐈']],
      [3, basic.id, ['die Maus', 'the mouse']],
      [4, basic.id, ['der Vogel', 'the bird']],
      [5, basic.id, ['der Fisch', 'the fish']],
      [6, cloze.id, ['Die Kuh und das Pferd', '']],
    ]);
  });

  it("gives each note its cards' longest interval in days, suspended cards left out, learning as under a day", () => {
    const notes = notesOf(ankiPackageOf(samplePackage(), sql));
    expect(notes.map(({ id, intervalDays, suspended }) => ({ id, intervalDays, suspended }))).toEqual([
      { id: 1, intervalDays: 30, suspended: false },
      { id: 2, intervalDays: null, suspended: false },
      { id: 3, intervalDays: 0, suspended: false },
      { id: 4, intervalDays: 5, suspended: false },
      { id: 5, intervalDays: 10, suspended: true },
      { id: 6, intervalDays: 12, suspended: false },
    ]);
  });

  it('reads the levels from the sample notes: review 4, new 1, learning 1, partly suspended 2, suspended none, 3', () => {
    const notes = notesOf(ankiPackageOf(samplePackage(), sql));
    expect(notes.map(levelOfNote)).toEqual([4, 1, 1, 2, null, 3]);
  });

  it('reads collection.anki21 rather than the placeholder collection.anki2 beside it', () => {
    const bytes = packageOf({ 'collection.anki2': placeholderOf(sql), 'collection.anki21': collectionOf(sql) });
    expect(notesOf(ankiPackageOf(bytes, sql))).toHaveLength(sampleNotes.length);
  });

  it("follows the meta file's version, as Anki does", () => {
    const bytes = packageOf({
      meta: metaOf(2),
      'collection.anki2': placeholderOf(sql),
      'collection.anki21': collectionOf(sql),
    });
    expect(notesOf(ankiPackageOf(bytes, sql))).toHaveLength(sampleNotes.length);
  });

  it('pads a note that has fewer fields than its note type', () => {
    const notes = [{ id: 1, noteTypeId: basic.id, fields: ['only the front'], cards: [newCard] }];
    const bytes = packageOf({ 'collection.anki2': collectionOf(sql, { notes }) });
    expect(notesOf(ankiPackageOf(bytes, sql))[0]?.fields).toEqual(['only the front', '']);
  });
});

describe('levelOfNote', () => {
  const level = (intervalDays: number | null, suspended = false) => levelOfNote({ intervalDays, suspended });

  it('maps new and learning to 1, 1–6 days to 2, 7–20 to 3, 21 and more to 4', () => {
    expect([null, 0, 1, 6, 7, 20, 21, 3650].map((days) => level(days))).toEqual([1, 1, 2, 2, 3, 3, 4, 4]);
  });

  it('skips a suspended note', () => {
    expect(level(30, true)).toBeNull();
  });
});

describe('fieldText', () => {
  it('keeps text that only looks like a tag once decoded, and drops scripts, styles and comments', () => {
    expect(fieldText('a &lt;b&gt; c<script>x()</script><style>p{}</style><!-- note -->d')).toBe('a <b> cd');
  });

  it('unwraps nested clozes and drops type-in markers', () => {
    expect(fieldText('{{c1::ein {{c2::großer}} Hund::hint}} [[type:Front]]')).toBe('ein großer Hund');
  });

  it('turns control characters into spaces, so a field never holds the separator between fields', () => {
    expect(fieldText('eins&#31;zwei\x1fdrei')).toBe('eins zwei drei');
  });

  it('keeps words on either side of a line break apart', () => {
    expect(fieldText('eins<br/>zwei<p>drei</p>vier\nfünf')).toBe('eins zwei drei vier fünf');
  });
});

describe('refusals', () => {
  it('refuses a file that is not a zip', () => {
    expect(refusalOf(new TextEncoder().encode('front,back\nHund,dog\n'))).toBe('anki_not_zip');
  });

  it('refuses an empty file', () => {
    expect(refusalOf(new Uint8Array())).toBe('anki_not_zip');
  });

  it('refuses a zip without a collection', () => {
    expect(refusalOf(packageOf({ media: '{}', '0': 'an image' }))).toBe('anki_no_collection');
  });

  it('refuses a package whose collection is only in the new format, without reading its placeholder', () => {
    const files = {
      'collection.anki21b': new Uint8Array([0x28, 0xb5, 0x2f, 0xfd]),
      'collection.anki2': placeholderOf(sql),
    };
    expect(refusalOf(packageOf({ meta: metaOf(3), ...files }))).toBe('anki_new_format_only');
    expect(refusalOf(packageOf(files))).toBe('anki_new_format_only');
  });

  it('refuses a collection of a schema newer than 11', () => {
    expect(refusalOf(packageOf({ 'collection.anki21': collectionOf(sql, { version: 18 }) }))).toBe(
      'anki_new_format_only',
    );
  });

  it('refuses a collection without notes', () => {
    expect(refusalOf(packageOf({ 'collection.anki2': collectionOf(sql, { notes: [] }) }))).toBe('anki_empty');
  });

  it('refuses bytes that are not an SQLite database', () => {
    expect(
      refusalOf(packageOf({ 'collection.anki2': new TextEncoder().encode('SQLite format 3\0 and then noise') })),
    ).toBe('anki_corrupt');
  });

  it('refuses a collection whose pages were damaged', () => {
    const collection = collectionOf(sql);
    collection.fill(0xa5, 4096 + 16, 4096 * 3);
    expect(refusalOf(packageOf({ 'collection.anki2': collection }))).toBe('anki_corrupt');
  });

  it('refuses a note of a note type the collection does not have', () => {
    const notes = [{ id: 1, noteTypeId: 42, fields: ['a', 'b'], cards: [newCard] }];
    expect(refusalOf(packageOf({ 'collection.anki2': collectionOf(sql, { notes }) }))).toBe('anki_corrupt');
  });

  describe('zip bombs', () => {
    let bomb: Buffer | undefined;
    /** A package whose collection is 20 MB of zeros, deflated to a few kilobytes (built once: it takes a while). */
    const zerosPackage = () => {
      bomb ??= packageOf({ 'collection.anki2': new Uint8Array(20 * mb) });
      return bomb;
    };

    it('refuses a large entry compressed far beyond a real collection, before inflating it', () => {
      expect(refusalOf(zerosPackage())).toBe('anki_too_large');
    });

    it('refuses an entry whose declared size is over the cap, before inflating it', () => {
      const bytes = withStatedSize(samplePackage(), 'collection.anki2', 1024 * mb, 'both');
      expect(refusalOf(bytes)).toBe('anki_too_large');
    });

    it('refuses an entry that inflates to more than its central directory declares', () => {
      const lying = withStatedSize(zerosPackage(), 'collection.anki2', 4096, 'central');
      expect(refusalOf(lying)).toBe('anki_too_large');
    });

    it('refuses an entry that inflates to more than both of its headers declare', () => {
      const lying = withStatedSize(zerosPackage(), 'collection.anki2', 4096, 'both');
      expect(refusalOf(lying)).toBe('anki_too_large');
    });
  });
});

describe('readAnkiPackage (in a worker)', () => {
  it('reads the notes off the main thread', async () => {
    const read = await readAnkiPackage(samplePackage());
    expect(notesOf(read).map((note) => note.fields[0])).toEqual(
      sampleNotes.map((note) => fieldText(note.fields[0] ?? '')),
    );
  });

  it('rejects with the refusal code', async () => {
    await expect(readAnkiPackage(new Uint8Array([1, 2, 3]))).rejects.toMatchObject({ code: 'anki_not_zip' });
  });
});
