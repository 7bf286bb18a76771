import { z } from 'zod/mini';
import { isoDateSchema, isoDateTimeSchema, wordLevelSchema } from './entities.ts';
import { type LearningLanguage, learningLanguageSchema } from './languages.ts';

/**
 * A learner's words as a file (issue #30): the lossless JSON backup, Folio's CSV and a CSV Lute imports as is. Pure
 * code with no server or browser dependency, so the server and the mocks write the same bytes from the same rows.
 */
export const wordExportFormats = ['json', 'csv', 'lute'] as const;
export type WordExportFormat = (typeof wordExportFormats)[number];

export const wordBackupSchemaName = 'folio-words';
export const wordBackupVersion = 1;

/** A card's scheduler state as the review log keeps it (ts-fsrs's card, ISO times). */
const cardSnapshotSchema = z.record(z.string(), z.unknown());

const sourceSchema = z.object({
  contentId: z.nullable(z.int()),
  pageId: z.nullable(z.int()),
  videoId: z.nullable(z.string()),
});
export type WordSource = z.infer<typeof sourceSchema>;

export const exportedReviewSchema = z.object({
  reviewId: z.string(),
  rating: z.int().check(z.minimum(1), z.maximum(4)),
  cardBefore: cardSnapshotSchema,
  cardAfter: cardSnapshotSchema,
  levelBefore: wordLevelSchema,
  levelAfter: wordLevelSchema,
  reviewedAt: isoDateTimeSchema,
  durationMs: z.int(),
  undoneAt: z.nullable(isoDateTimeSchema),
});
export type ExportedReview = z.infer<typeof exportedReviewSchema>;

/** A flashcard with every column of its row (FSRS state: 0 new, 1 learning, 2 review, 3 relearning) and its log. */
export const exportedCardSchema = z.object({
  due: isoDateTimeSchema,
  stability: z.number(),
  difficulty: z.number(),
  elapsedDays: z.int(),
  scheduledDays: z.int(),
  learningSteps: z.int(),
  reps: z.int(),
  lapses: z.int(),
  state: z.int().check(z.minimum(0), z.maximum(3)),
  lastReview: z.nullable(isoDateTimeSchema),
  suspended: z.boolean(),
  createdAt: isoDateTimeSchema,
  levelRaisedOn: z.nullable(isoDateSchema),
  sentence: z.nullable(z.string()),
  source: z.nullable(sourceSchema),
  reviews: z.array(exportedReviewSchema),
});
export type ExportedCard = z.infer<typeof exportedCardSchema>;

/** One saved word with everything Folio keeps of it. */
export const exportedWordSchema = z.object({
  language: learningLanguageSchema,
  word: z.string(),
  level: wordLevelSchema,
  meaning: z.nullable(z.string()),
  note: z.nullable(z.string()),
  sentence: z.nullable(z.string()),
  source: z.nullable(sourceSchema),
  updatedAt: isoDateTimeSchema,
  /** When the word was first saved; absent from backups written before 2026-11-29. */
  addedAt: z.optional(isoDateTimeSchema),
  card: z.nullable(exportedCardSchema),
  /** The word's parent (its base form, docs/decisions/0041); absent from backups written before families. */
  parent: z.optional(z.nullable(z.string())),
});
export type ExportedWord = z.infer<typeof exportedWordSchema>;

/** The JSON backup as a whole: what a later import reads (it refuses another schema or a newer version). */
export const wordBackupSchema = z.object({
  schema: z.literal(wordBackupSchemaName),
  version: z.literal(wordBackupVersion),
  exportedAt: isoDateTimeSchema,
  words: z.array(exportedWordSchema),
});
export type WordBackup = z.infer<typeof wordBackupSchema>;

/** A source as one cell: the reader's or the video's address in Folio, empty when the word has none. */
export function sourceText(source: WordSource | null): string {
  if (!source) return '';
  if (source.videoId !== null) return `/youtube/${source.videoId}`;
  if (source.contentId !== null) return `/reader/${source.contentId}?page=${source.pageId ?? 0}`;
  return '';
}

const cardStateNames = ['new', 'learning', 'review', 'relearning'] as const;

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break, quotes doubled. A text a
 * spreadsheet would read as a formula (starting with `=`, `+`, `-`, `@`, a tab or a carriage return) gets a leading
 * `'`, as OWASP's CSV injection advice says, so opening the file runs nothing.
 */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV record, CRLF-terminated. */
export function csvRecord(fields: readonly (string | number | null)[]): string {
  return `${fields.map(csvField).join(',')}\r\n`;
}

/** Excel and Lute (`utf-8-sig`) read the file as UTF-8 by this mark. */
export const byteOrderMark = '\uFEFF';

export const folioCsvHeader = [
  'language',
  'word',
  'level',
  'meaning',
  'note',
  'sentence',
  'source',
  'added',
  'updated',
  'card_state',
  'parent',
] as const;

export function folioCsvRecord(word: ExportedWord): string {
  return csvRecord([
    word.language,
    word.word,
    word.level,
    word.meaning,
    word.note,
    word.sentence,
    sourceText(word.source),
    word.addedAt ?? null,
    word.updatedAt,
    word.card ? (cardStateNames[word.card.state] ?? '') : '',
    word.parent ?? null,
  ]);
}

/** Lute's own export header; its import takes these columns (it ignores `added`; Folio's keeps it). */
export const luteCsvHeader = [
  'term',
  'parent',
  'translation',
  'language',
  'tags',
  'added',
  'status',
  'link_status',
  'pronunciation',
] as const;

/** The language names Lute's predefined languages carry: its import finds a language by its name. */
export const luteLanguageNames: Record<LearningLanguage, string> = {
  en: 'English',
  ru: 'Russian',
  de: 'German',
  fr: 'French',
  es: 'Spanish',
  ko: 'Korean',
  it: 'Italian',
  hu: 'Hungarian',
};

/**
 * Our level as Lute's status, one to one so a file that comes back keeps its levels: new (0) is Lute's 1, the
 * learning levels 1–3 its 2–4, known (4) its W (well known). Lute's 5 ("learned") is never written.
 */
export const luteStatuses = ['1', '2', '3', '4', 'W'] as const;

/** A time as Lute writes `added`, `2026-11-28 14:05:09` (UTC here: Lute's is its server's zone). */
export const luteTime = (iso: string) => new Date(iso).toISOString().slice(0, 19).replace('T', ' ');

export function luteCsvRecord(word: ExportedWord): string {
  return csvRecord([
    word.word,
    word.parent ?? null,
    word.meaning,
    luteLanguageNames[word.language],
    '',
    luteTime(word.addedAt ?? word.updatedAt),
    luteStatuses[word.level] ?? '1',
    '',
    '',
  ]);
}

/** A page of words in a format; the JSON backup's words are one a line, each after a comma but the first. */
export function exportChunk(format: WordExportFormat, words: readonly ExportedWord[], first: boolean): string {
  if (format === 'csv') return words.map(folioCsvRecord).join('');
  if (format === 'lute') return words.map(luteCsvRecord).join('');
  return words.map((word, index) => `${first && index === 0 ? '' : ',\n'}${JSON.stringify(word)}`).join('');
}

/** What a file starts with, before its words. */
export function exportHead(format: WordExportFormat, exportedAt: string): string {
  if (format === 'csv') return byteOrderMark + csvRecord(folioCsvHeader);
  if (format === 'lute') return byteOrderMark + csvRecord(luteCsvHeader);
  const head = JSON.stringify({ schema: wordBackupSchemaName, version: wordBackupVersion, exportedAt });
  return `${head.slice(0, -1)},"words":[\n`;
}

/** What a file ends with, after its words. */
export function exportTail(format: WordExportFormat): string {
  return format === 'json' ? '\n]}\n' : '';
}

/** A whole file, written as pages of words arrive: the head, each page, the tail. */
export async function* exportFile(
  format: WordExportFormat,
  exportedAt: string,
  pages: AsyncIterable<readonly ExportedWord[]>,
): AsyncGenerator<string> {
  yield exportHead(format, exportedAt);
  let first = true;
  for await (const words of pages) {
    if (words.length === 0) continue;
    yield exportChunk(format, words, first);
    first = false;
  }
  yield exportTail(format);
}

export const exportContentTypes: Record<WordExportFormat, string> = {
  json: 'application/json; charset=utf-8',
  csv: 'text/csv; charset=utf-8; header=present',
  lute: 'text/csv; charset=utf-8; header=present',
};

/** `folio-words-de-2026-11-28.csv`, `folio-words-all-2026-11-28.json`, `folio-words-de-2026-11-28-lute.csv`. */
export function exportFileName(format: WordExportFormat, language: LearningLanguage | 'all', day: string): string {
  const base = `folio-words-${language}-${day}`;
  if (format === 'json') return `${base}.json`;
  return format === 'lute' ? `${base}-lute.csv` : `${base}.csv`;
}
