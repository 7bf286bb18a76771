import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { memo, useId, useMemo, useState } from 'react';
import { progressQueries } from '@/api/progress';
import { dateFormatter } from '@/components/format';
import type { ProgressDay } from '@/contract/endpoints/progress';
import type { LearningLanguage } from '@/contract/languages';
import { usePreferences } from '@/stores/preferences';
import './progress-panel.css';

const series = ['wordsSaved', 'wordsKnown', 'pagesRead'] as const;
type Series = (typeof series)[number];

/** Drawing units: a day is three bars side by side and a gap, the highest bar the chart's whole height. */
const barWidth = 3;
const dayWidth = series.length * barWidth + 1;
const chartHeight = 100;
/** A day with any count shows a sliver, however small it is beside the highest. */
const shortestBar = 2;

/** An ISO day (a calendar date, no time) as the moment it names in UTC, formatted in UTC so it never shifts. */
const dayOf = (day: string) => new Date(`${day}T00:00:00Z`);

type Totals = Record<Series, number>;

function totalsOf(days: readonly ProgressDay[]): Totals {
  const totals: Totals = { wordsSaved: 0, wordsKnown: 0, pagesRead: 0 };
  for (const day of days) for (const name of series) totals[name] += day[name];
  return totals;
}

/** The days as grouped bars, oldest at the start: decoration beside the summary and the table, which say it all. */
function ProgressChart({ days, highest }: { days: readonly ProgressDay[]; highest: number }) {
  return (
    <svg
      className="progress-chart"
      viewBox={`0 0 ${days.length * dayWidth} ${chartHeight}`}
      preserveAspectRatio="none"
      aria-hidden="true"
      focusable="false"
    >
      {days.map((day, index) => (
        <g key={day.day} transform={`translate(${index * dayWidth + 0.5} 0)`}>
          {series.map((name, place) => {
            if (day[name] === 0) return null;
            const height = Math.max((day[name] / highest) * chartHeight, shortestBar);
            return (
              <rect
                key={name}
                data-series={name}
                x={place * barWidth}
                y={chartHeight - height}
                width={barWidth}
                height={height}
              />
            );
          })}
        </g>
      ))}
    </svg>
  );
}

/**
 * Above the vocabulary list: the learner's last 30 learning days as a drawn chart of words saved, words made known
 * and pages read, with a one-line total and the same figures as a table. The counts per level are the filter's.
 */
export const ProgressPanel = memo(function ProgressPanel({ language }: { language: LearningLanguage }) {
  const { t, i18n } = useLingui();
  const headingId = useId();
  const [tableMade, setTableMade] = useState(false);
  const accessibleLevels = usePreferences((s) => s.accessibleLevels);
  const progress = useQuery(progressQueries.language(language));
  const days = progress.data?.days;
  const labels: Record<Series, string> = {
    wordsSaved: t`Words saved`,
    wordsKnown: t`Words made known`,
    pagesRead: t`Pages read`,
  };
  const shortDate = useMemo(
    () => dateFormatter(i18n.locale, { month: 'short', day: 'numeric', timeZone: 'UTC' }),
    [i18n.locale],
  );
  const totals = days ? totalsOf(days) : undefined;
  // Thirty empty days draw nothing worth a chart, a scale or a table: the summary's zeros say it all. While the days
  // load, the chart's room stays kept.
  const drawn = !totals || series.some((name) => totals[name] > 0);
  const highest = days ? Math.max(1, ...days.flatMap((day) => series.map((name) => day[name]))) : 1;
  const first = days?.[0];
  const last = days?.at(-1);

  return (
    <section
      className={`progress-panel ${accessibleLevels ? 'levels-accessible' : ''}`.trim()}
      aria-labelledby={headingId}
      aria-busy={progress.isPending}
    >
      <h2 id={headingId}>
        <Trans>Progress</Trans>
      </h2>
      {progress.isError && !days ? (
        <p role="alert" className="progress-summary">
          <Trans>An error occurred</Trans>{' '}
          <button type="button" className="button button-secondary" onClick={() => void progress.refetch()}>
            <Trans>Try again</Trans>
          </button>
        </p>
      ) : (
        <p className="progress-summary">{totals ? <Summary totals={totals} /> : null}</p>
      )}
      {drawn ? (
        <>
          <div className="progress-chart-area">
            {days ? (
              <>
                <span className="progress-scale" aria-hidden="true">
                  {i18n.number(highest)}
                </span>
                <ProgressChart days={days} highest={highest} />
              </>
            ) : null}
          </div>
          {first && last ? (
            <div className="progress-axis" aria-hidden="true">
              <span>{shortDate.format(dayOf(first.day))}</span>
              <span>{shortDate.format(dayOf(last.day))}</span>
            </div>
          ) : null}
          <ul className="progress-legend">
            {series.map((name) => (
              <li key={name}>
                <span className="progress-swatch" data-series={name} aria-hidden="true" />
                {labels[name]}
              </li>
            ))}
          </ul>
          {days ? (
            // The table is made when it is first opened: closed, it is hidden from everyone, and its 30 rows of dates
            // and figures would only add to the screen's first render.
            <details className="progress-details" onToggle={(event) => event.currentTarget.open && setTableMade(true)}>
              <summary>
                <Trans>Show as table</Trans>
              </summary>
              {tableMade ? <ProgressTable days={days} headingId={headingId} labels={labels} /> : null}
            </details>
          ) : null}
        </>
      ) : null}
    </section>
  );
});

/** The 30 days as a table: a row a day, its date and its three figures. */
function ProgressTable({
  days,
  headingId,
  labels,
}: {
  days: readonly ProgressDay[];
  headingId: string;
  labels: Record<Series, string>;
}) {
  const { i18n } = useLingui();
  const longDate = useMemo(() => dateFormatter(i18n.locale, { dateStyle: 'medium', timeZone: 'UTC' }), [i18n.locale]);
  return (
    <table aria-labelledby={headingId}>
      <thead>
        <tr>
          <th scope="col">
            <Trans>Day</Trans>
          </th>
          {series.map((name) => (
            <th key={name} scope="col">
              {labels[name]}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {days.map((day) => (
          <tr key={day.day}>
            <th scope="row">
              <time dateTime={day.day}>{longDate.format(dayOf(day.day))}</time>
            </th>
            {series.map((name) => (
              <td key={name}>{i18n.number(day[name])}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Summary({ totals }: { totals: Totals }) {
  const { wordsSaved: saved, wordsKnown: known, pagesRead: pages } = totals;
  return (
    <Trans>
      In the last 30 days: <Plural value={saved} one="# word saved" other="# words saved" />,{' '}
      <Plural value={known} one="# made known" other="# made known" />,{' '}
      <Plural value={pages} one="# page read" other="# pages read" />
    </Trans>
  );
}
