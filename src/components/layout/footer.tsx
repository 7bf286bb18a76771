import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { interfaceLocales, isInterfaceLocale } from '@/contract/languages';
import { localeNames } from '@/i18n/locale-names';
import { usePreferences } from '@/stores/preferences';
import './footer.css';

export function Footer() {
  const { i18n } = useLingui();
  const selectId = useId();
  const localePicked = usePreferences((s) => s.localePicked);
  return (
    <footer className="footer">
      <div className="footer-links">
        <Link to="/faq">
          <Trans>FAQ</Trans>
        </Link>
        <Link to="/help">
          <Trans>Help</Trans>
        </Link>
        <Link to="/tncs">
          <Trans>Terms and conditions</Trans>
        </Link>
      </div>
      <div className="locale-picker">
        <label htmlFor={selectId}>
          <Trans>Interface language</Trans>
        </label>
        <select
          id={selectId}
          value={i18n.locale}
          onChange={(event) => {
            if (isInterfaceLocale(event.target.value)) localePicked(event.target.value);
          }}
        >
          {interfaceLocales.map((locale) => (
            <option key={locale} value={locale} lang={locale}>
              {localeNames[locale]}
            </option>
          ))}
        </select>
      </div>
      <p className="footer-note">
        <Trans>Folio is in alpha: video transcripts may be unavailable, inaccurate or incomplete.</Trans>
      </p>
    </footer>
  );
}
