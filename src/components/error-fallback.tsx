import { Trans } from '@lingui/react/macro';
import type { ErrorComponentProps } from '@tanstack/react-router';

/** The generic fallback screen for an error no route handled. */
export function ErrorFallback({ error }: ErrorComponentProps) {
  return (
    <section className="page error-fallback" role="alert">
      <h1>
        <Trans>Unexpected Application Error!</Trans>
      </h1>
      {error instanceof Error && error.message ? <p className="error-detail">{error.message}</p> : null}
      <a href="/">
        <Trans>Back to the start page</Trans>
      </a>
    </section>
  );
}
