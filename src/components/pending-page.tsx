import { Trans } from '@lingui/react/macro';

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
