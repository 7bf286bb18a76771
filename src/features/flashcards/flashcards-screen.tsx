import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { errorText } from '@/api/error-text';
import { type FlashcardDeck, flashcardQueries } from '@/api/flashcards';
import { useSession } from '@/components/layout/use-session';
import { usePreferences } from '@/stores/preferences';
import { QueueView } from './queue-view';
import { ReviewSession } from './review-session';
import './flashcards.css';

function FlashcardsPitch() {
  return (
    <section className="page flashcards-pitch">
      <h1>
        <Trans>Remember the words you save</Trans>
      </h1>
      <p>
        <Trans>
          Turn the words you save while reading into flashcards: each shows the sentence you met the word in, and comes
          back just before you would forget it.
        </Trans>
      </p>
      <Link to="/signup" className="button button-primary">
        <Trans>Register for free</Trans>
      </Link>
    </section>
  );
}

type Mode = 'queue' | 'review' | 'practice';

function MemberFlashcards({ deck }: { deck: FlashcardDeck }) {
  const { i18n } = useLingui();
  const [mode, setMode] = useState<Mode>('queue');
  const summary = useQuery(flashcardQueries.summary(deck.language));
  const heading = useRef<HTMLHeadingElement>(null);
  const left = useRef(false);
  // Back from a review, the focus goes to the top of the flashcards' home.
  useEffect(() => {
    if (mode === 'queue' && left.current) heading.current?.focus();
  }, [mode]);
  const leave = () => {
    left.current = true;
    setMode('queue');
  };

  return (
    <section className="page flashcards" aria-labelledby="flashcards-heading">
      <h1 id="flashcards-heading" ref={heading} tabIndex={-1}>
        <Trans>Flashcards</Trans>
      </h1>
      {mode !== 'queue' ? (
        <ReviewSession key={mode} deck={deck} practice={mode === 'practice'} onLeave={leave} />
      ) : summary.data ? (
        <QueueView
          language={deck.language}
          summary={summary.data}
          onReview={() => setMode('review')}
          onPractice={() => setMode('practice')}
        />
      ) : summary.isError ? (
        <p role="alert">
          {errorText(summary.error, i18n)}{' '}
          <button type="button" className="button button-secondary" onClick={() => void summary.refetch()}>
            <Trans>Try again</Trans>
          </button>
        </p>
      ) : (
        <p role="status">
          <Trans>Loading…</Trans>
        </p>
      )}
    </section>
  );
}

/**
 * `/flashcards`: a member's cards in the language they learn (the queue's buckets and forecast, reviewing, practice);
 * a visitor is offered an account instead.
 */
export function FlashcardsScreen() {
  const { user } = useSession();
  const language = usePreferences((s) => s.targetLang);
  const homeLang = usePreferences((s) => s.homeLang);
  if (!user) return <FlashcardsPitch />;
  return <MemberFlashcards key={`${user.username}-${language}-${homeLang}`} deck={{ language, homeLang }} />;
}
