import { jobActionAllowed } from '@/contract/constants';
import { endpoints } from '@/contract/endpoints';
import type { AdminJob } from '@/contract/endpoints/admin';
import { jobStatuses } from '@/contract/entities';
import { mockDb } from '../db';
import { fail, ok, parseParams, requireUser, route } from './respond';

/** The learner, when an admin; the 401 or 403 envelope otherwise, as the server answers every admin call. */
export function requireAdmin(request: Request) {
  const user = requireUser(request);
  if (user instanceof Response) return user;
  return user.isAdmin ? user : fail(403, 'forbidden', 'This is for admins only');
}

function findJob(params: Parameters<Parameters<typeof route>[1]>[0]['params']) {
  const parsed = parseParams(params, endpoints.retryJob.params);
  if (parsed instanceof Response) return parsed;
  const job = mockDb().jobs.find((candidate) => candidate.id === parsed.jobId && candidate.kind === parsed.kind);
  return job ?? fail(404, 'not_found', 'This job does not exist');
}

export const adminHandlers = [
  route(endpoints.adminJobs, ({ request }) => {
    const admin = requireAdmin(request);
    if (admin instanceof Response) return admin;
    const url = new URL(request.url);
    const parsed = endpoints.adminJobs.query.safeParse(Object.fromEntries(url.searchParams));
    if (!parsed.success) return fail(400, 'invalid_input', 'Unknown state or kind');
    const ofKind = mockDb().jobs.filter((job) => !parsed.data.kind || job.kind === parsed.data.kind);
    const counts = Object.fromEntries(jobStatuses.map((state) => [state, 0])) as Record<AdminJob['state'], number>;
    for (const job of ofKind) counts[job.state] += 1;
    const jobs = ofKind.filter((job) => !parsed.data.state || job.state === parsed.data.state);
    return ok({ counts, jobs: [...jobs].sort((a, b) => b.createdOn.localeCompare(a.createdOn)) });
  }),

  route(endpoints.retryJob, ({ request, params }) => {
    const admin = requireAdmin(request);
    if (admin instanceof Response) return admin;
    const job = findJob(params);
    if (job instanceof Response) return job;
    if (!jobActionAllowed('retry', job.state)) return fail(409, 'conflict', 'Only a failed job can run again');
    Object.assign(job, { state: 'created', error: null, failure: null, completedOn: null, startedOn: null });
    return ok({ ...job });
  }),

  route(endpoints.cancelJob, ({ request, params }) => {
    const admin = requireAdmin(request);
    if (admin instanceof Response) return admin;
    const job = findJob(params);
    if (job instanceof Response) return job;
    if (!jobActionAllowed('cancel', job.state)) {
      return fail(409, 'conflict', 'Only a job waiting to run can be cancelled');
    }
    Object.assign(job, { state: 'cancelled', completedOn: new Date().toISOString() });
    return ok({ ...job });
  }),

  route(endpoints.deleteJob, ({ request, params }) => {
    const admin = requireAdmin(request);
    if (admin instanceof Response) return admin;
    const job = findJob(params);
    if (job instanceof Response) return job;
    if (!jobActionAllowed('delete', job.state)) return fail(409, 'conflict', 'Only a finished job can be deleted');
    mockDb().jobs = mockDb().jobs.filter((candidate) => candidate !== job);
    return ok(null);
  }),
];
