import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { refreshDue, useRefreshUser } from '@/api/account';
import { formatCountdown } from '@/components/countdown';
import { isProActive } from '@/components/format';
import { Modal } from '@/components/modal';
import { rewards, timings } from '@/contract/constants';
import type { User } from '@/contract/entities';

export function LoginPromptDialog({ onClose }: { onClose: () => void }) {
  const { t } = useLingui();
  return (
    <Modal title={t`You are not logged in`} onClose={onClose}>
      <p>
        <Trans>In order to save your word progress, you need to have an account</Trans>
      </p>
      <div className="dialog-actions">
        <Link to="/login" className="button button-secondary">
          <Trans>Login</Trans>
        </Link>
        <Link to="/signup" className="button button-primary">
          <Trans>Signup</Trans>
        </Link>
      </div>
    </Modal>
  );
}

/** Counts down to refreshAt; at zero it refreshes the user once and says the limit just grew. */
function useRefreshCountdown(user: User) {
  const { mutate: refreshUser } = useRefreshUser();
  const [now, setNow] = useState(() => Date.now());
  const refreshed = useRef(false);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), timings.wordCounterPollMs);
    return () => clearInterval(timer);
  }, []);
  const due = refreshDue(user, now);
  useEffect(() => {
    if (due && !refreshed.current) {
      refreshed.current = true;
      refreshUser();
    }
  }, [due, refreshUser]);
  // Once refreshed, the dialog stays at zero (the new refreshAt is a day away): the limit was just increased.
  return {
    remaining: formatCountdown(refreshed.current ? 0 : Date.parse(user.refreshAt) - now),
    justIncreased: refreshed.current,
  };
}

/** Why "Mark the rest as known" saved nothing: how many more words the limit has room for, and how many it needed. */
export type MarkRestRefusal = { room: number; newWords: number | undefined };

function MarkRestRefused({ room, newWords }: MarkRestRefusal) {
  const { t } = useLingui();
  return (
    <p>
      {newWords === undefined
        ? t`${plural(room, { 0: 'No more words fit under your word limit', one: 'Only # more word fits under your word limit', other: 'Only # more words fit under your word limit' })}, so none of this page's words were marked as known.`
        : t`${plural(room, { 0: 'No more words fit under your word limit', one: 'Only # more word fits under your word limit', other: 'Only # more words fit under your word limit' })}; ${plural(newWords, { one: 'this page has # new word', other: 'this page has # new words' })}, so none were marked as known.`}
    </p>
  );
}

type WordLimitDialogProps = {
  user: User;
  onClose: () => void;
  /** The dialog answers "Mark the rest as known" refused for the limit. */
  markRestRefusal?: MarkRestRefusal | undefined;
};

export function WordLimitDialog({ user, onClose, markRestRefusal }: WordLimitDialogProps) {
  const { t } = useLingui();
  const { remaining, justIncreased } = useRefreshCountdown(user);
  const streak = user.streak.length;
  const pro = isProActive(user.pro);
  const perDay = pro ? rewards.proWordsPerStreakDay : rewards.wordsPerStreakDay;
  const tomorrow = pro ? streak * perDay : Math.min(streak * perDay, rewards.freeMaxWordsPerStreakDay);
  return (
    <Modal title={t`You've Reached Your Word Limit`} onClose={onClose}>
      {markRestRefusal ? <MarkRestRefused {...markRestRefusal} /> : null}
      <p>
        {t`${plural(user.wordCount, { one: 'You have saved # word.', other: 'You have saved # words.' })}`}{' '}
        {t`Your limit grows every day you keep your streak: you are on a ${streak}-day streak, so tomorrow brings ${plural(tomorrow, { one: '# more word', other: '# more words' })}.`}
      </p>
      {pro ? (
        <p>
          <Trans>That's 5 x streak days words tomorrow</Trans>
        </p>
      ) : (
        <p>
          <Trans>
            Want more now? Spend diamonds on a Word Limit boost, or go Pro Gold: 500 words instantly and 5 × your streak
            days every day.
          </Trans>
        </p>
      )}
      <p className="countdown" aria-live="polite">
        {justIncreased ? <Trans>Your word limit was just increased!</Trans> : <Trans>Your limit grows in</Trans>}{' '}
        <time>{remaining}</time>
      </p>
      <div className="dialog-actions">
        <Link to="/streaks" className="button button-secondary">
          <Trans>About streaks</Trans>
        </Link>
        <Link to="/coins" className="button button-secondary">
          <Trans>Coins and diamonds</Trans>
        </Link>
        <Link to="/store" className="button button-primary">
          <Trans>Go to the store</Trans>
        </Link>
      </div>
    </Modal>
  );
}
