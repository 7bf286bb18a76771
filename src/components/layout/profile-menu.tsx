import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { UserRound } from 'lucide-react';
import { useUi } from '@/stores/ui';
import { useSession } from './use-session';
import './dropdown.css';
import './profile-menu.css';

/** Username and Logout for members; Login and Signup buttons for visitors. */
export function ProfileMenu() {
  const { t } = useLingui();
  const { user, logout } = useSession();
  const open = useUi((s) => s.openMenu === 'profile');
  const menuToggled = useUi((s) => s.menuToggled);
  const menusClosed = useUi((s) => s.menusClosed);

  if (!user) {
    return (
      <div className="auth-buttons">
        <Link to="/login" className="button button-secondary">
          <Trans>Log in</Trans>
        </Link>
        <Link to="/signup" className="button button-primary">
          <Trans>Sign up</Trans>
        </Link>
      </div>
    );
  }

  return (
    <div className="menu-anchor">
      <button
        type="button"
        className="profile-button"
        aria-haspopup="true"
        aria-expanded={open}
        aria-label={t`Profile menu`}
        onClick={() => menuToggled('profile')}
      >
        <UserRound size={20} aria-hidden="true" />
      </button>
      {open ? (
        <div className="dropdown profile-dropdown">
          <p className="profile-name">{user.username || t`error :(`}</p>
          <button
            type="button"
            className="dropdown-item"
            onClick={() => {
              menusClosed();
              logout();
            }}
          >
            <Trans>Logout</Trans>
          </button>
        </div>
      ) : null}
    </div>
  );
}
