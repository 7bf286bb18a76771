import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { JobAction } from '@/contract/constants';
import { type AdminJob, adminEndpoints, type JobKind, type JobQueue } from '@/contract/endpoints/admin';
import { fetchDetails } from './client';

export type JobFilter = { state?: AdminJob['state'] | undefined; kind?: JobKind | undefined };

/** While any job waits or runs, the queue screen asks again this often. */
const busyPollMs = 3000;

const busy = (queue: JobQueue | undefined) =>
  Boolean(queue && (queue.counts.created > 0 || queue.counts.retry > 0 || queue.counts.active > 0));

export const adminQueries = {
  all: () => ['admin'] as const,
  jobs: (filter: JobFilter) =>
    queryOptions({
      queryKey: [...adminQueries.all(), 'jobs', filter.state ?? 'all', filter.kind ?? 'all'],
      queryFn: ({ signal }) =>
        fetchDetails(adminEndpoints.adminJobs, {
          query: { ...(filter.state ? { state: filter.state } : {}), ...(filter.kind ? { kind: filter.kind } : {}) },
          signal,
        }),
      refetchInterval: (query) => (busy(query.state.data) ? busyPollMs : false),
    }),
};

/** Retry a failed job, cancel a waiting one, delete a finished one; the list is asked again either way. */
export function useJobAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'job'],
    mutationFn: ({ action, job }: { action: JobAction; job: AdminJob }) => {
      const params = { kind: job.kind, jobId: job.id };
      if (action === 'retry') return fetchDetails(adminEndpoints.retryJob, { params });
      if (action === 'cancel') return fetchDetails(adminEndpoints.cancelJob, { params });
      return fetchDetails(adminEndpoints.deleteJob, { params });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminQueries.all() }),
  });
}
