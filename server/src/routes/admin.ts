import type { FastifyInstance } from 'fastify';
import { endpoints } from '#contract/endpoints.ts';
import { type AdminJob, type JobKind, jobKinds, jobStatuses } from '#contract/entities.ts';
import { jobOwners, recordAdminAction } from '../db/queries/admin.ts';
import { registerEndpoint } from '../http/endpoint.ts';
import { apiError } from '../http/errors.ts';
import type { QueuedJob } from '../services/job-queue.ts';

/** Jobs of each kind the queue screen shows: the newest, enough for an admin's look. */
const jobsPerKind = 500;

/** The admin's screens' calls: every one needs an admin (401 without a login, 403 for a learner), and is audited. */
export async function adminRoutes(app: FastifyInstance) {
  const { db, jobQueue } = app.deps;

  const idOf = (job: QueuedJob, key: string) => {
    const value = job.data[key];
    return typeof value === 'number' && Number.isSafeInteger(value) ? value : undefined;
  };

  /** The jobs with the learners they work for. */
  async function withOwners(jobs: readonly QueuedJob[]): Promise<AdminJob[]> {
    const owners = await jobOwners(db, {
      importIds: jobs.flatMap((job) => idOf(job, 'importId') ?? []),
      transcriptIds: jobs.flatMap((job) => idOf(job, 'transcriptId') ?? []),
    });
    return jobs.map((queued) => {
      const { data: _data, ...job } = queued;
      const importId = idOf(queued, 'importId');
      const transcriptId = idOf(queued, 'transcriptId');
      const owner =
        (importId !== undefined ? owners.imports.get(importId) : undefined) ??
        (transcriptId !== undefined ? owners.transcripts.get(transcriptId) : undefined) ??
        null;
      return { ...job, owner };
    });
  }

  const queue = () => {
    if (!jobQueue) throw apiError(409, 'conflict', 'This server runs no job queue');
    return jobQueue;
  };

  /** The job, or 404: an id of another kind, or one gone meanwhile, is not found. */
  async function jobOf(kind: JobKind, id: string): Promise<QueuedJob> {
    const job = await queue().find(kind, id);
    if (!job) throw apiError(404, 'not_found', 'This job does not exist');
    return job;
  }

  registerEndpoint(app, endpoints.adminJobs, async ({ query }) => {
    const all = await queue().list(query.kind ? [query.kind] : jobKinds, jobsPerKind);
    const counts = Object.fromEntries(jobStatuses.map((state) => [state, 0])) as Record<
      (typeof jobStatuses)[number],
      number
    >;
    for (const job of all) counts[job.state] += 1;
    return { counts, jobs: await withOwners(query.state ? all.filter((job) => job.state === query.state) : all) };
  });

  registerEndpoint(app, endpoints.retryJob, async ({ auth, params, now }) => {
    const job = await jobOf(params.kind, params.jobId);
    if (job.state !== 'failed') throw apiError(409, 'conflict', 'Only a failed job can run again');
    await queue().retry(params.kind, params.jobId);
    await recordAdminAction(db, { adminId: auth.user.id, action: 'job.retry', target: params, now });
    const [updated] = await withOwners([await jobOf(params.kind, params.jobId)]);
    return updated as AdminJob;
  });

  registerEndpoint(app, endpoints.cancelJob, async ({ auth, params, now }) => {
    const job = await jobOf(params.kind, params.jobId);
    if (job.state !== 'created' && job.state !== 'retry') {
      throw apiError(409, 'conflict', 'Only a job waiting to run can be cancelled');
    }
    await queue().cancel(params.kind, params.jobId);
    await recordAdminAction(db, { adminId: auth.user.id, action: 'job.cancel', target: params, now });
    const [updated] = await withOwners([await jobOf(params.kind, params.jobId)]);
    return updated as AdminJob;
  });

  registerEndpoint(app, endpoints.deleteJob, async ({ auth, params, now }) => {
    const job = await jobOf(params.kind, params.jobId);
    if (job.state !== 'completed' && job.state !== 'failed' && job.state !== 'cancelled') {
      throw apiError(409, 'conflict', 'Only a finished job can be deleted');
    }
    await queue().remove(params.kind, params.jobId);
    await recordAdminAction(db, { adminId: auth.user.id, action: 'job.delete', target: params, now });
    return null;
  });
}
