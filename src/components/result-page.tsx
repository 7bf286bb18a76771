import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';

type CheckoutResult = 'success' | 'pro-success' | 'cancel';

/** Where checkout returns: the spec's word as the heading, then what happened and the way back. */
export function ResultPage({ result }: { result: CheckoutResult }) {
  return (
    <section className="page result-page">
      <h1>{result === 'cancel' ? <Trans>cancel</Trans> : <Trans>success</Trans>}</h1>
      <p>
        {result === 'success' ? (
          <Trans>
            Thank you! Your payment went through; your diamonds appear in the header as soon as it is confirmed.
          </Trans>
        ) : result === 'pro-success' ? (
          <Trans>
            Welcome to Pro Gold! Your flame turns gold and your extra words arrive as soon as the payment is confirmed.
          </Trans>
        ) : (
          <Trans>The payment was cancelled and nothing was charged.</Trans>
        )}
      </p>
      <p className="result-links">
        <Link to="/store" className="button button-secondary">
          <Trans>Back to the store</Trans>
        </Link>
        <Link to="/" className="button button-primary">
          <Trans>Keep reading</Trans>
        </Link>
      </p>
    </section>
  );
}
