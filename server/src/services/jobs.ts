import { type JobResult, type JobWithMetadata, PgBoss } from 'pg-boss';
import type { JobFailure } from '#contract/endpoints/admin.ts';

/** Background work runs in pg-boss on the same database: PostgreSQL, or the embedded PGlite through its socket. */
export type ErrorLog = { error: (details: { err: unknown }, message: string) => void };

export async function startJobs(connectionString: string, log: ErrorLog, options: { workers: boolean }) {
  const boss = new PgBoss({ connectionString, max: 4, schedule: options.workers, supervise: options.workers });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  await boss.start();
  return boss;
}

/** Why a job failed for good: the code the admin's queue words in the admin's language, and the server's words. */
export type FailedJob = { failure: JobFailure; message: string };

/**
 * Works a queue whose work answers why it failed for good or null when done: a job that failed for good fails at
 * once with that reason (`deadletter`: no retry is left to try), kept as its output, so the admin's queue shows the
 * failure instead of a job done. A thrown error is retried by pg-boss as usual; `lastAttempt` says when none is left.
 */
export async function workWithFailures<Data extends object>(
  boss: PgBoss,
  queue: string,
  run: (data: Data, lastAttempt: boolean) => Promise<FailedJob | null>,
): Promise<void> {
  await boss.work(
    queue,
    { includeMetadata: true, pollingIntervalSeconds: 1, perJobResults: true },
    (jobs: JobWithMetadata<Data>[]) =>
      Promise.all(
        jobs.map(async (job): Promise<JobResult> => {
          const failure = await run(job.data, job.retryCount >= job.retryLimit);
          return failure === null
            ? { id: job.id, status: 'completed' }
            : { id: job.id, status: 'deadletter', output: failure };
        }),
      ),
  );
}
