import type { FastifyBaseLogger } from 'fastify';
import type { PgBoss } from 'pg-boss';
import { failImport, findImportSource, storeImportedText } from '../../db/queries/imports.ts';
import { insertNotification } from '../../db/queries/notifications.ts';
import type { Db } from '../../db/types.ts';
import { paginate } from '../../text/paginate.ts';
import type { Clock } from '../accounts.ts';
import { type FailedJob, workWithFailures } from '../jobs.ts';
import { notificationTexts } from '../notification-texts.ts';

export const importQueue = 'text-import';

/** How the routes ask for a text's pages to be made: pg-boss in production, a recorder or pg-boss in tests. */
export type ImportJobs = { send: (importId: number) => Promise<void> };

export function importJobs(boss: PgBoss): ImportJobs {
  return {
    send: async (importId) => {
      await boss.send(importQueue, { importId }, { singletonKey: `import-${importId}` });
    },
  };
}

export type ImportJobDeps = { db: Db; clock: Clock; log: FastifyBaseLogger };

/** What the admin's queue shows for an import whose last attempt failed (the learner's own text says why). */
export const importFailure: FailedJob = { failure: 'import_not_stored', message: 'The text could not be stored' };

/**
 * Makes an imported text's pages (about 250 words each, cut between paragraphs, chapters kept), tokenised as the
 * starter library, and stores them as the learner's private content with the import's new state, in one
 * transaction; then tells the learner. The text was read and checked when it arrived, so what can fail here is
 * the database: the error is thrown and pg-boss retries; the last attempt marks the import failed and answers why,
 * so that its job fails too. Null when done (or nothing was left to do).
 */
export async function runImportJob(
  deps: ImportJobDeps,
  importId: number,
  options: { lastAttempt: boolean },
): Promise<FailedJob | null> {
  const { db, clock, log } = deps;
  const row = await findImportSource(db, importId);
  if (row?.status !== 'processing') return null;
  try {
    const pages = paginate(row.source);
    await storeImportedText(db, importId, pages, clock());
    await insertNotification(db, row.userId, notificationTexts.importReady(row.title, pages.length), clock());
    return null;
  } catch (error) {
    if (!options.lastAttempt) throw error;
    log.warn({ importId, err: { message: String(error) } }, 'text import failed');
    await failImport(db, importId, 'internal', clock());
    return importFailure;
  }
}

/** Runs the import jobs in this process. */
export async function startImportWorker(boss: PgBoss, deps: ImportJobDeps): Promise<void> {
  await boss.createQueue(importQueue, { retryLimit: 3, retryDelay: 5, retryBackoff: true });
  // An import whose last attempt failed fails its job too, as a transcript's does.
  await workWithFailures<{ importId: number }>(boss, importQueue, ({ importId }, lastAttempt) =>
    runImportJob(deps, importId, { lastAttempt }),
  );
}
