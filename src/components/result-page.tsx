import { Trans } from '@lingui/react/macro';

/** The checkout result pages show only the word success or cancel (spec §2). */
export function ResultPage({ result }: { result: 'success' | 'cancel' }) {
  return (
    <section className="page result-page">
      <h1>{result === 'success' ? <Trans>success</Trans> : <Trans>cancel</Trans>}</h1>
    </section>
  );
}
