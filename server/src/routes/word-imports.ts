import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { type AnkiMapping, ankiMappingSchema, looksLikeZip } from '#contract/anki-import.ts';
import type { WordImportPreview } from '#contract/endpoints/word-imports.ts';
import { endpoints } from '#contract/endpoints.ts';
import { learningLanguageSchema } from '#contract/languages.ts';
import {
  maxListedImportProblems,
  maxWordImportBytes,
  type ParsedWordFile,
  WordFileError,
  wordImportFormatSchema,
} from '#contract/word-import.ts';
import { analyseUserWords, commitWordImport, stageWordImport } from '../db/queries/word-imports.ts';
import { ApiError, apiError } from '../http/errors.ts';
import { readMultipart } from '../http/multipart.ts';
import { AnkiPackageError } from '../services/imports/anki-package.ts';
import { readAnkiWords } from '../services/imports/anki-words.ts';
import { QueueFullError } from '../services/imports/turns.ts';
import { readWordFile, yieldToLoop } from '../services/imports/word-file.ts';
import { enforceRateLimit } from '../services/rate-limit.ts';
import { registerEndpoint } from './endpoint.ts';

/** After this many new words at once the planner's statistics of `user_words` are refreshed. */
const ANALYSE_AFTER_WORDS = 1_000;

/** The learner's choice of an Anki package's fields (JSON in a form field), none when they have made none yet. */
function mappingOf(field: string | undefined): AnkiMapping {
  if (field === undefined) return [];
  let json: unknown;
  try {
    json = JSON.parse(field);
  } catch {
    json = undefined;
  }
  const mapping = ankiMappingSchema.safeParse(json);
  if (!mapping.success) throw apiError(400, 'invalid_input', "Give each note type's fields as a list", 'mapping');
  return mapping.data;
}

/** A file that cannot be read as the envelope that says why; anything else as it is. */
function refusalOf(error: unknown): unknown {
  if (error instanceof WordFileError) return apiError(400, error.problem, error.message, 'file');
  if (error instanceof AnkiPackageError) {
    return apiError(error.code === 'anki_too_large' ? 413 : 400, error.code, error.message, 'file');
  }
  if (error instanceof QueueFullError) {
    const busy = 'Other Anki packages are being read: please try again in a minute';
    return new ApiError(503, [{ error: busy, code: 'anki_busy', field: 'file' }], { 'retry-after': '30' });
  }
  return error;
}

/**
 * A learner's words brought in from a file (docs/decisions/0037): a preview reads and stages it, a commit applies it.
 * The file is read in slices and staged a chunk a statement, so a large file never holds other requests up for long.
 */
export async function wordImportRoutes(app: FastifyInstance) {
  const { db, limits, imports } = app.deps;
  await app.register(multipart, { limits: { fileSize: maxWordImportBytes, files: 1, fields: 3, parts: 4 } });

  registerEndpoint(app, endpoints.previewWordImport, async ({ auth, request, now }) => {
    await enforceRateLimit(db, limits.wordImportPerUser, String(auth.user.id), now);
    const notMultipart = apiError(400, 'invalid_input', 'Send the words as multipart form data', 'file');
    const { fields, bytes } = await readMultipart(request, notMultipart, async () => {
      const fields: Record<string, string> = {};
      for await (const part of request.parts()) {
        if (part.type === 'field') {
          if (typeof part.value === 'string') fields[part.fieldname] = part.value;
          continue;
        }
        if (part.fieldname !== 'file')
          throw apiError(400, 'invalid_input', 'Send the words in the field "file"', 'file');
        const bytes = await part.toBuffer();
        if (part.file.truncated) throw apiError(413, 'payload_too_large', 'Word files may be at most 10 MB', 'file');
        return { fields, bytes };
      }
      throw apiError(400, 'invalid_input', 'Send the words in the field "file"', 'file');
    });
    const language = learningLanguageSchema.safeParse(fields.language);
    if (!language.success) throw apiError(400, 'invalid_input', 'Give the language you are learning', 'language');
    const format = fields.format === undefined ? undefined : wordImportFormatSchema.safeParse(fields.format);
    if (format && !format.success) {
      throw apiError(400, 'invalid_input', 'Choose json, csv, lute, lwt or anki', 'format');
    }
    let file: ParsedWordFile & Pick<WordImportPreview, 'noteTypes'>;
    try {
      file =
        format?.data === 'anki' || looksLikeZip(bytes)
          ? await readAnkiWords(
              bytes,
              { mapping: mappingOf(fields.mapping), language: language.data },
              imports.ankiPackages,
            )
          : await readWordFile(bytes, { fallback: format?.data, language: language.data });
    } catch (error) {
      throw refusalOf(error);
    }
    const staged = await stageWordImport(db, auth.user.id, file, now, yieldToLoop);
    return {
      importId: staged.importId,
      format: file.format,
      expiresAt: staged.expiresAt,
      counts: { ...staged.counts, skipped: file.problems.length + file.repeated },
      problems: file.problems.slice(0, maxListedImportProblems),
      problemCount: file.problems.length,
      limit: staged.limit,
      ...(file.noteTypes ? { noteTypes: file.noteTypes } : {}),
    };
  });

  registerEndpoint(app, endpoints.commitWordImport, async ({ auth, params, body, now }) => {
    const result = await commitWordImport(db, auth.user.id, params.importId, body.policy, now, yieldToLoop);
    if ('notFound' in result) throw apiError(404, 'not_found', 'This import does not exist or has expired');
    if ('committed' in result) throw apiError(409, 'already_imported', 'This import has already been applied');
    if ('inProgress' in result) throw apiError(409, 'import_in_progress', 'This import is being applied');
    if ('limitReached' in result) {
      throw new ApiError(403, [{ error: "You've Reached Your Word Limit", code: 'word_limit', room: result.room }]);
    }
    if (result.added >= ANALYSE_AFTER_WORDS) {
      analyseUserWords(db).catch((error: unknown) => app.log.warn({ err: error }, 'analyze user_words failed'));
    }
    const { done: _, ...answer } = result;
    return answer;
  });
}
