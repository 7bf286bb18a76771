import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import './top-bar.css';

const communityChatUrl = import.meta.env.VITE_COMMUNITY_CHAT_URL || 'https://discord.com/invite/folio';

/** Help for everyone, above the header: a landmark of its own, so no content sits outside one. */
export function TopBar() {
  const { t } = useLingui();
  return (
    <nav className="top-bar" aria-label={t`Help`}>
      <Link to="/faq">
        <Trans>FAQ</Trans>
      </Link>
      <Link to="/tncs">
        <Trans>Terms and conditions</Trans>
      </Link>
      <a href={communityChatUrl} target="_blank" rel="noopener noreferrer">
        <Trans>Community chat</Trans>
      </a>
    </nav>
  );
}
