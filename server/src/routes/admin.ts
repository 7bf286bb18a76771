import type { FastifyInstance } from 'fastify';
import { type JobAction, jobActionAllowed } from '#contract/constants.ts';
import { type AdminJob, type JobKind, jobKinds } from '#contract/endpoints/admin.ts';
import { endpoints } from '#contract/endpoints.ts';
import { jobStatuses } from '#contract/entities.ts';
import { jobOwners, recordAdminAction } from '../db/queries/admin.ts';
import { failImport, reopenImport } from '../db/queries/imports.ts';
import { failWaitingTranscript } from '../db/queries/videos.ts';
import { failWordExport, reopenWordExport } from '../db/queries/word-exports.ts';
import { apiError } from '../http/errors.ts';
import type { QueuedJob } from '../services/job-queue.ts';
import { registerEndpoint } from './endpoint.ts';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Jobs of each kind the queue screen shows: the newest, enough for an admin's look. */
const jobsPerKind = 500;

/** The admin's screens' calls: every one needs an admin (401 without a login, 403 for a learner), and is audited. */
export async function adminRoutes(app: FastifyInstance) {
  const { db, jobQueue } = app.deps;

  const idOf = (job: QueuedJob, key: string) => {
    const value = job.data[key];
    return typeof value === 'number' && Number.isSafeInteger(value) ? value : undefined;
  };
  /** A word export's id (a uuid) in a job's data. */
  const exportIdOf = (job: QueuedJob) => {
    const value = job.data.exportId;
    return typeof value === 'string' && uuidPattern.test(value) ? value : undefined;
  };

  /** The jobs with the learners they work for. */
  async function withOwners(jobs: readonly QueuedJob[]): Promise<AdminJob[]> {
    const owners = await jobOwners(db, {
      importIds: jobs.flatMap((job) => idOf(job, 'importId') ?? []),
      transcriptIds: jobs.flatMap((job) => idOf(job, 'transcriptId') ?? []),
      exportIds: jobs.flatMap((job) => exportIdOf(job) ?? []),
    });
    return jobs.map((queued) => {
      const { data: _data, ...job } = queued;
      const importId = idOf(queued, 'importId');
      const transcriptId = idOf(queued, 'transcriptId');
      const exportId = exportIdOf(queued);
      const owner =
        (importId !== undefined ? owners.imports.get(importId) : undefined) ??
        (transcriptId !== undefined ? owners.transcripts.get(transcriptId) : undefined) ??
        (exportId !== undefined ? owners.exports.get(exportId) : undefined) ??
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

  /**
   * One admin action on one job: refused with 409 unless the job's state allows it (`jobActionStates`), done
   * through pg-boss, written to the audit table.
   */
  async function act(
    action: JobAction,
    { kind, jobId }: { kind: JobKind; jobId: string },
    audit: { adminId: number; now: Date },
    refusal: string,
  ) {
    const job = await jobOf(kind, jobId);
    if (!jobActionAllowed(action, job.state)) throw apiError(409, 'conflict', refusal);
    const jobs = queue();
    // The import a text-import job works for follows the job: a cancelled one never runs, so its text is marked as
    // not imported (its learner, or the uploader's list, stops waiting for pages, and it can be deleted); a retried
    // one is being made again (the job's last failed attempt had marked it failed, and the job skips a failed one).
    // A cancelled transcript job's video is marked failed likewise (a retried one needs nothing: the job runs
    // whatever the transcript's status, unless it is finished). A word export follows its job as an import does: the
    // learner's dialog stops waiting for a cancelled one, and waits again for a retried one.
    const importId = kind === 'text-import' ? idOf(job, 'importId') : undefined;
    const transcriptId = kind === 'video-transcript' ? idOf(job, 'transcriptId') : undefined;
    const exportId = kind === 'word-export' ? exportIdOf(job) : undefined;
    if (action === 'retry') {
      if (importId !== undefined) await reopenImport(db, importId);
      if (exportId !== undefined) await reopenWordExport(db, exportId);
      await jobs.retry(kind, jobId);
    } else if (action === 'cancel') {
      await jobs.cancel(kind, jobId);
      if (importId !== undefined) await failImport(db, importId, 'cancelled', audit.now);
      if (transcriptId !== undefined) await failWaitingTranscript(db, transcriptId, 'cancelled', audit.now);
      if (exportId !== undefined) await failWordExport(db, exportId);
    } else await jobs.remove(kind, jobId);
    await recordAdminAction(db, { ...audit, action: `job.${action}`, target: { kind, jobId } });
  }

  /** The job as it stands after an action, with its learner. */
  const reread = async (kind: JobKind, jobId: string) => (await withOwners([await jobOf(kind, jobId)]))[0] as AdminJob;

  registerEndpoint(app, endpoints.retryJob, async ({ auth, params, now }) => {
    await act('retry', params, { adminId: auth.user.id, now }, 'Only a failed job can run again');
    return reread(params.kind, params.jobId);
  });

  registerEndpoint(app, endpoints.cancelJob, async ({ auth, params, now }) => {
    await act('cancel', params, { adminId: auth.user.id, now }, 'Only a job waiting to run can be cancelled');
    return reread(params.kind, params.jobId);
  });

  registerEndpoint(app, endpoints.deleteJob, async ({ auth, params, now }) => {
    await act('delete', params, { adminId: auth.user.id, now }, 'Only a finished job can be deleted');
    return null;
  });
}
