import { z } from 'zod/mini';
import { maxBulkWords, maxVocabularyPageSize } from '../constants.ts';
import {
  isoDateTimeSchema,
  learnerBalancesSchema,
  savedFormSchema,
  userWordSchema,
  vocabularySorts,
  wordLevelSchema,
} from '../entities.ts';
import { int32, plainText } from '../fields.ts';
import { learningLanguageSchema } from '../languages.ts';
import { wordExportFormats } from '../word-export.ts';
import { type Endpoint, endpoint } from './endpoint.ts';
import { targetLangParams } from './params.ts';

// The vocabulary list's entities live with its calls: the screen loads them (no first load does).

/**
 * A saved word as the vocabulary screen lists it: its level, the meaning shown for it (the learner's own once they
 * write one, else the dictionary's first gloss into the home language, else null), the learner's note, when its level
 * (or meaning) last changed, and how often it occurs in the published library and the learner's own texts.
 */
export const vocabularyWordSchema = z.object({
  lowercase: z.string(),
  level: wordLevelSchema,
  meaning: z.nullable(z.string()),
  meaningIsOwn: z.boolean(),
  note: z.nullable(z.string()),
  /** The sentence the word was first saved in (a flashcard's front), null when it was saved without one. */
  sentence: z.nullable(z.string()),
  updatedAt: isoDateTimeSchema,
  occurrences: int32(),
});
export type VocabularyWord = z.infer<typeof vocabularyWordSchema>;

/**
 * One page of the list, in keyset order: `next` is the opaque cursor of the page after it (null on the last), `total`
 * the number of words matching the filters. The learner's words per level, whatever the filters, are the progress
 * call's (`/progress/…`): a search need not count every saved word.
 */
export const vocabularyPageSchema = z.object({
  words: z.array(vocabularyWordSchema),
  next: z.nullable(z.string()),
  total: int32(),
});
export type VocabularyPage = z.infer<typeof vocabularyPageSchema>;

/** `levels=0,3,4`: the levels to list, each once or more; absent lists every level. */
const levelList = z
  .string()
  .check(
    z.refine(
      (list) => list.split(',').every((level) => /^[0-4]$/.test(level)),
      'levels must be 0 to 4 separated by commas',
    ),
  );

/** Formats a job makes off the request path, then hands out as a file: the Anki package. */
export const wordExportJobFormats = ['anki'] as const;

/** How long a made export may be downloaded; the server's housekeeping deletes it after. */
export const wordExportLifetimeMs = 60 * 60 * 1000;

/** An export a job makes: `pending` while it runs, `ready` to download until `expiresAt`, `failed` for good. */
export const wordExportJobSchema = z.object({
  id: z.string(),
  status: z.enum(['pending', 'ready', 'failed']),
  fileName: z.string(),
  expiresAt: isoDateTimeSchema,
});
export type WordExportJob = z.infer<typeof wordExportJobSchema>;

export const startWordExportSchema = z.object({
  format: z.enum(wordExportJobFormats),
  language: z.union([learningLanguageSchema, z.literal('all')]),
  /** The levels to export; every level when absent. */
  levels: z.optional(z.array(wordLevelSchema).check(z.maxLength(5))),
});
export type StartWordExport = z.infer<typeof startWordExportSchema>;

const exportIdParams = z.object({ exportId: z.uuid() });

/**
 * A page of the list grouped by family (`family=1`, docs/decisions/0041): each word with every word below it (its
 * children, theirs, …), A–Z. Here rather than with the list's entities, which the reader's first load carries.
 */
export const vocabularyFamilyPageSchema = z.extend(vocabularyPageSchema, {
  words: z.array(
    z.extend(vocabularyWordSchema, {
      children: z.optional(z.array(z.object({ lowercase: z.string(), level: wordLevelSchema }))),
    }),
  ),
});
export type VocabularyFamilyPage = z.infer<typeof vocabularyFamilyPageSchema>;
/** A row of the list, with the words below it when grouped by family. */
export type VocabularyRow = VocabularyFamilyPage['words'][number];

const wordList = z.array(savedFormSchema).check(z.minLength(1), z.maxLength(maxBulkWords));

/**
 * The vocabulary screen: the learner's saved words in one language, paged on the server in keyset order (`after` is
 * the previous page's `next`; a cursor of another sort, or one that does not decode, is a 400), filtered by level and by
 * a search that ignores case and accents ("cafe" finds "café"; words starting with it), and changed several at once.
 */
export const vocabularyEndpoints = {
  /**
   * The learner's saved words as a file to keep or take elsewhere (`src/contract/word-export.ts` writes each format):
   * `json` the lossless backup (cards and their review log included), `csv` one word a row, `lute` the CSV Lute
   * imports; of one language or `all`, at some levels or every one. Not the envelope: a success is the file itself,
   * streamed, named in `Content-Disposition`; a bad query (400) or a visitor (401) gets the envelope.
   */
  exportVocabulary: endpoint({
    method: 'GET',
    path: '/vocabulary/export',
    auth: 'required',
    answers: 'file',
    query: z.object({
      format: z.enum(wordExportFormats),
      language: z.union([learningLanguageSchema, z.literal('all')]),
      levels: z.optional(levelList),
    }),
    details: z.never(),
  }),
  /**
   * Starts an export a job makes off the request path (`anki`: an Anki package with a note per word, see
   * `src/contract/anki-package.ts`): answers the job, `pending`, which the SPA asks after until it is `ready`.
   */
  startWordExport: endpoint({
    method: 'POST',
    path: '/vocabulary/exports',
    auth: 'required',
    body: startWordExportSchema,
    details: wordExportJobSchema,
  }),
  /** An export's state; another learner's, an expired one or none is a 404. */
  wordExport: endpoint({
    method: 'GET',
    path: '/vocabulary/exports/:exportId',
    auth: 'required',
    params: exportIdParams,
    details: wordExportJobSchema,
  }),
  /** A ready export's file (its owner only, until it expires: 404 otherwise); not the envelope, as the export's. */
  wordExportFile: endpoint({
    method: 'GET',
    path: '/vocabulary/exports/:exportId/file',
    auth: 'required',
    answers: 'file',
    params: exportIdParams,
    details: z.never(),
  }),
  vocabulary: endpoint({
    method: 'GET',
    path: '/vocabulary/:targetLang',
    auth: 'required',
    params: targetLangParams,
    query: z.object({
      /** The language the dictionary's meanings are given in (the learner's home language). */
      homeLang: learningLanguageSchema,
      levels: z.optional(levelList),
      q: z.optional(plainText().check(z.maxLength(100))),
      sort: z.optional(z.enum(vocabularySorts)),
      /** Opaque; it carries the last word of a page, which may be a long word of a three-byte script. */
      after: z.optional(z.string().check(z.minLength(1), z.maxLength(1000))),
      limit: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(maxVocabularyPageSize))),
      /**
       * `family=1`: grouped by family (docs/decisions/0041): only the words without a parent are listed and counted,
       * in the same keyset order, each with every word below it (`children`).
       */
      family: z.optional(z.literal('1')),
      /** `phrases=1`: only the saved phrases (several words, docs/decisions/0039), listed and counted. */
      phrases: z.optional(z.literal('1')),
    }),
    details: vocabularyFamilyPageSchema,
  }),
  /**
   * Several saved words at once: to one level (with the coins and counters of a save, as `saveUserWord`), or removed
   * (unsaved again: they no longer count against the word limit). Words the learner has not saved are left alone, never
   * saved here. Answers the words as they now are (a removed one is absent) and the learner's balances.
   */
  changeVocabulary: endpoint({
    method: 'POST',
    path: '/vocabulary/:targetLang/change',
    auth: 'required',
    params: targetLangParams,
    body: z.union([
      z.object({ words: wordList, level: wordLevelSchema }),
      z.object({ words: wordList, remove: z.literal(true) }),
    ]),
    details: z.object({ words: z.array(userWordSchema), balances: learnerBalancesSchema }),
  }),
} as const satisfies Record<string, Endpoint>;
