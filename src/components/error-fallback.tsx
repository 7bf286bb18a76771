import { Trans, useLingui } from '@lingui/react/macro';
import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import { errorText } from '@/api/error-text';
import './error-fallback.css';

/**
 * The fallback screen for an error no route handled: the error in the learner's language (an API refusal by its
 * code, anything else — a response that failed validation, a bug — as 'An error occurred', never its raw text),
 * and a retry that loads the route again.
 */
export function ErrorFallback({ error, reset }: ErrorComponentProps) {
  const { i18n } = useLingui();
  const router = useRouter();
  return (
    <section className="page error-fallback" role="alert">
      <h1>
        <Trans>Unexpected Application Error!</Trans>
      </h1>
      <p className="error-detail">{errorText(error, i18n)}</p>
      <div className="error-actions">
        <button
          type="button"
          className="button primary"
          onClick={() => {
            reset();
            void router.invalidate();
          }}
        >
          <Trans>Try again</Trans>
        </button>
        <a href="/">
          <Trans>Back to the start page</Trans>
        </a>
      </div>
    </section>
  );
}
