import { plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { type FormEvent, useId, useState } from 'react';
import { useAddFlashcards, useFlashcardSettings } from '@/api/flashcards';
import { BusyButton } from '@/components/busy-button';
import { Modal } from '@/components/modal';
import { cardsPerBatch, type FlashcardSummary, maxNewCardsPerDay } from '@/contract/endpoints/flashcards';
import type { LearningLanguage } from '@/contract/languages';
import { toast } from '@/lib/toast';
import { Forecast } from './forecast';

type QueueViewProps = {
  language: LearningLanguage;
  summary: FlashcardSummary;
  onReview: () => void;
  onPractice: () => void;
};

const bucketNames = ['now', 'today', 'tomorrow', 'nextWeek', 'soon'] as const;

function Buckets({ buckets }: { buckets: FlashcardSummary['buckets'] }) {
  const { t, i18n } = useLingui();
  const labels = { now: t`Now`, today: t`Today`, tomorrow: t`Tomorrow`, nextWeek: t`Next week`, soon: t`Soon` };
  return (
    <dl className="flashcards-buckets">
      {bucketNames.map((name) => (
        <div key={name} className="flashcards-bucket" data-bucket={name}>
          <dt>{labels[name]}</dt>
          <dd>{i18n.number(buckets[name])}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The daily cap on new cards, saved on its own. */
function NewPerDaySetting({ newPerDay }: { newPerDay: number }) {
  const { t } = useLingui();
  const id = useId();
  const [value, setValue] = useState(String(newPerDay));
  const settings = useFlashcardSettings();
  const save = (event: FormEvent) => {
    event.preventDefault();
    const next = Number(value);
    if (!Number.isInteger(next) || next < 1 || next > maxNewCardsPerDay || next === newPerDay) return;
    settings.mutate(next, { onSuccess: () => toast.success(t`New cards per day saved`) });
  };
  return (
    <form className="flashcards-setting" onSubmit={save}>
      <label htmlFor={id}>
        <Trans>New cards per day</Trans>
      </label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={1}
        max={maxNewCardsPerDay}
        required
        value={value}
        onChange={(event) => setValue(event.target.value)}
      />
      <BusyButton type="submit" className="button button-secondary" busy={settings.isPending}>
        <Trans>Save</Trans>
      </BusyButton>
    </form>
  );
}

/** Asked before adding more new cards while those waiting already fill the daily cap. */
function BeyondCapDialog({
  summary,
  onAdd,
  onClose,
}: {
  summary: FlashcardSummary;
  onAdd: () => void;
  onClose: () => void;
}) {
  const waiting = summary.newWaiting;
  const perDay = summary.newPerDay;
  return (
    <Modal title={<Trans>Add more new cards?</Trans>} onClose={onClose}>
      <p>
        <Trans>
          <Plural value={waiting} one="# new card is" other="# new cards are" /> already waiting, and you learn{' '}
          <Plural value={perDay} one="# new card" other="# new cards" /> a day. More cards wait longer before their
          first review.
        </Trans>
      </p>
      <div className="dialog-actions">
        <button type="button" className="button button-secondary" onClick={onClose}>
          <Trans>Cancel</Trans>
        </button>
        <button type="button" className="button button-primary" onClick={onAdd}>
          <Trans>Add anyway</Trans>
        </button>
      </div>
    </Modal>
  );
}

/**
 * The flashcards' home: the due buckets, the week's forecast, Add 20 Cards (asking first when the new cards waiting
 * fill the daily cap), the cap itself, and Review (when cards are due) and Practice.
 */
export function QueueView({ language, summary, onReview, onPractice }: QueueViewProps) {
  const { t } = useLingui();
  const [confirming, setConfirming] = useState(false);
  const adding = useAddFlashcards(language);
  const add = () => {
    setConfirming(false);
    adding.mutate(cardsPerBatch, {
      onSuccess: ({ added }) => {
        if (added === 0) toast(() => t`No saved words to add: give words level 1, 2 or 3 while you read.`);
        else toast.success(t`${plural(added, { one: '# card added', other: '# cards added' })}`);
      },
    });
  };
  const askToAdd = () => {
    if (summary.newWaiting >= summary.newPerDay) setConfirming(true);
    else add();
  };
  const { total, newToday, newPerDay } = summary;
  const reviewable = total - summary.suspended;
  const due = summary.buckets.now;

  return (
    <>
      {summary.total === 0 ? (
        <div className="flashcards-empty">
          <p>
            <Trans>
              No flashcards yet. Save words while you read (give them level 1, 2 or 3), then press Add 20 Cards: each
              card shows the word in the sentence you met it in.
            </Trans>
          </p>
          <Link to="/">
            <Trans>Find something to read</Trans>
          </Link>
        </div>
      ) : (
        <>
          <Buckets buckets={summary.buckets} />
          <p className="flashcards-counts">
            <Plural value={total} one="# card" other="# cards" />
            {' · '}
            <Trans>
              {newToday} of {newPerDay} new cards today
            </Trans>
          </p>
        </>
      )}
      <div className="flashcards-actions">
        {due > 0 ? (
          <button type="button" className="button button-primary" onClick={onReview}>
            <Trans>Review</Trans>
          </button>
        ) : null}
        <BusyButton
          type="button"
          className={`button ${due > 0 ? 'button-secondary' : 'button-primary'}`}
          onClick={askToAdd}
          busy={adding.isPending}
        >
          <Trans>Add 20 Cards</Trans>
        </BusyButton>
        {reviewable > 0 ? (
          <button type="button" className="button button-secondary" onClick={onPractice}>
            <Trans>Practice</Trans>
          </button>
        ) : null}
      </div>
      {summary.total > 0 && due === 0 ? (
        <p className="flashcards-hint">
          <Trans>Nothing is due now. Practice reviews any cards without changing when they are due.</Trans>
        </p>
      ) : null}
      {summary.total > 0 ? <Forecast forecast={summary.forecast} /> : null}
      <NewPerDaySetting key={summary.newPerDay} newPerDay={summary.newPerDay} />
      {confirming ? <BeyondCapDialog summary={summary} onAdd={add} onClose={() => setConfirming(false)} /> : null}
    </>
  );
}
