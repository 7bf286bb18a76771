import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { CircleCheck } from 'lucide-react';
import type { ContentSummary } from '@/contract/entities';
import './finished-text.css';

type FinishedTextProps = { contentId: number; title: string | null; next: ContentSummary | null };

/** A text whose every page the learner finished: say so, offer it again, and offer the next one of its shelf. */
export function FinishedText({ contentId, title, next }: FinishedTextProps) {
  return (
    <section className="page finished-text">
      <CircleCheck className="finished-icon" size={40} aria-hidden="true" />
      <h1>{title ? <Trans>You finished {title}</Trans> : <Trans>You finished this text</Trans>}</h1>
      <p>
        <Trans>Every page is read. Read it again to see how many more words you know now.</Trans>
      </p>
      <div className="finished-actions">
        <Link to="/reader/$id" params={{ id: contentId }} search={{ page: 0 }} className="button button-secondary">
          <Trans>Read again</Trans>
        </Link>
        {next ? (
          <Link to="/reader/$id" params={{ id: next.id }} className="button button-primary">
            <Trans>Next: {next.title}</Trans>
          </Link>
        ) : (
          <Link to="/" className="button button-primary">
            <Trans>Back to the library</Trans>
          </Link>
        )}
      </div>
    </section>
  );
}
