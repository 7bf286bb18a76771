import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useId, useMemo } from 'react';
import { dateFormatter } from '@/components/format';
import type { FlashcardSummary } from '@/contract/endpoints/flashcards';

/** An ISO day (a calendar date) as the moment it names in UTC, formatted in UTC so it never shifts. */
const dayOf = (day: string) => new Date(`${day}T00:00:00Z`);

const chartHeight = 100;
/** A day with any card due shows a sliver, however few beside the busiest. */
const shortestBar = 3;

/**
 * The next 7 learning days' due cards as drawn bars (decoration: the same figures are the list below it, which names
 * each day and its count for every reader); a sentence when none is due.
 */
export function Forecast({ forecast }: { forecast: FlashcardSummary['forecast'] }) {
  const { i18n } = useLingui();
  const headingId = useId();
  const weekday = useMemo(() => dateFormatter(i18n.locale, { weekday: 'short', timeZone: 'UTC' }), [i18n.locale]);
  const longDate = useMemo(
    () => dateFormatter(i18n.locale, { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' }),
    [i18n.locale],
  );
  const highest = Math.max(1, ...forecast.map((day) => day.due));
  const nothingDue = forecast.every((day) => day.due === 0);
  return (
    <section className="flashcards-forecast" aria-labelledby={headingId}>
      <h2 id={headingId}>
        <Trans>Next 7 days</Trans>
      </h2>
      {nothingDue ? (
        <p className="forecast-none">
          <Trans>No cards are due in the next 7 days.</Trans>
        </p>
      ) : (
        <ol className="forecast-days">
          {forecast.map((day) => {
            const height = day.due === 0 ? 0 : Math.max((day.due / highest) * chartHeight, shortestBar);
            const date = longDate.format(dayOf(day.day));
            const count = day.due;
            return (
              <li key={day.day} className="forecast-day">
                <span className="forecast-count" aria-hidden="true">
                  {i18n.number(count)}
                </span>
                <span className="forecast-bar-area" aria-hidden="true">
                  <span className="forecast-bar" style={{ blockSize: `${height}%` }} />
                </span>
                <time className="forecast-label" dateTime={day.day} aria-hidden="true">
                  {weekday.format(dayOf(day.day))}
                </time>
                <span className="visually-hidden">
                  <Trans>
                    {date}: <Plural value={count} one="# card due" other="# cards due" />
                  </Trans>
                </span>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
