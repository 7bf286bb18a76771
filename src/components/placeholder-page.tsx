import { Trans } from '@lingui/react/macro';
import './placeholder-page.css';

export function PlaceholderPage() {
  return (
    <section className="page placeholder">
      <p>
        <Trans>sorry this isn't implemented yet :(</Trans>
      </p>
    </section>
  );
}
