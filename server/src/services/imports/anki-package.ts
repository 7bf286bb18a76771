import { Parser } from 'htmlparser2';
import type { Database, SqlJsStatic, SqlValue } from 'sql.js';
import type { AnkiRefusal } from '#contract/envelope.ts';
import { type Archive, type ArchiveLimits, BadBookError, openArchive, readFiles } from './epub-archive.ts';

/**
 * Anki packages (`.apkg`, `.colpkg`) read for the import: a zip whose collection is an SQLite file of schema 11,
 * read with sql.js. The zip is opened by `epub-archive.ts` with limits of its own (directory checked before anything
 * is inflated, inflated bytes counted). Which file holds the collection follows Anki's own rule: the `meta` file's
 * version when there is one, else `collection.anki21` before `collection.anki2`. Newer packages hold
 * `collection.anki21b` (zstd, schema 18) beside a `collection.anki2` that only asks to update Anki: they are refused,
 * never read as that placeholder. See docs/decisions/0038-reading-anki-packages.md.
 */

/** A package that cannot be imported; `code` says why, the message says it in English for logs and other clients. */
export class AnkiPackageError extends Error {
  readonly code: AnkiRefusal;
  constructor(code: AnkiRefusal, reason: string) {
    super(reason);
    this.name = 'AnkiPackageError';
    this.code = code;
  }
}

export type AnkiNoteType = { id: number; name: string; fields: string[]; notes: number };

export type AnkiNote = {
  id: number;
  noteTypeId: number;
  /** The note type's fields in order, as plain text. */
  fields: string[];
  /**
   * The longest interval of the note's cards in days, suspended cards left out unless all are; null when those
   * cards are all new (or the note has none). A card still in learning counts as less than a day.
   */
  intervalDays: number | null;
  /** Every card of the note is suspended. */
  suspended: boolean;
};

/**
 * The notes in columns, note `i` in row `i` of each: typed arrays rather than an object per note, the fields' text
 * as UTF-8 bytes rather than a string. Handing them to the server's thread then moves buffers instead of copying
 * (copying a large string is a long task), and keeping them there costs the garbage collector next to nothing.
 * Read a note with `ankiNoteAt`.
 */
export type AnkiNotes = {
  ids: Float64Array<ArrayBuffer>;
  noteTypeIds: Float64Array<ArrayBuffer>;
  /** NaN where `intervalDays` is null. */
  intervalDays: Float64Array<ArrayBuffer>;
  /** 1 where every card is suspended. */
  suspended: Uint8Array<ArrayBuffer>;
  /** Every note's fields in UTF-8, each ended by U+001F; note `i`'s begin at byte `fieldStarts[i]`. */
  fieldBytes: Uint8Array<ArrayBuffer>;
  fieldStarts: Uint32Array<ArrayBuffer>;
};

export type AnkiPackage = { noteTypes: AnkiNoteType[]; notes: AnkiNotes };

const fieldEnd = '\x1f';
const decoder = new TextDecoder();
const encoder = new TextEncoder();

export const ankiNoteCount = (notes: AnkiNotes) => notes.ids.length;

/** Note `index` of the package as an object. */
export function ankiNoteAt(notes: AnkiNotes, index: number): AnkiNote {
  const start = notes.fieldStarts[index] ?? 0;
  const end = notes.fieldStarts[index + 1] ?? start;
  const days = notes.intervalDays[index] ?? Number.NaN;
  return {
    id: notes.ids[index] ?? 0,
    noteTypeId: notes.noteTypeIds[index] ?? 0,
    fields: end > start ? decoder.decode(notes.fieldBytes.subarray(start, end - 1)).split(fieldEnd) : [],
    intervalDays: Number.isNaN(days) ? null : days,
    suspended: notes.suspended[index] === 1,
  };
}

/**
 * The zip may hold media beside the collection (stored, so about as large inflated as the upload); a collection
 * deflates several times over. The cap leaves room for an upload that is all collection, and bounds the worker's
 * memory, which holds the inflated file and sql.js's copy of it at once.
 */
export const ankiArchiveLimits: ArchiveLimits = { maxBytes: 128 * 1024 * 1024, maxEntries: 50_000, maxRatio: 200 };
/** Rows read: far more than any deck a learner brings, small enough to hold in a worker's heap. */
export const maxAnkiNotes = 200_000;
export const maxAnkiCards = 1_000_000;
/** The fields' characters, all notes together, before markup is stripped. */
export const maxAnkiFieldCharacters = 64 * 1024 * 1024;
/** The `meta` file is one small protobuf message. */
const maxMetaBytes = 1024;

const collectionByVersion = new Map([
  [1, 'collection.anki2'],
  [2, 'collection.anki21'],
]);

/** The notes and note types of a package's collection; throws AnkiPackageError when it cannot be imported. */
export function ankiPackageOf(bytes: Uint8Array, sql: SqlJsStatic): AnkiPackage {
  if (bytes.length === 0) throw new AnkiPackageError('anki_not_zip', 'The file is empty');
  const archive = withArchiveRefusals(() => openArchive(bytes, ankiArchiveLimits));
  const name = collectionName(archive);
  const collection = withArchiveRefusals(() => readFiles(archive, [name])).get(name);
  if (!collection) throw new AnkiPackageError('anki_no_collection', `The package has no ${name}`);
  return readCollection(collection, sql);
}

function withArchiveRefusals<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (!(error instanceof BadBookError)) throw error;
    if (error.problem === 'too_large') {
      throw new AnkiPackageError('anki_too_large', 'The package is too large once unpacked (or a zip bomb)');
    }
    if (error.problem === 'not_zip') throw new AnkiPackageError('anki_not_zip', 'The file is not a zip archive');
    throw new AnkiPackageError('anki_corrupt', "The package's zip archive is damaged");
  }
}

/** The archive's name of the collection to read, by Anki's rule (see the module's comment). */
function collectionName(archive: Archive): string {
  const has = (name: string) => archive.entries.has(name);
  if (has('meta')) {
    const name = collectionByVersion.get(metaVersion(archive));
    if (!name) throw newFormatOnly();
    return name;
  }
  if (has('collection.anki21')) return 'collection.anki21';
  if (has('collection.anki21b')) throw newFormatOnly();
  if (has('collection.anki2')) return 'collection.anki2';
  throw new AnkiPackageError('anki_no_collection', 'The zip archive holds no Anki collection');
}

const newFormatOnly = () =>
  new AnkiPackageError(
    'anki_new_format_only',
    'The package is in the newest Anki format only: export it with "Support older Anki versions"',
  );

/** The version in the `meta` file, a protobuf `PackageMetadata` whose field 1 is the version (0 when absent). */
function metaVersion(archive: Archive): number {
  if ((archive.entries.get('meta')?.originalSize ?? 0) > maxMetaBytes) throw corrupt('its meta file is too long');
  const meta = withArchiveRefusals(() => readFiles(archive, ['meta'])).get('meta') ?? new Uint8Array();
  let version = 0;
  let offset = 0;
  const varint = () => {
    let value = 0;
    for (let shift = 0; shift < 35; shift += 7) {
      const byte = meta[offset++];
      if (byte === undefined) throw corrupt('its meta file is damaged');
      value += (byte & 0x7f) * 2 ** shift;
      if (byte < 0x80) return value;
    }
    throw corrupt('its meta file is damaged');
  };
  while (offset < meta.length) {
    const key = varint();
    const wireType = key & 7;
    if (wireType === 0) {
      const value = varint();
      if (key >>> 3 === 1) version = value;
    } else if (wireType === 2) offset += varint();
    else if (wireType === 1) offset += 8;
    else if (wireType === 5) offset += 4;
    else throw corrupt('its meta file is damaged');
  }
  return version;
}

const corrupt = (why: string) => new AnkiPackageError('anki_corrupt', `The Anki collection is damaged: ${why}`);

/** The collection's note types and notes, read from its SQLite bytes; the database is closed whatever happens. */
function readCollection(bytes: Uint8Array, sql: SqlJsStatic): AnkiPackage {
  let db: Database | undefined;
  try {
    db = new sql.Database(bytes);
    return readOpenCollection(db);
  } catch (error) {
    if (error instanceof AnkiPackageError) throw error;
    throw corrupt('it is not a readable SQLite database');
  } finally {
    db?.close();
  }
}

function readOpenCollection(db: Database): AnkiPackage {
  const integrity = db.exec('PRAGMA integrity_check');
  if (integrity[0]?.values[0]?.[0] !== 'ok') throw corrupt('its SQLite integrity check fails');
  checkTables(db);
  const [version, models] = firstRow(db, 'SELECT ver, models FROM col');
  if (typeof version !== 'number' || typeof models !== 'string') throw corrupt('it has no collection row');
  // Schemas 14 and later use a collation of Anki's own (unicase) that SQLite here does not have; Anki writes
  // schema 11 into every package that older versions read.
  if (version > 11) throw newFormatOnly();
  if (version < 11) throw corrupt(`its schema ${version} is not Anki's`);
  const [noteCount, fieldCharacters] = firstRow(db, 'SELECT count(*), total(length(flds)) FROM notes');
  const [cardCount] = firstRow(db, 'SELECT count(*) FROM cards');
  if (noteCount === 0) throw new AnkiPackageError('anki_empty', 'The Anki collection has no notes');
  if (Number(noteCount) > maxAnkiNotes || Number(cardCount) > maxAnkiCards) {
    throw new AnkiPackageError('anki_too_large', 'The Anki collection has too many notes or cards');
  }
  if (Number(fieldCharacters) > maxAnkiFieldCharacters) {
    throw new AnkiPackageError('anki_too_large', "The Anki collection's notes hold too much text");
  }
  const noteTypes = noteTypesOf(models);
  const byId = new Map(noteTypes.map((type) => [type.id, type]));
  const count = Number(noteCount);
  const notes: AnkiNotes = {
    ids: new Float64Array(count),
    noteTypeIds: new Float64Array(count),
    intervalDays: new Float64Array(count),
    suspended: new Uint8Array(count),
    fieldBytes: new Uint8Array(),
    fieldStarts: new Uint32Array(count + 1),
  };
  let bytes = new Uint8Array(1024 * 1024);
  let length = 0;
  let row = 0;
  const statement = db.prepare(notesQuery);
  try {
    while (row < count && statement.step()) {
      const [id, noteTypeId, fields, cards, suspendedCards, activeDays, anyDays] = statement.get();
      const type = typeof noteTypeId === 'number' ? byId.get(noteTypeId) : undefined;
      if (typeof id !== 'number' || !type || typeof fields !== 'string') throw corrupt('a note has no note type');
      type.notes++;
      const suspended = Number(cards) > 0 && suspendedCards === cards;
      const days = suspended ? anyDays : activeDays;
      notes.ids[row] = id;
      notes.noteTypeIds[row] = type.id;
      notes.intervalDays[row] = typeof days === 'number' ? days : Number.NaN;
      notes.suspended[row] = suspended ? 1 : 0;
      notes.fieldStarts[row] = length;
      const text = fieldsOf(fields, type.fields.length)
        .map((field) => field + fieldEnd)
        .join('');
      if (length + text.length * 3 > bytes.length) {
        const grown = new Uint8Array(Math.max(bytes.length * 2, length + text.length * 3));
        grown.set(bytes.subarray(0, length));
        bytes = grown;
      }
      length += encoder.encodeInto(text, bytes.subarray(length)).written;
      row++;
    }
  } finally {
    statement.free();
  }
  notes.fieldStarts[row] = length;
  notes.fieldBytes = bytes.slice(0, length);
  return { noteTypes, notes };
}

/**
 * The tables read are plain tables: a view or a generated column in a crafted file could make a query run without
 * end or fill memory.
 */
function checkTables(db: Database) {
  for (const table of ['col', 'notes', 'cards']) {
    const [type] = firstRow(db, `SELECT type FROM sqlite_schema WHERE name = '${table}'`);
    if (type !== 'table') throw corrupt(`it has no ${table} table`);
    const generated = db.exec(`SELECT 1 FROM pragma_table_xinfo('${table}') WHERE hidden IN (2, 3)`);
    if (generated.length > 0) throw corrupt(`its ${table} table has computed columns`);
  }
}

/**
 * Each note with its cards' state: the interval is in days when positive and in seconds when negative (a card in
 * learning, in older collections), so a negative one is less than a day for all but odd learning steps.
 */
const notesQuery = `
  SELECT n.id, n.mid, n.flds, c.cards, c.suspended, c.active_days, c.any_days
  FROM notes n
  LEFT JOIN (
    SELECT nid,
      count(*) AS cards,
      sum(queue = -1) AS suspended,
      max(CASE WHEN queue != -1 AND type != 0 THEN ${cardDays('ivl')} END) AS active_days,
      max(CASE WHEN type != 0 THEN ${cardDays('ivl')} END) AS any_days
    FROM cards
    GROUP BY nid
  ) c ON c.nid = n.id
  ORDER BY n.id`;

function cardDays(column: string): string {
  return `(CASE WHEN ${column} > 0 THEN CAST(${column} AS INTEGER) ELSE CAST(-${column} AS INTEGER) / 86400 END)`;
}

function firstRow(db: Database, query: string): SqlValue[] {
  return db.exec(query)[0]?.values[0] ?? [];
}

/** Schema 11 keeps the note types as JSON in `col.models`, keyed by id; ids may be written as strings. */
function noteTypesOf(models: string): AnkiNoteType[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(models);
  } catch {
    throw corrupt('its note types are not JSON');
  }
  if (!isRecord(parsed)) throw corrupt('its note types are not JSON');
  return Object.values(parsed).map((model) => {
    if (!isRecord(model) || !Array.isArray(model.flds)) throw corrupt('a note type has no fields');
    const id = Number(model.id);
    if (!Number.isSafeInteger(id)) throw corrupt('a note type has no id');
    const fields = model.flds
      .map((field: unknown, index) => (isRecord(field) ? field : { name: '', ord: index }))
      .toSorted((a, b) => Number(a.ord ?? 0) - Number(b.ord ?? 0))
      .map((field) => String(field.name ?? ''));
    return { id, name: String(model.name ?? ''), fields, notes: 0 };
  });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A note's fields (separated by 0x1f) as plain text, as many as its note type has: Anki pads missing ones. */
function fieldsOf(joined: string, count: number): string[] {
  const raw = joined.split('\x1f');
  return Array.from({ length: count }, (_, index) => fieldText(raw[index] ?? ''));
}

/** Elements that break a line, so the words either side stay apart (Anki's own list, for speech). */
const spacers = new Set(
  'br address article aside blockquote canvas dd div dl dt fieldset figcaption figure footer form h1 h2 h3 h4 h5 h6 header hr li main nav noscript ol output p pre section table tfoot ul video'.split(
    ' ',
  ),
);
const hidden = new Set(['script', 'style']);
const innermostCloze = /\{\{c[\d,]+::((?:(?!\{\{c[\d,]+::)[\s\S])*?)(?:::(?:(?!\{\{c[\d,]+::)[\s\S])*?)?\}\}/g;
const maxClozeDepth = 8;

let text: string[] = [];
let hiddenDepth = 0;
const fieldParser = new Parser(
  {
    ontext: (chunk) => {
      if (hiddenDepth === 0) text.push(chunk);
    },
    onopentagname: (name) => {
      if (spacers.has(name)) text.push(' ');
      if (hidden.has(name)) hiddenDepth++;
    },
    onclosetag: (name) => {
      if (spacers.has(name)) text.push(' ');
      if (hidden.has(name)) hiddenDepth = Math.max(0, hiddenDepth - 1);
    },
  },
  { decodeEntities: true },
);

/**
 * A field's HTML as plain text: tags removed, line-breaking elements as spaces, entities decoded, scripts and styles
 * dropped, `[sound:…]` and `[[type:…]]` removed, cloze markup replaced by its answer, whitespace and control
 * characters (the field separator among them) collapsed to single spaces.
 */
export function fieldText(html: string): string {
  text = [];
  hiddenDepth = 0;
  fieldParser.reset();
  fieldParser.end(html);
  let plain = text
    .join('')
    .replace(/\[sound:[^\]]*\]/g, '')
    .replace(/\[\[type:[^\]]*\]\]/g, '');
  for (let depth = 0; depth < maxClozeDepth && plain.includes('{{c'); depth++) {
    const unwrapped = plain.replace(innermostCloze, '$1');
    if (unwrapped === plain) break;
    plain = unwrapped;
  }
  return plain.replace(/[\s\p{Cc}]+/gu, ' ').trim();
}
