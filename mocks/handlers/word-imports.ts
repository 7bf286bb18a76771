import { type AnkiMapping, ankiMappingSchema, looksLikeZip, parseAnkiNotes } from '@/contract/anki-import';
import { endpoints } from '@/contract/endpoints';
import type { WordImportPreview } from '@/contract/endpoints/word-imports';
import type { WordContext } from '@/contract/endpoints/words';
import type { UserWord } from '@/contract/entities';
import { learningLanguageSchema } from '@/contract/languages';
import type { WordSource } from '@/contract/word-export';
import {
  decodeWordFile,
  type ImportedWordRow,
  maxListedImportProblems,
  maxWordImportBytes,
  type ParsedWordFile,
  parseWordFile,
  WordFileError,
  type WordImportPolicy,
  wordImportFormatSchema,
} from '@/contract/word-import';
import { MockAnkiRefusal, readMockAnkiPackage } from '../anki-reader';
import { type MockUser, mockDb, nextId, wordsOf, wordTimeKey } from '../db';
import { fail, ok, parseBody, parseParams, readMultipartBytes, requireUser, route, wordLimitFor } from './respond';

const lifetimeMs = 60 * 60 * 1000;

type Saved = { word: UserWord; meaning: string | null; note: string | null; sentence: string | null };

function savedOf(user: MockUser, row: ImportedWordRow): Saved | undefined {
  const word = wordsOf(user).find((item) => item.language === row.language && item.lowercase === row.word);
  if (!word) return undefined;
  const key = wordTimeKey(user, word);
  const own = mockDb().meanings[key];
  return {
    word,
    meaning: own?.meaning ?? null,
    note: own?.note ?? null,
    sentence: mockDb().contexts[key]?.sentence ?? null,
  };
}

/**
 * A sentence and its source as the mocks keep a word's context: always with a source, so a sentence a file brings
 * without one (a CSV's) is not kept by the mocks, where the server keeps it.
 */
function contextOf(sentence: string, source: WordSource | null): WordContext | undefined {
  if (source?.videoId) return { sentence, source: { videoId: source.videoId } };
  if (source?.contentId !== null && source?.contentId !== undefined) {
    return { sentence, source: { contentId: source.contentId, pageId: source.pageId ?? 0 } };
  }
  return undefined;
}

/** Whether a policy changes a saved word, as the server's `changes` in SQL. */
function changes(policy: WordImportPolicy, saved: Saved, row: ImportedWordRow): boolean {
  if (policy === 'add_new') return false;
  if (policy === 'keep_higher') {
    return (
      row.level > saved.word.level ||
      (saved.meaning === null && row.meaning !== null) ||
      (saved.note === null && row.note !== null) ||
      (saved.sentence === null && row.sentence !== null)
    );
  }
  return (
    row.level !== saved.word.level ||
    (row.meaning !== null && row.meaning !== saved.meaning) ||
    (row.note !== null && row.note !== saved.note) ||
    (row.sentence !== null && row.sentence !== saved.sentence)
  );
}

/** The row's meaning, note and sentence written for a word, as the server's policies write them. */
function write(
  user: MockUser,
  policy: WordImportPolicy,
  word: UserWord,
  saved: Saved | undefined,
  row: ImportedWordRow,
) {
  const { meanings, contexts, wordTimes, addedTimes, coins } = mockDb();
  const key = wordTimeKey(user, word);
  const keep = policy === 'keep_higher' && saved !== undefined;
  const meaning = keep ? (saved.meaning ?? row.meaning) : (row.meaning ?? saved?.meaning ?? null);
  const note = keep ? (saved.note ?? row.note) : (row.note ?? saved?.note ?? null);
  if (meaning !== null || note !== null) meanings[key] = { meaning, note };
  const replaceSentence = keep ? saved.sentence === null : row.sentence !== null;
  const context = replaceSentence && row.sentence !== null ? contextOf(row.sentence, row.source ?? null) : undefined;
  if (context) contexts[key] = context;
  const now = new Date().toISOString();
  wordTimes[key] = now;
  // A new word was first saved when the file says (never later than now); a saved one keeps its own time.
  if (saved === undefined) addedTimes[key] = row.added !== undefined && row.added < now ? row.added : now;
  // The levels a file brings count as reached: they pay no coins, then or later.
  const userCoins = coins[user.username] ?? { day: '', today: 0, days: [], levels: {} };
  coins[user.username] = userCoins;
  const levelKey = `${word.language}\u0000${word.lowercase}`;
  userCoins.levels[levelKey] = Math.max(userCoins.levels[levelKey] ?? 0, word.level);
}

function preview(user: MockUser, file: ParsedWordFile & Pick<WordImportPreview, 'noteTypes'>): WordImportPreview {
  const counts = {
    new: 0,
    updated: { keep_higher: 0, overwrite: 0, add_new: 0 },
    unchanged: { keep_higher: 0, overwrite: 0, add_new: 0 },
    skipped: file.problems.length + file.repeated,
    links: { keep_higher: 0, overwrite: 0, add_new: 0 },
  };
  // As on the server: a row's parent saved or a word of the file, linked as each policy treats a meaning.
  const { parents } = mockDb();
  const inFile = new Set(file.rows.map((row) => `${row.language}:${row.word}`));
  for (const row of file.rows) {
    const saved = savedOf(user, row);
    const parentThere =
      row.parent !== undefined &&
      (inFile.has(`${row.language}:${row.parent}`) ||
        wordsOf(user).some((word) => word.language === row.language && word.lowercase === row.parent));
    if (parentThere) {
      const now = saved ? parents[wordTimeKey(user, saved.word)] : undefined;
      if (now === undefined) counts.links.keep_higher += 1;
      if (now !== row.parent) counts.links.overwrite += 1;
      if (!saved) counts.links.add_new += 1;
    }
    if (!saved) {
      counts.new += 1;
      continue;
    }
    for (const policy of ['keep_higher', 'overwrite', 'add_new'] as const) {
      if (changes(policy, saved, row)) counts.updated[policy] += 1;
      else counts.unchanged[policy] += 1;
    }
  }
  const room = Math.max(user.wordLimit - wordsOf(user).length, 0);
  const expiresAt = new Date(Date.now() + lifetimeMs).toISOString();
  const id = crypto.randomUUID();
  mockDb().wordImports.push({ id, username: user.username, rows: file.rows, expiresAt, committed: false });
  return {
    importId: id,
    format: file.format,
    expiresAt,
    counts,
    problems: file.problems.slice(0, maxListedImportProblems),
    problemCount: file.problems.length,
    limit: { fits: counts.new <= room, room },
    ...(file.noteTypes ? { noteTypes: file.noteTypes } : {}),
  };
}

function mappingOf(field: string | undefined): AnkiMapping | undefined {
  if (field === undefined) return [];
  try {
    return ankiMappingSchema.safeParse(JSON.parse(field)).data;
  } catch {
    return undefined;
  }
}

/** Cards of a JSON backup for words that have none (their review log stays with the server: the mocks keep none). */
function restoreCard(user: MockUser, row: ImportedWordRow): boolean {
  const card = row.card;
  if (!card) return false;
  const { cards } = mockDb().flashcards;
  const exists = cards.some(
    (item) => item.username === user.username && item.language === row.language && item.lowercase === row.word,
  );
  if (exists) return false;
  const { due, stability, difficulty, elapsedDays, scheduledDays, learningSteps, reps, lapses, state, lastReview } =
    card;
  cards.push({
    id: nextId(),
    username: user.username,
    language: row.language,
    lowercase: row.word,
    schedule: {
      due,
      stability,
      difficulty,
      elapsedDays,
      scheduledDays,
      learningSteps,
      reps,
      lapses,
      state,
      lastReview,
    },
    context: card.sentence === null ? null : (contextOf(card.sentence, card.source) ?? null),
    levelRaisedOn: card.levelRaisedOn,
    createdAt: card.createdAt,
  });
  return true;
}

/**
 * The file's parents linked once its words are in, as the server's commit links them (the mocks' file is one chunk):
 * to a saved parent, as the policy treats a meaning; every word linked now that ends on a cycle is unlinked again.
 */
function linkParents(user: MockUser, policy: WordImportPolicy, rows: readonly ImportedWordRow[], added: Set<string>) {
  const { parents } = mockDb();
  const words = wordsOf(user);
  const keyOf = (language: ImportedWordRow['language'], lowercase: string) =>
    wordTimeKey(user, { language, lowercase });
  const linked: ImportedWordRow[] = [];
  for (const row of rows) {
    const key = keyOf(row.language, row.word);
    const now = parents[key];
    const wanted =
      policy === 'overwrite' ? now !== row.parent : now === undefined && (policy === 'keep_higher' || added.has(key));
    const parentSaved = words.some((word) => word.language === row.language && word.lowercase === row.parent);
    if (row.parent === undefined || !wanted || !parentSaved) continue;
    parents[key] = row.parent;
    linked.push(row);
  }
  const onCycle = linked.filter((row) => {
    let above = parents[keyOf(row.language, row.word)];
    for (let depth = 0; above !== undefined && depth < 100; depth += 1) {
      if (above === row.word) return true;
      above = parents[keyOf(row.language, above)];
    }
    return false;
  });
  for (const row of onCycle) delete parents[keyOf(row.language, row.word)];
}

/**
 * The preview's answer for a file's bytes and the form's fields (`language`, `format`): exported for component tests,
 * whose jsdom File a Node FormData sends empty, so they hand the file's bytes over themselves.
 */
export async function previewWordFile(
  user: MockUser,
  bytes: Uint8Array,
  fields: Record<string, string>,
): Promise<Response> {
  if (bytes.length > maxWordImportBytes)
    return fail(413, 'payload_too_large', 'Word files may be at most 10 MB', 'file');
  const language = learningLanguageSchema.safeParse(fields.language);
  if (!language.success) return fail(400, 'invalid_input', 'Give the language you are learning', 'language');
  const format = fields.format === undefined ? undefined : wordImportFormatSchema.safeParse(fields.format);
  if (format && !format.success) return fail(400, 'invalid_input', 'Choose json, csv, lute, lwt or anki', 'format');
  const mapping = mappingOf(fields.mapping);
  if (!mapping) return fail(400, 'invalid_input', "Give each note type's fields as a list", 'mapping');
  try {
    if (format?.data === 'anki' || looksLikeZip(bytes)) {
      const { noteTypes, notes } = await readMockAnkiPackage(bytes);
      const blank = { noteTypeId: 0, fields: [], intervalDays: null, suspended: false };
      const all = { count: notes.length, at: (index: number) => notes[index] ?? blank };
      const read = parseAnkiNotes(all, noteTypes, { mapping, language: language.data });
      return ok(preview(user, read));
    }
    const parsed = parseWordFile(decodeWordFile(bytes), { fallback: format?.data, language: language.data });
    return ok(preview(user, parsed));
  } catch (error) {
    if (error instanceof WordFileError) return fail(400, error.problem, error.message, 'file');
    if (error instanceof MockAnkiRefusal) return fail(400, error.code, error.message, 'file');
    throw error;
  }
}

/** A learner's words from a file, in two steps as on the server (docs/decisions/0037), with the same parser. */
export const wordImportHandlers = [
  route(endpoints.previewWordImport, async ({ request }) => {
    const user = requireUser(request);
    if (user instanceof Response) return user;
    const form = await readMultipartBytes(request);
    const file = form?.file;
    if (!form || !file) return fail(400, 'invalid_input', 'Send the words in the field "file"', 'file');
    return previewWordFile(user, file.bytes, form.fields);
  }),

  route(endpoints.commitWordImport, async ({ request, params }) => {
    const user = requireUser(request);
    if (user instanceof Response) return user;
    const parsed = parseParams(params, endpoints.commitWordImport.params);
    if (parsed instanceof Response) return parsed;
    const body = await parseBody(request, endpoints.commitWordImport.body);
    if (body instanceof Response) return body;
    const staged = mockDb().wordImports.find(
      (item) =>
        item.id === parsed.importId && item.username === user.username && Date.parse(item.expiresAt) > Date.now(),
    );
    if (!staged) return fail(404, 'not_found', 'This import does not exist or has expired');
    if (staged.committed) return fail(409, 'already_imported', 'This import has already been applied');
    const words = wordsOf(user);
    const room = Math.max(user.wordLimit - words.length, 0);
    const fresh = staged.rows.filter((row) => !savedOf(user, row));
    if (fresh.length > room) return wordLimitFor(room);
    const result = { added: 0, updated: 0, unchanged: 0, cards: 0 };
    const added = new Set<string>();
    for (const row of staged.rows) {
      const saved = savedOf(user, row);
      if (!saved) {
        const word: UserWord = { language: row.language, lowercase: row.word, level: row.level };
        words.push(word);
        added.add(wordTimeKey(user, word));
        write(user, body.policy, word, undefined, row);
        result.added += 1;
      } else if (changes(body.policy, saved, row)) {
        if (body.policy === 'keep_higher')
          saved.word.level = Math.max(saved.word.level, row.level) as UserWord['level'];
        else saved.word.level = row.level;
        write(user, body.policy, saved.word, saved, row);
        result.updated += 1;
      } else {
        result.unchanged += 1;
        continue;
      }
      if (restoreCard(user, row)) result.cards += 1;
    }
    linkParents(user, body.policy, staged.rows, added);
    staged.committed = true;
    return ok({ ...result, wordCount: words.length });
  }),
];
