import { z } from 'zod/mini';
import { isoDateTimeSchema, jobStatusSchema, transcriptFailures } from '../entities.ts';
import { type Endpoint, endpoint } from './endpoint.ts';

// The admin's queue: its entities live with its calls, so no other screen's first load carries them.

/** Why a background job failed for good: a transcript's reason, a text import not stored, an export not made. */
export const jobFailures = [...transcriptFailures, 'import_not_stored', 'export_not_made'] as const;
export type JobFailure = (typeof jobFailures)[number];

/** The kinds of background job the admin's queue shows, by their pg-boss queue names. */
export const jobKinds = ['video-transcript', 'text-import', 'word-export'] as const;
export type JobKind = (typeof jobKinds)[number];
export const adminJobSchema = z.object({
  id: z.string(),
  kind: z.enum(jobKinds),
  state: jobStatusSchema,
  /** The learner the job works for (a transcript: the first who added the video), when known. */
  owner: z.nullable(z.string()),
  attempts: z.int().check(z.minimum(0)),
  retryLimit: z.int().check(z.minimum(0)),
  /** What the job last threw or failed with, as the server wrote it (a diagnostic: English, or a library's words). */
  error: z.nullable(z.string()),
  /** Why it failed for good, as a code the queue screen words in the admin's language; null for other errors. */
  failure: z.nullable(z.enum(jobFailures)),
  createdOn: isoDateTimeSchema,
  startedOn: z.nullable(isoDateTimeSchema),
  completedOn: z.nullable(isoDateTimeSchema),
});
export type AdminJob = z.infer<typeof adminJobSchema>;
export const jobQueueSchema = z.object({
  counts: z.record(jobStatusSchema, z.int().check(z.minimum(0))),
  jobs: z.array(adminJobSchema),
});
export type JobQueue = z.infer<typeof jobQueueSchema>;

const jobParams = z.object({ kind: z.enum(jobKinds), jobId: z.uuid() });

export const adminEndpoints = {
  adminJobs: endpoint({
    method: 'GET',
    path: '/admin/jobs',
    auth: 'admin',
    query: z.object({ state: z.optional(jobStatusSchema), kind: z.optional(z.enum(jobKinds)) }),
    details: jobQueueSchema,
  }),
  retryJob: endpoint({
    method: 'POST',
    path: '/admin/jobs/:kind/:jobId/retry',
    auth: 'admin',
    params: jobParams,
    details: adminJobSchema,
  }),
  cancelJob: endpoint({
    method: 'POST',
    path: '/admin/jobs/:kind/:jobId/cancel',
    auth: 'admin',
    params: jobParams,
    details: adminJobSchema,
  }),
  deleteJob: endpoint({
    method: 'DELETE',
    path: '/admin/jobs/:kind/:jobId',
    auth: 'admin',
    params: jobParams,
    details: z.null(),
  }),
} as const satisfies Record<string, Endpoint>;
