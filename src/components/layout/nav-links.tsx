import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useSession } from './use-session';
import './nav-links.css';

/**
 * Home, YouTube, Words (a visitor's two lead to a signup pitch), Store (members only, gradient-coloured) and, for
 * admins, Uploader and Queue.
 */
export function NavLinks({ onNavigate }: { onNavigate?: () => void }) {
  const { user } = useSession();
  return (
    <>
      <Link to="/" className="nav-link" activeOptions={{ exact: true }} onClick={onNavigate}>
        <Trans>Home</Trans>
      </Link>
      <Link to="/youtube" className="nav-link" onClick={onNavigate}>
        <Trans>YouTube</Trans>
      </Link>
      <Link to="/words" className="nav-link" onClick={onNavigate}>
        <Trans>Words</Trans>
      </Link>
      {user ? (
        <Link to="/store" className="nav-link store-link" onClick={onNavigate}>
          <Trans>Store</Trans>
        </Link>
      ) : null}
      {user?.isAdmin ? (
        <>
          <Link to="/uploader" className="nav-link" onClick={onNavigate}>
            <Trans>Uploader</Trans>
          </Link>
          <Link to="/queue" className="nav-link" onClick={onNavigate}>
            <Trans>Queue</Trans>
          </Link>
        </>
      ) : null}
    </>
  );
}
