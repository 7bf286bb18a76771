import { z } from 'zod/mini';
import {
  isoDateTimeSchema,
  ownMeaningMaxLength,
  type WordLevel,
  wordLevelSchema,
  wordNoteMaxLength,
} from './entities.ts';
import { type LearningLanguage, learningLanguageSchema, learningLanguages } from './languages.ts';
import { endsSentence, phraseMaxLength, phraseProblem } from './phrases.ts';
import {
  byteOrderMark,
  type ExportedCard,
  exportedWordSchema,
  luteLanguageNames,
  type WordSource,
  wordBackupSchemaName,
  wordBackupVersion,
} from './word-export.ts';

/**
 * A learner's words read back from a file (issue #30): Folio's JSON backup and CSV, Lute's CSV and LWT's "Export
 * terms (TSV)"; an Anki package's notes become the same rows in `anki-import.ts`. Pure code with no server or browser dependency, so the server and the mocks read the same rows from
 * the same bytes. Each format becomes the same rows, and each row that cannot be imported a problem with its line.
 */
export const wordImportFormats = ['json', 'csv', 'lute', 'lwt', 'anki'] as const;
export type WordImportFormat = (typeof wordImportFormats)[number];
export const wordImportFormatSchema = z.enum(wordImportFormats);

/** What a commit does with a word the learner has already saved; a word they have not is always added. */
export const wordImportPolicies = ['keep_higher', 'overwrite', 'add_new'] as const;
export type WordImportPolicy = (typeof wordImportPolicies)[number];
export const wordImportPolicySchema = z.enum(wordImportPolicies);

/** The largest word file a learner may import. */
export const maxWordImportBytes = 10 * 1024 * 1024;
/** The problems a preview lists; the rest are only counted. */
export const maxListedImportProblems = 50;
/** The longest word a learner may save (as the word save's schema). */
export const maxImportedWordLength = 100;
export const maxImportedSentenceLength = 500;

/** Why a row of the file was left out. */
export const wordImportProblemCodes = [
  /** No word in the row. */
  'empty_word',
  /** A number, several words, or something else the reader never saves as one word. */
  'not_a_word',
  'word_too_long',
  /** A level or status the format does not have. */
  'bad_level',
  /** Lute's and LWT's "ignored" terms (status I, 98): not words the learner learns. */
  'ignored_term',
  /** A language Folio does not teach, or a language name it does not know. */
  'unknown_language',
  /** A meaning, note or sentence longer than Folio keeps. */
  'text_too_long',
  /** A row that is not a word of this format (a JSON entry that does not match the backup, too few columns). */
  'bad_row',
  /** The same word again with another level: the first row is kept. */
  'duplicate_word',
  /** An Anki note whose cards are all suspended. */
  'suspended_note',
] as const;
export type WordImportProblemCode = (typeof wordImportProblemCodes)[number];

export const wordImportProblemSchema = z.object({
  /** The file's line the row starts on (the entry's position in a JSON backup that is not one word a line). */
  line: z.int().check(z.minimum(1)),
  reason: z.enum(wordImportProblemCodes),
  /** The word as written in the file, when there is one. */
  word: z.optional(z.string()),
});
export type WordImportProblem = z.infer<typeof wordImportProblemSchema>;

/** A row ready to stage: what every format becomes. Only a JSON backup carries a source and a card. */
export type ImportedWordRow = {
  line: number;
  language: LearningLanguage;
  word: string;
  level: WordLevel;
  meaning: string | null;
  note: string | null;
  sentence: string | null;
  source?: WordSource | null;
  card?: ExportedCard | null;
  /** The word's parent (its base form, docs/decisions/0041), when the file names one. */
  parent?: string;
  /** When the word was first saved (an ISO time), when the file says. */
  added?: string;
};

export type ParsedWordFile = {
  format: WordImportFormat;
  rows: ImportedWordRow[];
  /** Every problem, in the file's order (the preview lists the first ones). */
  problems: WordImportProblem[];
  /** Rows left out without a problem: the same word again at the same level, an Anki note type left out. */
  repeated: number;
};

/** Why a whole file cannot be read: each becomes the envelope's code. */
export const wordFileProblems = ['not_utf8', 'empty_word_file', 'unknown_word_format'] as const;
export type WordFileProblem = (typeof wordFileProblems)[number];

export class WordFileError extends Error {
  readonly problem: WordFileProblem;

  constructor(problem: WordFileProblem, message: string) {
    super(message);
    this.name = 'WordFileError';
    this.problem = problem;
  }
}

/** The file's bytes as text: UTF-8 only (with or without a BOM); anything else is refused, never guessed. */
export function decodeWordFile(bytes: Uint8Array): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    throw new WordFileError('not_utf8', 'The file is not UTF-8 text: save it as UTF-8 and import it again');
  }
  if (text.startsWith(byteOrderMark)) text = text.slice(1);
  if (text.trim() === '') throw new WordFileError('empty_word_file', 'The file is empty');
  return text;
}

// --- CSV --------------------------------------------------------------------------------------------------------

type CsvRecord = { line: number; cells: string[] };

/** The delimiter of a CSV: the one among comma, semicolon and tab that the header line (outside quotes) has most. */
function delimiterOf(text: string): string {
  const counts = new Map([
    [',', 0],
    [';', 0],
    ['\t', 0],
  ]);
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && counts.has(char)) counts.set(char, (counts.get(char) ?? 0) + 1);
  }
  let best = ',';
  for (const [delimiter, count] of counts) if (count > (counts.get(best) ?? 0)) best = delimiter;
  return best;
}

/**
 * RFC 4180 records (quoted fields may hold delimiters, quotes doubled, and line breaks; CRLF, LF or CR between
 * records), each with the line it starts on. A generator, so a large file is read in slices between which the caller
 * may let other work run. Blank lines are no records.
 */
function* csvRecords(text: string, delimiter: string): Generator<CsvRecord> {
  let line = 1;
  let index = 0;
  const length = text.length;
  while (index < length) {
    const start = line;
    const cells: string[] = [];
    let cell = '';
    let ended = false;
    while (!ended) {
      if (index < length && text[index] === '"') {
        index += 1;
        for (;;) {
          const quote = text.indexOf('"', index);
          if (quote === -1) {
            cell += text.slice(index);
            index = length;
            break;
          }
          const part = text.slice(index, quote);
          cell += part;
          line += countBreaks(part);
          if (text[quote + 1] === '"') {
            cell += '"';
            index = quote + 2;
          } else {
            index = quote + 1;
            break;
          }
        }
      }
      while (index < length) {
        const char = text[index];
        if (char === delimiter) {
          index += 1;
          cells.push(cell);
          cell = '';
          break;
        }
        if (char === '\n' || char === '\r') {
          index += char === '\r' && text[index + 1] === '\n' ? 2 : 1;
          line += 1;
          ended = true;
          break;
        }
        cell += char;
        index += 1;
      }
      if (index >= length) ended = true;
      if (ended) cells.push(cell);
    }
    if (cells.length > 1 || cells[0] !== '') yield { line: start, cells };
  }
}

function countBreaks(text: string): number {
  let breaks = 0;
  for (let i = 0; i < text.length; i += 1) {
    if (text[i] === '\n' || (text[i] === '\r' && text[i + 1] !== '\n')) breaks += 1;
  }
  return breaks;
}

/** A cell our export neutralised against formula injection (`'=…`) as it was written. */
export function unneutralised(cell: string): string {
  return /^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
}

// --- Words and levels -------------------------------------------------------------------------------------------

const segmenters = new Map<LearningLanguage, Intl.Segmenter>();

/**
 * The word as the reader saves it (NFC, lowercased in its language), or a phrase as the reader saves one (its words
 * joined by one space: Lute's multi-word terms, whose words it joins with zero-width spaces), or a problem: numbers,
 * punctuation, a sentence's end inside a phrase, or more than seven words are refused.
 */
export function importedWord(
  written: string,
  language: LearningLanguage,
): { word: string } | { reason: WordImportProblemCode } {
  const word = written.normalize('NFC').replaceAll('\u200B', '').trim().toLocaleLowerCase(language);
  if (word === '') return { reason: 'empty_word' };
  if (word.length > phraseMaxLength) return { reason: 'word_too_long' };
  let segmenter = segmenters.get(language);
  if (!segmenter) {
    segmenter = new Intl.Segmenter(language, { granularity: 'word' });
    segmenters.set(language, segmenter);
  }
  const segments = [...segmenter.segment(word)];
  const words = segments.filter((segment) => segment.isWordLike).map((segment) => segment.segment);
  if (!/\p{L}/u.test(word) || words.length === 0) return { reason: 'not_a_word' };
  if (segments.length === 1) return word.length > maxImportedWordLength ? { reason: 'word_too_long' } : { word };
  const phrase = words.join(' ');
  if (segments.some((segment) => !segment.isWordLike && endsSentence.test(segment.segment))) {
    return { reason: 'not_a_word' };
  }
  const problem = phraseProblem(phrase);
  if (problem === 'too_long') return { reason: 'word_too_long' };
  return problem ? { reason: 'not_a_word' } : { word: phrase };
}

/**
 * Lute's and LWT's statuses as our levels, the inverse of the export's: 1 is new (0), 2–4 the learning levels 1–3,
 * 5 and well known (`W`, LWT's 99) known (4); ignored (`I`, LWT's 98) is skipped.
 */
export function levelOfStatus(status: string): WordLevel | 'ignored' | undefined {
  const trimmed = status.trim().toUpperCase();
  if (trimmed === 'I' || trimmed === '98') return 'ignored';
  if (trimmed === 'W' || trimmed === '99' || trimmed === '5') return 4;
  if (/^[1-4]$/.test(trimmed)) return (Number(trimmed) - 1) as WordLevel;
  return undefined;
}

/** A language by its code or by the English name Lute and LWT give it ("German"), ignoring case. */
function languageByName(name: string): LearningLanguage | undefined {
  const wanted = name.trim().toLowerCase();
  for (const language of learningLanguages) {
    if (language === wanted || luteLanguageNames[language].toLowerCase() === wanted) return language;
  }
  return undefined;
}

function optionalText(cell: string | undefined): string | null {
  const text = (cell ?? '').trim();
  return text === '' ? null : text;
}

/** A meaning is one line (as the meaning editor keeps it); a note and a sentence may hold line breaks. */
function oneLine(text: string | null): string | null {
  return text === null ? null : text.replace(/\s+/g, ' ');
}

// Control characters other than tab and line breaks cannot be kept (a NUL cannot be stored at all).
const controlCharacter = /[^\P{Cc}\t\n\r]/gu;

function cleanText(text: string | null): string | null {
  if (text === null) return null;
  return optionalText(text.replace(controlCharacter, ''));
}

// --- Rows -------------------------------------------------------------------------------------------------------

type RawRow = {
  line: number;
  language: LearningLanguage | undefined;
  word: string;
  level: WordLevel | 'ignored' | undefined;
  meaning: string | null;
  note: string | null;
  sentence: string | null;
  source?: WordSource | null;
  card?: ExportedCard | null;
  parent?: string | null | undefined;
  added?: string | null | undefined;
};

/**
 * A row's first save as an ISO time: the backup's and Folio's CSV (`2026-11-28T14:05:09.000Z`) or Lute's
 * (`2026-11-28 14:05:09`, read as UTC); anything else is left out, the row kept.
 */
function addedOf(written: string | null | undefined): string | undefined {
  const text = written?.trim();
  if (!text) return undefined;
  const iso = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(text) ? `${text.replace(' ', 'T')}Z` : text;
  if (!isoDateTimeSchema.safeParse(iso).success) return undefined;
  const time = new Date(iso);
  return Number.isNaN(time.getTime()) ? undefined : time.toISOString();
}

/**
 * A row's parent as saved, when the file names one that is a word (or phrase) other than the row's own: a parent
 * Folio could not save is left out, the row kept.
 */
function parentOf(written: string | null | undefined, language: LearningLanguage, word: string): string | undefined {
  if (!written) return undefined;
  const checked = importedWord(written, language);
  return 'word' in checked && checked.word !== word ? checked.word : undefined;
}

/** Collects rows and problems; a word seen again keeps its first row. */
export class WordRowCollector {
  readonly rows: ImportedWordRow[] = [];
  readonly problems: WordImportProblem[] = [];
  repeated = 0;
  private readonly seen = new Map<string, WordLevel>();

  problem(line: number, reason: WordImportProblemCode, written?: string) {
    // As written, cut to a word's length: a cell of a bad file may be a whole text.
    const word = written?.replace(controlCharacter, '').slice(0, maxImportedWordLength);
    this.problems.push(word === undefined || word === '' ? { line, reason } : { line, reason, word });
  }

  add(raw: RawRow) {
    if (raw.level === 'ignored') return this.problem(raw.line, 'ignored_term', raw.word);
    if (raw.language === undefined) return this.problem(raw.line, 'unknown_language', raw.word);
    if (raw.level === undefined) return this.problem(raw.line, 'bad_level', raw.word);
    const checked = importedWord(raw.word, raw.language);
    if ('reason' in checked) return this.problem(raw.line, checked.reason, raw.word);
    const meaning = oneLine(cleanText(raw.meaning));
    const note = cleanText(raw.note);
    const sentence = oneLine(cleanText(raw.sentence));
    if (
      (meaning?.length ?? 0) > ownMeaningMaxLength ||
      (note?.length ?? 0) > wordNoteMaxLength ||
      (sentence?.length ?? 0) > maxImportedSentenceLength
    ) {
      return this.problem(raw.line, 'text_too_long', raw.word);
    }
    const key = `${raw.language}\u0000${checked.word}`;
    const earlier = this.seen.get(key);
    if (earlier !== undefined) {
      if (earlier === raw.level) this.repeated += 1;
      else this.problem(raw.line, 'duplicate_word', raw.word);
      return;
    }
    this.seen.set(key, raw.level);
    const row: ImportedWordRow = {
      line: raw.line,
      language: raw.language,
      word: checked.word,
      level: raw.level,
      meaning,
      note,
      sentence,
    };
    if (raw.source !== undefined) row.source = raw.source;
    if (raw.card !== undefined) row.card = raw.card;
    const parent = parentOf(raw.parent, raw.language, checked.word);
    if (parent !== undefined) row.parent = parent;
    const added = addedOf(raw.added);
    if (added !== undefined) row.added = added;
    this.rows.push(row);
  }

  result(format: WordImportFormat): ParsedWordFile {
    if (this.rows.length === 0 && this.problems.length === 0) {
      throw new WordFileError('empty_word_file', 'The file has no words in it');
    }
    return { format, rows: this.rows, problems: this.problems, repeated: this.repeated };
  }
}

/** Rows between two pauses of a sliced parse: each slice takes a few milliseconds. */
const rowsPerSlice = 500;

type Header = { format: 'csv' | 'lute'; columns: Map<string, number> };

function headerOf(cells: string[]): Header | undefined {
  const columns = new Map(cells.map((cell, index) => [cell.trim().toLowerCase(), index]));
  // Folio's CSV by its word and level; a file written by hand may leave out the language (the learner's is taken).
  const folio = columns.has('word') && columns.has('level');
  if (folio) return { format: 'csv', columns };
  if (columns.has('term') && columns.has('language') && columns.has('status')) return { format: 'lute', columns };
  return undefined;
}

/** LWT's "Export terms (TSV)" has no header: term, translation, sentence, romanization, status, language, id, tags. */
function looksLikeLwt(cells: string[]): boolean {
  return cells.length >= 6 && levelOfStatus(cells[4] ?? '') !== undefined && /^\d*$/.test((cells[6] ?? '').trim());
}

function* csvRows(
  text: string,
  fallback: WordImportFormat | undefined,
  language: LearningLanguage,
  into: WordRowCollector,
): Generator<void, WordImportFormat> {
  const delimiter = delimiterOf(text);
  const records = csvRecords(text, delimiter);
  const first = records.next();
  if (first.done) throw new WordFileError('empty_word_file', 'The file is empty');
  const header = headerOf(first.value.cells);
  let format: WordImportFormat;
  if (header) format = header.format;
  else if (delimiter === '\t' && looksLikeLwt(first.value.cells)) format = 'lwt';
  else if (fallback === 'lwt') format = 'lwt';
  else {
    throw new WordFileError(
      'unknown_word_format',
      "The file's first line is not a header Folio knows (Folio's CSV or Lute's) nor an LWT export",
    );
  }
  const cell = (cells: string[], name: string) => {
    const index = header?.columns.get(name);
    return index === undefined ? '' : unneutralised(cells[index] ?? '');
  };
  const read = (record: CsvRecord) => {
    const { line, cells } = record;
    if (format === 'lwt') {
      if (cells.length < 5) return into.problem(line, 'bad_row');
      const name = cells[5]?.trim() ?? '';
      const translation = optionalText(cells[1]);
      return into.add({
        line,
        language: name === '' ? language : languageByName(name),
        word: cells[0] ?? '',
        level: levelOfStatus(cells[4] ?? ''),
        // LWT writes `*` for a term without a translation.
        meaning: translation === '*' ? null : translation,
        note: null,
        sentence: optionalText(cells[2]?.replace(/[{}]/g, '')),
      });
    }
    if (cells.length < 2) return into.problem(line, 'bad_row');
    const languageCell = cell(cells, 'language').trim();
    if (format === 'lute') {
      return into.add({
        line,
        language: languageCell === '' ? language : languageByName(languageCell),
        word: cell(cells, 'term'),
        level: levelOfStatus(cell(cells, 'status')),
        meaning: optionalText(cell(cells, 'translation')),
        note: null,
        sentence: null,
        parent: cell(cells, 'parent'),
        added: cell(cells, 'added'),
      });
    }
    const levelCell = cell(cells, 'level').trim();
    const level = wordLevelSchema.safeParse(/^\d$/.test(levelCell) ? Number(levelCell) : Number.NaN);
    return into.add({
      line,
      language: languageCell === '' ? language : learningLanguageSchema.safeParse(languageCell).data,
      word: cell(cells, 'word'),
      level: level.success ? level.data : undefined,
      meaning: optionalText(cell(cells, 'meaning')),
      note: optionalText(cell(cells, 'note')),
      sentence: optionalText(cell(cells, 'sentence')),
      parent: cell(cells, 'parent'),
      added: cell(cells, 'added'),
    });
  };
  if (!header) read(first.value);
  let count = 0;
  for (const record of records) {
    read(record);
    count += 1;
    if (count % rowsPerSlice === 0) yield;
  }
  return format;
}

// --- JSON -------------------------------------------------------------------------------------------------------

const backupHeadSchema = z.object({ schema: z.string(), version: z.number() });

function checkBackupHead(head: unknown) {
  const parsed = backupHeadSchema.safeParse(head);
  if (!parsed.success || parsed.data.schema !== wordBackupSchemaName) {
    throw new WordFileError(
      'unknown_word_format',
      "The JSON file is not a Folio words backup (its schema is not 'folio-words')",
    );
  }
  if (parsed.data.version !== wordBackupVersion) {
    throw new WordFileError(
      'unknown_word_format',
      `This backup's version ${parsed.data.version} is newer than Folio reads`,
    );
  }
}

function addBackupWord(entry: unknown, line: number, into: WordRowCollector) {
  const parsed = exportedWordSchema.safeParse(entry);
  if (!parsed.success) {
    const word = (entry as { word?: unknown } | null)?.word;
    return into.problem(line, 'bad_row', typeof word === 'string' ? word : undefined);
  }
  const { language, word, level, meaning, note, sentence, source, card, parent, addedAt } = parsed.data;
  into.add({ line, language, word, level, meaning, note, sentence, source, card, parent, added: addedAt });
}

/**
 * The backup as the export writes it is one word a line between a head line and a tail: read a line at a time, in
 * slices, each problem with its line. Any other layout of the same JSON is parsed whole, entries numbered from 1.
 */
function* jsonRows(text: string, into: WordRowCollector): Generator<void, WordImportFormat> {
  const lines = text.split('\n');
  const headLine = lines[0]?.trim() ?? '';
  if (headLine.endsWith('"words":[')) {
    let head: unknown;
    try {
      head = JSON.parse(`${headLine}]}`);
    } catch {
      head = undefined;
    }
    if (head !== undefined) {
      checkBackupHead(head);
      let count = 0;
      for (let index = 1; index < lines.length; index += 1) {
        const entry = (lines[index] ?? '').trim().replace(/,$/, '');
        if (entry === '' || entry === ']}') continue;
        let value: unknown;
        try {
          value = JSON.parse(entry);
        } catch {
          into.problem(index + 1, 'bad_row');
          continue;
        }
        addBackupWord(value, index + 1, into);
        count += 1;
        if (count % rowsPerSlice === 0) yield;
      }
      return 'json';
    }
  }
  let whole: unknown;
  try {
    whole = JSON.parse(text);
  } catch {
    throw new WordFileError('unknown_word_format', 'The file is not valid JSON');
  }
  checkBackupHead(whole);
  const words = (whole as { words?: unknown }).words;
  if (!Array.isArray(words)) throw new WordFileError('unknown_word_format', 'The backup has no list of words');
  for (const [index, entry] of words.entries()) {
    addBackupWord(entry, index + 1, into);
    if ((index + 1) % rowsPerSlice === 0) yield;
  }
  return 'json';
}

// --- The whole file ---------------------------------------------------------------------------------------------

/**
 * Reads a decoded file in slices: the generator pauses every few thousand rows so a server can let other requests
 * run between slices, and returns the rows and problems. The format is told by the file (JSON by its first character,
 * a CSV by its header, LWT's header-less TSV by its status column); `fallback`, the learner's choice, is used when it
 * cannot be told. `language` is the learner's current language, for rows that name none.
 */
export function* wordFileSlices(
  text: string,
  { fallback, language }: { fallback?: WordImportFormat | undefined; language: LearningLanguage },
): Generator<void, ParsedWordFile> {
  const into = new WordRowCollector();
  const format = text.trimStart().startsWith('{')
    ? yield* jsonRows(text, into)
    : yield* csvRows(text, fallback, language, into);
  return into.result(format);
}

/** The whole file at once (tests, the mocks). */
export function parseWordFile(
  text: string,
  options: { fallback?: WordImportFormat | undefined; language: LearningLanguage },
): ParsedWordFile {
  return drained(wordFileSlices(text, options));
}

/** A sliced read's result, read without pausing. */
export function drained<T>(slices: Generator<void, T>): T {
  for (;;) {
    const step = slices.next();
    if (step.done) return step.value;
  }
}
