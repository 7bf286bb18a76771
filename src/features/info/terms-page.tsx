import { Trans } from '@lingui/react/macro';
import { TermsText } from '@/components/terms-text';
import './prose.css';

export function TermsPage() {
  return (
    <section className="page prose">
      <h1>
        <Trans>Terms and conditions</Trans>
      </h1>
      <TermsText />
    </section>
  );
}
