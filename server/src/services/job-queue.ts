import type { PgBoss } from 'pg-boss';
import { type AdminJob, type JobFailure, type JobKind, jobFailures } from '#contract/endpoints/admin.ts';

/** A job as pg-boss keeps it, before its owner is looked up. */
export type QueuedJob = Omit<AdminJob, 'owner'> & { data: Record<string, unknown> };

/** The admin's hold on the background jobs: pg-boss's own tables and API, never a copy of them. */
export type JobQueueAdmin = {
  /** The newest jobs of each kind (at most `perKind`). */
  list(kinds: readonly JobKind[], perKind: number): Promise<QueuedJob[]>;
  find(kind: JobKind, id: string): Promise<QueuedJob | undefined>;
  retry(kind: JobKind, id: string): Promise<void>;
  cancel(kind: JobKind, id: string): Promise<void>;
  remove(kind: JobKind, id: string): Promise<void>;
};

type BossJob = Awaited<ReturnType<PgBoss['findJobs']>>[number];

function errorOf(output: unknown): string | null {
  if (!output || typeof output !== 'object') return null;
  const message = (output as { message?: unknown }).message;
  // The message only: a stack would show the server's internals on an admin's screen.
  return typeof message === 'string' ? message.slice(0, 500) : null;
}

/** The code of a failure a job answered (`workWithFailures`); null for a thrown error, or a code this server lost. */
function failureOf(output: unknown): JobFailure | null {
  if (!output || typeof output !== 'object') return null;
  const failure = (output as { failure?: unknown }).failure;
  return jobFailures.find((known) => known === failure) ?? null;
}

function toQueued(kind: JobKind, job: BossJob): QueuedJob {
  return {
    id: job.id,
    kind,
    state: job.state,
    attempts: job.retryCount,
    retryLimit: job.retryLimit,
    error: job.state === 'failed' || job.state === 'retry' ? errorOf(job.output) : null,
    failure: job.state === 'failed' ? failureOf(job.output) : null,
    createdOn: new Date(job.createdOn).toISOString(),
    startedOn: job.startedOn && job.state !== 'created' ? new Date(job.startedOn).toISOString() : null,
    completedOn: job.completedOn ? new Date(job.completedOn).toISOString() : null,
    data: (job.data ?? {}) as Record<string, unknown>,
  };
}

export function pgBossQueueAdmin(boss: PgBoss): JobQueueAdmin {
  const known = async (kind: JobKind) => (await boss.getQueue(kind)) !== null;
  return {
    async list(kinds, perKind) {
      const lists = await Promise.all(
        kinds.map(async (kind) =>
          (await known(kind)) ? (await boss.findJobs(kind)).map((job) => toQueued(kind, job)) : [],
        ),
      );
      return lists
        .flatMap((jobs) => jobs.sort((a, b) => b.createdOn.localeCompare(a.createdOn)).slice(0, perKind))
        .sort((a, b) => b.createdOn.localeCompare(a.createdOn));
    },
    async find(kind, id) {
      if (!(await known(kind))) return undefined;
      const [job] = await boss.findJobs(kind, { id });
      return job ? toQueued(kind, job) : undefined;
    },
    async retry(kind, id) {
      await boss.retry(kind, id);
    },
    async cancel(kind, id) {
      await boss.cancel(kind, id);
    },
    async remove(kind, id) {
      await boss.deleteJob(kind, id);
    },
  };
}
