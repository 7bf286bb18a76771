import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useFulfilCheckout } from '@/api/payments';
import { useSession } from '@/components/layout/use-session';
import './result-page.css';

type CheckoutResult = 'success' | 'pro-success' | 'cancel';

/**
 * Where checkout returns: the spec's word as the heading, then what happened and the way back. A success asks the
 * server to grant the checkout (`session_id`, as Stripe fills it in), so the header's balances and flame change
 * here even when the webhook is late; the server grants each payment once, whoever asks first.
 */
export function ResultPage({ result, sessionId }: { result: CheckoutResult; sessionId?: string | undefined }) {
  const { user } = useSession();
  const fulfil = useFulfilCheckout();
  const { mutate } = fulfil;
  const loggedIn = Boolean(user);
  useEffect(() => {
    if (result !== 'cancel' && sessionId && loggedIn) mutate(sessionId);
  }, [result, sessionId, loggedIn, mutate]);
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
