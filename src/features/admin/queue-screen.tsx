import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { adminQueries, type JobFilter, useJobAction } from '@/api/admin';
import { errorText } from '@/api/error-text';
import { dateFormatter } from '@/components/format';
import { type JobAction, jobActionAllowed, jobActionStates } from '@/contract/constants';
import { type AdminJob, type JobFailure, type JobKind, jobKinds } from '@/contract/endpoints/admin';
import { jobStatuses } from '@/contract/entities';
import { toast } from '@/lib/toast';
import './queue-screen.css';

const stateNames: Record<AdminJob['state'], MessageDescriptor> = {
  created: msg`Waiting`,
  retry: msg`Waiting to retry`,
  active: msg`Running`,
  completed: msg`Done`,
  cancelled: msg`Cancelled`,
  failed: msg`Failed`,
};

const kindNames: Record<JobKind, MessageDescriptor> = {
  'video-transcript': msg`Video transcript`,
  'text-import': msg`Text import`,
  'word-export': msg`Word export`,
};

/** Why a job failed for good, in the admin's language (an error without a code is shown as the server wrote it). */
const failureNames: Record<JobFailure, MessageDescriptor> = {
  no_captions_in_language: msg`The video has no captions in its language`,
  no_captions: msg`The video has no captions that can be read`,
  empty_captions: msg`The video's captions are empty`,
  unreachable: msg`YouTube could not be reached`,
  import_not_stored: msg`The text could not be stored`,
  export_not_made: msg`The export could not be made`,
};

const jobActions = Object.keys(jobActionStates) as JobAction[];

/** The actions the job's state allows, as the server does. */
const actionsFor = (job: AdminJob): JobAction[] => jobActions.filter((action) => jobActionAllowed(action, job.state));

/**
 * The admin's view of the background work (pg-boss): counts by state, the jobs newest first with their learner,
 * attempts and error, filters by state and kind, and the action each job's state allows. It refreshes itself
 * while any job waits or runs.
 */
export function QueueScreen() {
  const { t, i18n } = useLingui();
  const ids = { state: useId(), kind: useId() };
  const [filter, setFilter] = useState<JobFilter>({});
  const queue = useQuery(adminQueries.jobs(filter));
  const act = useJobAction();
  // The interface's language in the browser's region, with the month named: never read in the wrong order.
  const dateFormat = useMemo(
    () => dateFormatter(i18n.locale, { dateStyle: 'medium', timeStyle: 'short' }),
    [i18n.locale],
  );
  const when = (iso: string | null) => (iso ? dateFormat.format(new Date(iso)) : '—');
  const actionNames: Record<JobAction, string> = { retry: t`Retry`, cancel: t`Cancel`, delete: t`Delete` };

  const run = (action: JobAction, job: AdminJob) =>
    act.mutate({ action, job }, { onError: (error) => toast.error(errorText(error, i18n)) });

  return (
    <section className="page queue">
      <h1>
        <Trans>Job queue</Trans>
      </h1>
      {queue.data ? (
        <ul className="queue-counts" aria-label={t`Jobs by state`}>
          {jobStatuses.map((state) => (
            <li key={state} className={`queue-count state-${state}`}>
              <span>{i18n._(stateNames[state])}</span> <strong>{queue.data.counts[state]}</strong>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="queue-filters">
        <label htmlFor={ids.state}>
          <Trans>State</Trans>
        </label>
        <select
          id={ids.state}
          value={filter.state ?? ''}
          onChange={(event) => setFilter({ ...filter, state: (event.target.value || undefined) as JobFilter['state'] })}
        >
          <option value="">{t`All`}</option>
          {jobStatuses.map((state) => (
            <option key={state} value={state}>
              {i18n._(stateNames[state])}
            </option>
          ))}
        </select>
        <label htmlFor={ids.kind}>
          <Trans>Kind</Trans>
        </label>
        <select
          id={ids.kind}
          value={filter.kind ?? ''}
          onChange={(event) => setFilter({ ...filter, kind: (event.target.value || undefined) as JobKind | undefined })}
        >
          <option value="">{t`All`}</option>
          {jobKinds.map((kind) => (
            <option key={kind} value={kind}>
              {i18n._(kindNames[kind])}
            </option>
          ))}
        </select>
      </div>
      {queue.isError ? <p role="alert">{errorText(queue.error, i18n)}</p> : null}
      {queue.data && queue.data.jobs.length === 0 ? (
        <p>
          <Trans>No jobs.</Trans>
        </p>
      ) : null}
      {queue.data?.jobs.length ? (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the table scrolls sideways on a phone and must be reachable by keyboard
        <section className="queue-table" aria-label={t`Jobs`} tabIndex={0}>
          <table>
            <thead>
              <tr>
                <th scope="col">{t`Kind`}</th>
                <th scope="col">{t`State`}</th>
                <th scope="col">{t`Learner`}</th>
                <th scope="col">{t`Attempts`}</th>
                <th scope="col">{t`Error`}</th>
                <th scope="col">{t`Created`}</th>
                <th scope="col">{t`Finished`}</th>
                <th scope="col">{t`Actions`}</th>
              </tr>
            </thead>
            <tbody>
              {queue.data.jobs.map((job) => (
                <tr key={job.id} data-state={job.state}>
                  <td>{i18n._(kindNames[job.kind])}</td>
                  <td>{i18n._(stateNames[job.state])}</td>
                  <td>{job.owner ?? '—'}</td>
                  <td>
                    {job.attempts}/{job.retryLimit + 1}
                  </td>
                  <td className="queue-error">{job.failure ? i18n._(failureNames[job.failure]) : (job.error ?? '')}</td>
                  <td>{when(job.createdOn)}</td>
                  <td>{when(job.completedOn)}</td>
                  <td className="queue-actions">
                    {actionsFor(job).map((action) => (
                      <button
                        key={action}
                        type="button"
                        className="button button-secondary"
                        disabled={act.isPending}
                        onClick={() => run(action, job)}
                      >
                        {actionNames[action]}
                      </button>
                    ))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}
    </section>
  );
}
