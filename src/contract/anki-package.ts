import type { LearningLanguage } from './languages.ts';
import { type ExportedWord, luteLanguageNames } from './word-export.ts';

/**
 * A learner's words as an Anki package (issue #30): the collection of Anki's schema 11, which every Anki version
 * imports, laid out as Anki's `rslib/src/storage/schema11.sql` and genanki's `apkg_schema.py` create it. Pure code:
 * the SQLite database and the zip are handed in (sql.js and fflate on the server's worker and in the mocks), so both
 * write the same collection from the same words.
 */

/** What a note is made of: a saved word as the export reads it. */
export type AnkiWord = {
  language: LearningLanguage;
  word: string;
  level: number;
  meaning: string | null;
  note: string | null;
  sentence: string | null;
};

/** What a note needs of an exported word: the meaning is the learner's own, the sentence the word's or its card's. */
export const ankiWordOf = (word: ExportedWord): AnkiWord => ({
  language: word.language,
  word: word.word,
  level: word.level,
  meaning: word.meaning,
  note: word.note,
  sentence: word.sentence ?? word.card?.sentence ?? null,
});

/** The part of sql.js's Database the writer uses. */
export type SqliteDatabase = {
  exec(sql: string): unknown;
  prepare(sql: string): { run(values: (string | number)[]): void; free(): boolean };
};

/**
 * The "Folio Word" note type's id and its decks' ids. Anki matches a note type by id when it imports, and a note by
 * its guid, so these never change: a second export updates the notes the first one added.
 */
export const ankiNoteTypeId = 1764288000000;
const ankiParentDeckId = 1764288000100;
const ankiDeckIds: Record<LearningLanguage, number> = {
  en: 1764288000101,
  ru: 1764288000102,
  de: 1764288000103,
  fr: 1764288000104,
  es: 1764288000105,
  ko: 1764288000106,
  it: 1764288000107,
  hu: 1764288000108,
};
export const ankiDeckId = (language: LearningLanguage) => ankiDeckIds[language];
export const ankiDeckName = (language: LearningLanguage) => `Folio::${luteLanguageNames[language]}`;
export const ankiNoteTypeName = 'Folio Word';
export const ankiFieldNames = ['Word', 'Meaning', 'Sentence', 'Note', 'Level'] as const;

/** `folio-words-de-2026-11-28.apkg`. */
export const ankiFileName = (language: LearningLanguage | 'all', day: string) => `folio-words-${language}-${day}.apkg`;
export const ankiContentType = 'application/apkg';

const encoder = new TextEncoder();
const schedule = new Uint32Array(80);

/** SHA-1 of a text's UTF-8 bytes (FIPS 180-4), as Anki checksums its first field; synchronous in every runtime. */
export function sha1(text: string): Uint8Array {
  const bytes = encoder.encode(text);
  const blocks = Math.ceil((bytes.length + 9) / 64);
  const message = new Uint8Array(blocks * 64);
  message.set(bytes);
  message[bytes.length] = 0x80;
  const view = new DataView(message.buffer);
  view.setUint32(message.length - 8, Math.floor(bytes.length / 0x20000000));
  view.setUint32(message.length - 4, (bytes.length * 8) >>> 0);
  let h0 = 0x67452301;
  let h1 = 0xefcdab89;
  let h2 = 0x98badcfe;
  let h3 = 0x10325476;
  let h4 = 0xc3d2e1f0;
  const w = schedule;
  for (let block = 0; block < blocks; block++) {
    for (let i = 0; i < 16; i++) w[i] = view.getUint32(block * 64 + i * 4);
    for (let i = 16; i < 80; i++) {
      const x = (w[i - 3] as number) ^ (w[i - 8] as number) ^ (w[i - 14] as number) ^ (w[i - 16] as number);
      w[i] = (x << 1) | (x >>> 31);
    }
    let a = h0;
    let b = h1;
    let c = h2;
    let d = h3;
    let e = h4;
    for (let i = 0; i < 80; i++) {
      const f =
        i < 20
          ? ((b & c) | (~b & d)) + 0x5a827999
          : i < 40
            ? (b ^ c ^ d) + 0x6ed9eba1
            : i < 60
              ? ((b & c) | (b & d) | (c & d)) + 0x8f1bbcdc
              : (b ^ c ^ d) + 0xca62c1d6;
      const next = (((a << 5) | (a >>> 27)) + f + e + (w[i] as number)) | 0;
      e = d;
      d = c;
      c = (b << 30) | (b >>> 2);
      b = a;
      a = next;
    }
    h0 = (h0 + a) | 0;
    h1 = (h1 + b) | 0;
    h2 = (h2 + c) | 0;
    h3 = (h3 + d) | 0;
    h4 = (h4 + e) | 0;
  }
  const digest = new Uint8Array(20);
  const out = new DataView(digest.buffer);
  out.setUint32(0, h0 >>> 0);
  out.setUint32(4, h1 >>> 0);
  out.setUint32(8, h2 >>> 0);
  out.setUint32(12, h3 >>> 0);
  out.setUint32(16, h4 >>> 0);
  return digest;
}

/** Anki's base-91 alphabet for guids (`rslib/src/notes/mod.rs`, genanki's `guid_for`). */
const base91 = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$%&()*+,-./:;<=>?@[]^_`{|}~';

/**
 * A note's guid: the first 64 bits of a hash of the learner, the language and the word, in Anki's base 91. The same
 * word of the same learner gets the same guid in every export, so Anki updates its note instead of adding another.
 */
export function ankiGuid(learner: string | number, language: LearningLanguage, word: string): string {
  const digest = new DataView(sha1(`folio\u001f${learner}\u001f${language}\u001f${word}`).buffer);
  // The first 64 bits as two 32-bit halves, divided by 91 digit by digit (no BigInt: it is many times slower).
  let high = digest.getUint32(0);
  let low = digest.getUint32(4);
  let guid = '';
  do {
    const highRest = high % 91;
    high = Math.floor(high / 91);
    const lowValue = highRest * 0x100000000 + low;
    guid = base91.charAt(lowValue % 91) + guid;
    low = Math.floor(lowValue / 91);
  } while (high > 0 || low > 0);
  return guid;
}

const htmlEntities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Anki's fields are HTML: a learner's `<` or `&` is text, never markup. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => htmlEntities[char] ?? char);
const wordCharacter = /[\p{L}\p{M}\p{N}]/u;

/** Where a word stands in a sentence, ignoring case: the places it stands whole, else every place. */
function placesOf(sentence: string, word: string): { places: number[]; length: number } {
  // Lowercasing may change a text's length (a dotted capital I): then only the exact spelling is looked for.
  const folded = sentence.toLowerCase();
  const [text, needle] = folded.length === sentence.length ? [folded, word.toLowerCase()] : [sentence, word];
  const places: number[] = [];
  for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + needle.length)) places.push(at);
  const letterAt = (index: number) => wordCharacter.test(sentence.charAt(index));
  const whole = places.filter((at) => !letterAt(at - 1) && !letterAt(at + needle.length));
  return { places: whole.length > 0 ? whole : places, length: needle.length };
}

/**
 * The sentence as HTML with the word in bold: each place it stands as a whole word, ignoring case; where it only
 * stands inside longer words (a Korean word with its particle), those places.
 */
export function boldSentence(sentence: string, word: string): string {
  if (word === '') return escapeHtml(sentence);
  let html = '';
  let from = 0;
  const { places, length } = placesOf(sentence, word);
  for (const at of places) {
    const end = at + length;
    html += `${escapeHtml(sentence.slice(from, at))}<b>${escapeHtml(sentence.slice(at, end))}</b>`;
    from = end;
  }
  return html + escapeHtml(sentence.slice(from));
}

/** A note's fields in the note type's order: Word, Meaning, Sentence, Note, Level. */
export function ankiFields(word: AnkiWord): string[] {
  return [
    escapeHtml(word.word),
    escapeHtml(word.meaning ?? ''),
    word.sentence ? boldSentence(word.sentence, word.word) : '',
    escapeHtml(word.note ?? '').replaceAll('\n', '<br>'),
    String(word.level),
  ];
}

/** Anki's `stripHTMLMedia` of the sort field, enough for the fields we write: tags removed, entities read. */
function stripHtml(html: string): string {
  const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => entities[name] ?? '');
}

/** The first field's checksum as Anki keeps it for duplicate checks: the first 32 bits of its SHA-1, as a number. */
export function ankiChecksum(firstField: string): number {
  const digest = sha1(stripHtml(firstField));
  return ((digest[0] ?? 0) * 0x1000000 + ((digest[1] ?? 0) << 16) + ((digest[2] ?? 0) << 8) + (digest[3] ?? 0)) >>> 0;
}

const schema11 = `
create table col (id integer primary key, crt integer not null, mod integer not null, scm integer not null,
  ver integer not null, dty integer not null, usn integer not null, ls integer not null, conf text not null,
  models text not null, decks text not null, dconf text not null, tags text not null);
create table notes (id integer primary key, guid text not null, mid integer not null, mod integer not null,
  usn integer not null, tags text not null, flds text not null, sfld integer not null, csum integer not null,
  flags integer not null, data text not null);
create table cards (id integer primary key, nid integer not null, did integer not null, ord integer not null,
  mod integer not null, usn integer not null, type integer not null, queue integer not null, due integer not null,
  ivl integer not null, factor integer not null, reps integer not null, lapses integer not null,
  left integer not null, odue integer not null, odid integer not null, flags integer not null, data text not null);
create table revlog (id integer primary key, cid integer not null, usn integer not null, ease integer not null,
  ivl integer not null, lastIvl integer not null, factor integer not null, time integer not null,
  type integer not null);
create table graves (usn integer not null, oid integer not null, type integer not null);
`;

/** Anki's indexes, built once the rows are in: one sorted build each instead of 50,000 insertions. */
const schema11Indexes = `
create index ix_notes_usn on notes (usn);
create index ix_cards_usn on cards (usn);
create index ix_revlog_usn on revlog (usn);
create index ix_cards_nid on cards (nid);
create index ix_cards_sched on cards (did, queue, due);
create index ix_revlog_cid on revlog (cid);
create index ix_notes_csum on notes (csum);
`;

const noteTypeCss = `.card { font-family: arial; font-size: 20px; text-align: center; color: black; background-color: white; }
.sentence { font-size: 18px; margin-top: 1em; }
.note { font-size: 16px; color: #555; margin-top: 1em; }`;

function noteTypeJson(nowSeconds: number, deckId: number) {
  const field = (name: string, ord: number) => ({
    name,
    ord,
    sticky: false,
    rtl: false,
    font: 'Arial',
    size: 20,
    media: [],
  });
  return {
    id: ankiNoteTypeId,
    name: ankiNoteTypeName,
    type: 0,
    mod: nowSeconds,
    usn: -1,
    sortf: 0,
    did: deckId,
    tmpls: [
      {
        name: 'Word',
        ord: 0,
        qfmt: '<div class="word">{{Word}}</div>',
        afmt:
          '{{FrontSide}}<hr id="answer"><div class="meaning">{{Meaning}}</div>' +
          '{{#Sentence}}<div class="sentence">{{Sentence}}</div>{{/Sentence}}' +
          '{{#Note}}<div class="note">{{Note}}</div>{{/Note}}',
        bqfmt: '',
        bafmt: '',
        did: null,
        bfont: '',
        bsize: 0,
      },
    ],
    flds: ankiFieldNames.map(field),
    css: noteTypeCss,
    latexPre:
      '\\documentclass[12pt]{article}\n\\special{papersize=3in,5in}\n\\usepackage[utf8]{inputenc}\n' +
      '\\usepackage{amssymb,amsmath}\n\\pagestyle{empty}\n\\setlength{\\parindent}{0in}\n\\begin{document}\n',
    latexPost: '\\end{document}',
    latexsvg: false,
    req: [[0, 'any', [0]]],
    tags: [],
    vers: [],
  };
}

function deckJson(id: number, name: string, nowSeconds: number) {
  return {
    id,
    name,
    mod: nowSeconds,
    usn: -1,
    lrnToday: [0, 0],
    revToday: [0, 0],
    newToday: [0, 0],
    timeToday: [0, 0],
    collapsed: false,
    browserCollapsed: false,
    desc: '',
    dyn: 0,
    conf: 1,
    extendNew: 0,
    extendRev: 0,
  };
}

const defaultDeckOptions = {
  id: 1,
  name: 'Default',
  mod: 0,
  usn: 0,
  maxTaken: 60,
  autoplay: true,
  timer: 0,
  replayq: true,
  dyn: false,
  new: { bury: false, delays: [1, 10], initialFactor: 2500, ints: [1, 4, 0], order: 1, perDay: 20, separate: true },
  lapse: { delays: [10], leechAction: 1, leechFails: 8, minInt: 1, mult: 0 },
  rev: { bury: false, ease4: 1.3, ivlFct: 1, maxIvl: 36500, perDay: 200, hardFactor: 1.2, fuzz: 0.05, minSpace: 1 },
};

/**
 * Writes a collection into an empty SQLite database: the words as they come (a note and a new card each, in order),
 * then at `finish` the `col` row (note type, decks, deck options, settings as JSON, as Anki 2.1 reads them) and the
 * indexes. `now` gives the collection's times and the notes' and cards' ids (milliseconds, one apart, as Anki's own).
 */
function collectionWriter(database: SqliteDatabase, learner: string | number, now: Date) {
  const nowMs = now.getTime();
  const nowSeconds = Math.floor(nowMs / 1000);
  database.exec(schema11);
  database.exec('begin');
  const notes = database.prepare("insert into notes values (?, ?, ?, ?, -1, '', ?, ?, ?, 0, '')");
  const cards = database.prepare("insert into cards values (?, ?, ?, 0, ?, -1, 0, 0, ?, 0, 0, 0, 0, 0, 0, 0, 0, '')");
  const languages = new Set<LearningLanguage>();
  let position = 0;

  function add(words: Iterable<AnkiWord>): void {
    for (const word of words) {
      position++;
      languages.add(word.language);
      const fields = ankiFields(word);
      const first = fields[0] ?? '';
      const id = nowMs + position;
      notes.run([
        id,
        ankiGuid(learner, word.language, word.word),
        ankiNoteTypeId,
        nowSeconds,
        fields.join('\u001f'),
        stripHtml(first),
        ankiChecksum(first),
      ]);
      cards.run([id, id, ankiDeckId(word.language), nowSeconds, position]);
    }
  }

  function finish(): void {
    notes.free();
    cards.free();
    const firstDeck = ankiDeckIds[[...languages][0] ?? 'en'];
    const decks: Record<string, ReturnType<typeof deckJson>> = {
      '1': deckJson(1, 'Default', nowSeconds),
      [ankiParentDeckId]: deckJson(ankiParentDeckId, 'Folio', nowSeconds),
    };
    for (const language of languages) {
      decks[ankiDeckIds[language]] = deckJson(ankiDeckIds[language], ankiDeckName(language), nowSeconds);
    }
    const conf = {
      activeDecks: [1],
      curDeck: 1,
      newSpread: 0,
      collapseTime: 1200,
      timeLim: 0,
      estTimes: true,
      dueCounts: true,
      curModel: String(ankiNoteTypeId),
      nextPos: position + 1,
      sortType: 'noteFld',
      sortBackwards: false,
      addToCur: true,
    };
    const col = database.prepare('insert into col values (1, ?, ?, ?, 11, 0, 0, 0, ?, ?, ?, ?, ?)');
    col.run([
      Math.floor(new Date(now).setUTCHours(4, 0, 0, 0) / 1000),
      nowMs,
      nowMs,
      JSON.stringify(conf),
      JSON.stringify({ [ankiNoteTypeId]: noteTypeJson(nowSeconds, firstDeck) }),
      JSON.stringify(decks),
      JSON.stringify({ '1': defaultDeckOptions }),
      '{}',
    ]);
    col.free();
    database.exec(schema11Indexes);
    database.exec('commit');
  }

  return { add, finish };
}

/**
 * What the package needs of sql.js (its initialised module) and of a zip writer: fflate's `zipSync` at its fastest
 * level, which compresses a collection nearly as well as its default in far less time.
 */
export type AnkiTools = {
  sqlite: { Database: new () => SqliteDatabase & { export(): Uint8Array; close(): void } };
  zip: (files: Record<string, Uint8Array>) => Uint8Array;
};

/**
 * An Anki package (`.apkg`) written as its words arrive: `add` each batch (a page read from the database), then
 * `finish` zips the collection as `collection.anki2` with an empty media list; `abandon` frees it unfinished.
 */
export function ankiPackageWriter(tools: AnkiTools, learner: string | number, now: Date) {
  const database = new tools.sqlite.Database();
  try {
    const collection = collectionWriter(database, learner, now);
    return {
      add: collection.add,
      finish(): Uint8Array {
        try {
          collection.finish();
          return tools.zip({ 'collection.anki2': database.export(), media: new TextEncoder().encode('{}') });
        } finally {
          database.close();
        }
      },
      abandon: () => database.close(),
    };
  } catch (error) {
    database.close();
    throw error;
  }
}

/** An Anki package of these words, at once. */
export function ankiPackage(
  tools: AnkiTools,
  learner: string | number,
  words: Iterable<AnkiWord>,
  now: Date,
): Uint8Array {
  const writer = ankiPackageWriter(tools, learner, now);
  try {
    writer.add(words);
  } catch (error) {
    writer.abandon();
    throw error;
  }
  return writer.finish();
}
