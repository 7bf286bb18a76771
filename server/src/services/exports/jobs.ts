import type { FastifyBaseLogger } from 'fastify';
import type { PgBoss } from 'pg-boss';
import type { WordLevel } from '#contract/entities.ts';
import { type LearningLanguage, learningLanguages } from '#contract/languages.ts';
import { exportedWordPages } from '../../db/queries/vocabulary-export.ts';
import { failWordExport, storeWordExportFile, wordExportRequest } from '../../db/queries/word-exports.ts';
import type { Db } from '../../db/types.ts';
import type { Clock } from '../accounts.ts';
import { type FailedJob, workWithFailures } from '../jobs.ts';
import { writeAnkiPackage } from './write-anki.ts';

export const wordExportQueue = 'word-export';

/** How the routes ask for an export to be made: pg-boss in production, a recorder or pg-boss in tests. */
export type WordExportJobs = { send: (exportId: string) => Promise<void> };

export function wordExportJobs(boss: PgBoss): WordExportJobs {
  return {
    send: async (exportId) => {
      await boss.send(wordExportQueue, { exportId }, { singletonKey: `word-export-${exportId}` });
    },
  };
}

export type WordExportJobDeps = { db: Db; clock: Clock; log: FastifyBaseLogger };

/**
 * Words per page the job reads: smaller than a streamed export's, since the embedded database builds each page on the
 * server's thread, and a job has no client waiting on the first bytes.
 */
const jobPageSize = 250;

/** What the admin's queue shows for an export whose last attempt failed. */
export const wordExportFailure: FailedJob = { failure: 'export_not_made', message: 'The export could not be made' };

/**
 * Makes an asked-for export: reads the learner's words page by page, writes the Anki package in a worker thread and
 * stores it for its owner to download. An error is thrown for pg-boss to retry; the last attempt marks the export
 * failed (the SPA says so) and answers why, so its job fails too. Null when done, or when nothing is left to do (made,
 * failed, expired or deleted meanwhile).
 */
export async function runWordExportJob(
  deps: WordExportJobDeps,
  exportId: string,
  options: { lastAttempt: boolean },
): Promise<FailedJob | null> {
  const { db, clock, log } = deps;
  const request = await wordExportRequest(db, exportId);
  if (request?.status !== 'pending' || request.expiresAt <= clock()) return null;
  try {
    const pages = exportedWordPages(db, {
      userId: request.userId,
      languages: request.language === 'all' ? learningLanguages : [request.language as LearningLanguage],
      levels: (request.levels ?? undefined) as WordLevel[] | undefined,
      pageSize: jobPageSize,
    });
    const file = await writeAnkiPackage(request.userId, pages, clock());
    await storeWordExportFile(db, exportId, file);
    return null;
  } catch (error) {
    if (!options.lastAttempt) throw error;
    log.warn({ exportId, err: { message: String(error) } }, 'word export failed');
    await failWordExport(db, exportId);
    return wordExportFailure;
  }
}

/** Runs the export jobs in this process. */
export async function startWordExportWorker(boss: PgBoss, deps: WordExportJobDeps): Promise<void> {
  await boss.createQueue(wordExportQueue, { retryLimit: 2, retryDelay: 5, retryBackoff: true });
  await workWithFailures<{ exportId: string }>(boss, wordExportQueue, ({ exportId }, lastAttempt) =>
    runWordExportJob(deps, exportId, { lastAttempt }),
  );
}
