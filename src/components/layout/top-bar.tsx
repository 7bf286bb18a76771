import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import './top-bar.css';

const communityChatUrl = import.meta.env.VITE_COMMUNITY_CHAT_URL || 'https://discord.com/invite/folio';

export function TopBar() {
  return (
    <div className="top-bar">
      <Link to="/faq">
        <Trans>FAQ</Trans>
      </Link>
      <Link to="/tncs">
        <Trans>Terms and conditions</Trans>
      </Link>
      <a href={communityChatUrl} target="_blank" rel="noopener noreferrer">
        <Trans>Community chat</Trans>
      </a>
    </div>
  );
}
