import { z } from 'zod/mini';
import { ankiNoteTypeSummarySchema } from '../anki-import.ts';
import { isoDateTimeSchema } from '../entities.ts';
import { wordImportFormatSchema, wordImportPolicySchema, wordImportProblemSchema } from '../word-import.ts';
import { type Endpoint, endpoint } from './endpoint.ts';

/** What each policy would do with the rows of words the learner has already saved. */
const policyCountsSchema = z.object({
  keep_higher: z.int().check(z.minimum(0)),
  overwrite: z.int().check(z.minimum(0)),
  add_new: z.int().check(z.minimum(0)),
});

/**
 * A word file read and staged: its format, what a commit would do (rows of new words, rows of saved words each policy
 * would change or leave as they are, rows left out, words it would link to their parent), the first problems with their line, and whether the new words
 * fit under the learner's word limit (`room`: how many more words it allows).
 */
export const wordImportPreviewSchema = z.object({
  importId: z.uuid(),
  format: wordImportFormatSchema,
  expiresAt: isoDateTimeSchema,
  counts: z.object({
    new: z.int().check(z.minimum(0)),
    updated: policyCountsSchema,
    unchanged: policyCountsSchema,
    skipped: z.int().check(z.minimum(0)),
    /**
     * Words each policy would link to the parent their row names (docs/decisions/0041): a parent saved or a word of
     * the file; keeping fills a missing parent, overwriting replaces another, adding only new words links only those.
     * The commit leaves out the links that would close a cycle, so it may link fewer.
     */
    links: policyCountsSchema,
  }),
  /** The first problems, in the file's order; `problemCount` counts them all. */
  problems: z.array(wordImportProblemSchema),
  problemCount: z.int().check(z.minimum(0)),
  limit: z.object({ fits: z.boolean(), room: z.int().check(z.minimum(0)) }),
  /** An Anki package's note types: their fields, a few values of each, and which fields the rows were read from. */
  noteTypes: z.optional(z.array(ankiNoteTypeSummarySchema)),
});
export type WordImportPreview = z.infer<typeof wordImportPreviewSchema>;

export const wordImportResultSchema = z.object({
  added: z.int().check(z.minimum(0)),
  updated: z.int().check(z.minimum(0)),
  unchanged: z.int().check(z.minimum(0)),
  /** Flashcards restored from a JSON backup (for words that had none). */
  cards: z.int().check(z.minimum(0)),
  wordCount: z.int().check(z.minimum(0)),
});
export type WordImportResult = z.infer<typeof wordImportResultSchema>;

export const wordImportIdParams = z.object({ importId: z.uuid() });

/**
 * A learner's words brought in from a file (docs/decisions/0037): a preview stages the file's valid rows for an hour,
 * a commit applies them all with a policy for the words already saved (a second commit is 409: `already_imported`, or
 * `import_in_progress` while the first is still applying it). Imported words earn no coins and count toward no daily
 * goal; new ones count against the word limit (all or none: `word_limit`).
 */
export const wordImportEndpoints = {
  previewWordImport: endpoint({
    method: 'POST',
    path: '/vocabulary/imports',
    auth: 'required',
    // The body is multipart/form-data: fields `language` (the learner's current language, for rows that name none),
    // `format` (optional: used only when the file cannot tell) and `mapping` (optional, JSON of `ankiMappingSchema`:
    // an Anki package's fields; a new mapping is a new preview of the same file), then `file` (at most 10 MB, UTF-8
    // text or an Anki package, told by its first bytes). An Anki package the server cannot read is a 4xx `anki_*`;
    // while it reads as many as it can at once, `anki_busy` (503, Retry-After).
    details: wordImportPreviewSchema,
  }),
  commitWordImport: endpoint({
    method: 'POST',
    path: '/vocabulary/imports/:importId/commit',
    auth: 'required',
    params: wordImportIdParams,
    body: z.object({ policy: wordImportPolicySchema }),
    details: wordImportResultSchema,
  }),
} as const satisfies Record<string, Endpoint>;
