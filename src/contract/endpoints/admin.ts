import { z } from 'zod/mini';
import { adminJobSchema, jobKinds, jobQueueSchema, jobStatusSchema } from '../entities.ts';
import { type Endpoint, endpoint } from './endpoint.ts';

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
