import type { SqlJsStatic } from 'sql.js';
import { zipOf } from './epub-fixtures.ts';

/**
 * Anki packages for the import's tests, built in memory: a schema-11 collection written with sql.js (the tables of
 * Anki's rslib/src/storage/schema11.sql, note types as JSON in `col.models`) zipped with fflate.
 */

const schema11 = `
CREATE TABLE col (id integer PRIMARY KEY, crt integer NOT NULL, mod integer NOT NULL, scm integer NOT NULL,
  ver integer NOT NULL, dty integer NOT NULL, usn integer NOT NULL, ls integer NOT NULL, conf text NOT NULL,
  models text NOT NULL, decks text NOT NULL, dconf text NOT NULL, tags text NOT NULL);
CREATE TABLE notes (id integer PRIMARY KEY, guid text NOT NULL, mid integer NOT NULL, mod integer NOT NULL,
  usn integer NOT NULL, tags text NOT NULL, flds text NOT NULL, sfld integer NOT NULL, csum integer NOT NULL,
  flags integer NOT NULL, data text NOT NULL);
CREATE TABLE cards (id integer PRIMARY KEY, nid integer NOT NULL, did integer NOT NULL, ord integer NOT NULL,
  mod integer NOT NULL, usn integer NOT NULL, type integer NOT NULL, queue integer NOT NULL, due integer NOT NULL,
  ivl integer NOT NULL, factor integer NOT NULL, reps integer NOT NULL, lapses integer NOT NULL, left integer NOT NULL,
  odue integer NOT NULL, odid integer NOT NULL, flags integer NOT NULL, data text NOT NULL);
CREATE TABLE revlog (id integer PRIMARY KEY, cid integer NOT NULL, usn integer NOT NULL, ease integer NOT NULL,
  ivl integer NOT NULL, lastIvl integer NOT NULL, factor integer NOT NULL, time integer NOT NULL, type integer NOT NULL);
CREATE TABLE graves (usn integer NOT NULL, oid integer NOT NULL, type integer NOT NULL);
CREATE INDEX ix_notes_usn ON notes (usn);
CREATE INDEX ix_cards_usn ON cards (usn);
CREATE INDEX ix_revlog_usn ON revlog (usn);
CREATE INDEX ix_cards_nid ON cards (nid);
CREATE INDEX ix_cards_sched ON cards (did, queue, due);
CREATE INDEX ix_revlog_cid ON revlog (cid);
CREATE INDEX ix_notes_csum ON notes (csum);`;

/** A card's scheduling: type 0 new, 1 learning, 2 review, 3 relearning; queue -1 suspended; ivl days, or seconds < 0. */
export type FixtureCard = { type: 0 | 1 | 2 | 3; queue: number; ivl: number };
export type FixtureNote = { id: number; noteTypeId: number; fields: string[]; cards: FixtureCard[] };
export type FixtureNoteType = { id: number; name: string; fields: string[] };

export const basic: FixtureNoteType = { id: 1_700_000_000_001, name: 'Basic', fields: ['Front', 'Back'] };
export const cloze: FixtureNoteType = { id: 1_700_000_000_002, name: 'Cloze', fields: ['Text', 'Back Extra'] };

export const newCard: FixtureCard = { type: 0, queue: 0, ivl: 0 };
export const reviewCard = (ivl: number): FixtureCard => ({ type: 2, queue: 2, ivl });
export const suspended = (card: FixtureCard): FixtureCard => ({ ...card, queue: -1 });

/** Notes of both note types: markup, media, cloze, and cards new, learning, in review and suspended. */
export const sampleNotes: FixtureNote[] = [
  {
    id: 1,
    noteTypeId: basic.id,
    fields: ['<b>der&nbsp;Hund</b>[sound:hund.mp3]', 'the dog<br>a pet<div><img src="dog.jpg"></div>&amp; friend'],
    cards: [reviewCard(30)],
  },
  { id: 2, noteTypeId: basic.id, fields: ['die Katze, 猫', 'the cat 🐈'], cards: [newCard] },
  { id: 3, noteTypeId: basic.id, fields: ['die Maus', 'the mouse'], cards: [{ type: 1, queue: 1, ivl: -600 }] },
  { id: 4, noteTypeId: basic.id, fields: ['der Vogel', 'the bird'], cards: [reviewCard(5), suspended(reviewCard(40))] },
  { id: 5, noteTypeId: basic.id, fields: ['der Fisch', 'the fish'], cards: [suspended(reviewCard(10))] },
  {
    id: 6,
    noteTypeId: cloze.id,
    fields: ['Die {{c1::Kuh::animal}} und {{c2::das <i>Pferd</i>}}', ''],
    cards: [reviewCard(7), reviewCard(12)],
  },
];

/** Note types as Anki 2.1 writes them into `col.models`, with the fields listed out of order. */
function modelsJson(types: FixtureNoteType[]): string {
  const models = Object.fromEntries(
    types.map((type) => [
      String(type.id),
      {
        id: type.id,
        name: type.name,
        type: type === cloze ? 1 : 0,
        flds: type.fields
          .map((name, ord) => ({ name, ord, sticky: false, rtl: false, font: 'Arial', size: 20 }))
          .reverse(),
        tmpls: [{ name: 'Card 1', ord: 0, qfmt: '{{Front}}', afmt: '{{Back}}' }],
        sortf: 0,
        mod: 0,
        usn: -1,
        css: '',
      },
    ]),
  );
  return JSON.stringify(models);
}

export type CollectionOptions = { notes?: FixtureNote[]; noteTypes?: FixtureNoteType[]; version?: number };

/** A schema-11 collection file holding these notes (the sample notes by default). */
export function collectionOf(sql: SqlJsStatic, options: CollectionOptions = {}): Uint8Array {
  const { notes = sampleNotes, noteTypes = [basic, cloze], version = 11 } = options;
  const db = new sql.Database();
  try {
    db.exec(schema11);
    db.run("INSERT INTO col VALUES (1, 0, 0, 0, ?, 0, 0, 0, '{}', ?, '{}', '{}', '{}')", [
      version,
      modelsJson(noteTypes),
    ]);
    const addNote = db.prepare("INSERT INTO notes VALUES (?, ?, ?, 0, -1, '', ?, ?, 0, 0, '')");
    const addCard = db.prepare("INSERT INTO cards VALUES (?, ?, 1, ?, 0, -1, ?, ?, 0, ?, 2500, 0, 0, 0, 0, 0, 0, '')");
    db.exec('BEGIN');
    let cardId = 0;
    for (const note of notes) {
      addNote.run([note.id, `guid${note.id}`, note.noteTypeId, note.fields.join('\x1f'), note.fields[0] ?? '']);
      note.cards.forEach((card, ord) => {
        cardId++;
        addCard.run([cardId, note.id, ord, card.type, card.queue, card.ivl]);
      });
    }
    db.exec('COMMIT');
    addNote.free();
    addCard.free();
    return db.export();
  } finally {
    db.close();
  }
}

/** The one-note collection Anki writes as `collection.anki2` beside a newer collection, asking to update Anki. */
export function placeholderOf(sql: SqlJsStatic): Uint8Array {
  return collectionOf(sql, {
    notes: [
      { id: 9, noteTypeId: basic.id, fields: ['Please update to the latest Anki version', ''], cards: [newCard] },
    ],
    noteTypes: [basic],
  });
}

/** The `meta` file of a package of this version (a protobuf message whose field 1 is the version). */
export const metaOf = (version: number) => new Uint8Array([0x08, version]);

/** A package of these files (collections deflated, as Anki writes them). */
export const packageOf = (files: Record<string, string | Uint8Array>) => zipOf(files);

/**
 * The zip with the uncompressed size of one entry stated as told: in its local header, its central directory record,
 * or both. The zip must state sizes in its headers (fflate's zipSync does), not in data descriptors.
 */
export function withStatedSize(zip: Buffer, name: string, size: number, where: 'local' | 'central' | 'both'): Buffer {
  const patched = Buffer.from(zip);
  const records = [
    { signature: 0x04034b50, nameLengthAt: 26, nameAt: 30, sizeAt: 22, patch: where !== 'central' },
    { signature: 0x02014b50, nameLengthAt: 28, nameAt: 46, sizeAt: 24, patch: where !== 'local' },
  ];
  for (let offset = 0; offset + 46 <= patched.length; offset++) {
    for (const record of records) {
      if (!record.patch || patched.readUInt32LE(offset) !== record.signature) continue;
      const nameLength = patched.readUInt16LE(offset + record.nameLengthAt);
      const start = offset + record.nameAt;
      if (patched.toString('utf8', start, start + nameLength) === name)
        patched.writeUInt32LE(size, offset + record.sizeAt);
    }
  }
  return patched;
}
