import type { FastifyInstance } from 'fastify';
import { ankiContentType, ankiFileName } from '#contract/anki-package.ts';
import { vocabularyPageSize } from '#contract/constants.ts';
import { wordExportLifetimeMs } from '#contract/endpoints/vocabulary.ts';
import { endpoints } from '#contract/endpoints.ts';
import type { WordLevel } from '#contract/entities.ts';
import { learningLanguages } from '#contract/languages.ts';
import { exportContentTypes, exportFile, exportFileName } from '#contract/word-export.ts';
import { changeVocabulary, decodeCursor, vocabularyPageJson } from '../db/queries/vocabulary.ts';
import { exportedWordPages } from '../db/queries/vocabulary-export.ts';
import { addWordExport, findWordExport, wordExportFile } from '../db/queries/word-exports.ts';
import { apiError } from '../http/errors.ts';
import { enforceRateLimit } from '../services/rate-limit.ts';
import { dayIn, learnerBalances } from '../services/streak.ts';
import { FileAnswer, RawJsonDetails, registerEndpoint } from './endpoint.ts';

/** `levels=0,3,3`: each level once (the contract has checked the list). */
const levelsOf = (list: string) => [...new Set(list.split(',').map(Number))] as WordLevel[];

export async function vocabularyRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  registerEndpoint(app, endpoints.vocabulary, async ({ auth, params, query }) => {
    const sort = query.sort ?? 'recent';
    const after = query.after === undefined ? undefined : decodeCursor(query.after, sort);
    if (query.after !== undefined && !after) {
      throw apiError(400, 'invalid_input', 'This cursor does not belong to this list', 'after');
    }
    const prefix = query.q?.trim().toLocaleLowerCase(params.targetLang);
    const json = await vocabularyPageJson(db, {
      userId: auth.user.id,
      language: params.targetLang,
      homeLang: query.homeLang,
      sort,
      levels: query.levels === undefined ? undefined : levelsOf(query.levels),
      prefix: prefix ? prefix : undefined,
      after,
      limit: query.limit ?? vocabularyPageSize,
      family: query.family === '1',
      phrases: query.phrases === '1',
    });
    return new RawJsonDetails(json);
  });

  registerEndpoint(app, endpoints.exportVocabulary, async ({ auth, query, now, timeZone }) => {
    const pages = exportedWordPages(db, {
      userId: auth.user.id,
      languages: query.language === 'all' ? learningLanguages : [query.language],
      levels: query.levels === undefined ? undefined : levelsOf(query.levels),
    });
    return new FileAnswer({
      contentType: exportContentTypes[query.format],
      fileName: exportFileName(query.format, query.language, dayIn(timeZone, now)),
      chunks: exportFile(query.format, now.toISOString(), pages),
    });
  });

  registerEndpoint(app, endpoints.startWordExport, async ({ auth, body, now, timeZone }) => {
    await enforceRateLimit(db, app.deps.limits.wordExportPerUser, String(auth.user.id), now);
    const job = await addWordExport(
      db,
      {
        userId: auth.user.id,
        format: body.format,
        language: body.language,
        levels: body.levels === undefined ? undefined : [...new Set(body.levels)],
        fileName: ankiFileName(body.language, dayIn(timeZone, now)),
      },
      now,
      new Date(now.getTime() + wordExportLifetimeMs),
    );
    await app.deps.wordExports.jobs.send(job.id);
    return job;
  });

  registerEndpoint(app, endpoints.wordExport, async ({ auth, params, now }) => {
    const job = await findWordExport(db, auth.user.id, params.exportId, now);
    if (!job) throw apiError(404, 'not_found', 'This export does not exist or has expired');
    return job;
  });

  registerEndpoint(app, endpoints.wordExportFile, async ({ auth, params, now }) => {
    const found = await wordExportFile(db, auth.user.id, params.exportId, now);
    if (!found)
      throw apiError(404, 'not_found', 'This export has no file: it is not ready, has expired or does not exist');
    return new FileAnswer({
      contentType: ankiContentType,
      fileName: found.fileName,
      chunks: found.parts,
    });
  });

  registerEndpoint(app, endpoints.changeVocabulary, async ({ auth, params, body, now, timeZone }) => {
    const change = 'remove' in body ? { remove: true as const } : { level: body.level };
    const result = await changeVocabulary(
      db,
      auth.user.id,
      { language: params.targetLang, words: body.words, change },
      { now, learningDay: dayIn(timeZone, now) },
    );
    return { words: result.words, balances: await learnerBalances(db, auth.user.id, result.balances, timeZone, now) };
  });
}
