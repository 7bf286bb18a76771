import { Trans } from '@lingui/react/macro';
import './pending-page.css';

export function PendingPage() {
  return (
    <div className="page pending" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">
        <Trans>Loading…</Trans>
      </span>
    </div>
  );
}
