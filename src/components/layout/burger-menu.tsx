import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { Menu, X } from 'lucide-react';
import { useUi } from '@/stores/ui';
import { Balances } from './header-balances';
import { NavLinks } from './nav-links';
import { useSession } from './use-session';
import './burger-menu.css';

/**
 * Below 769 px the links move into a burger menu, with Profile and Logout or Login and Signup; on a phone too
 * narrow for the header's balances (418 px and less) the menu shows them instead.
 */
export function BurgerMenu() {
  const { t } = useLingui();
  const { user, logout } = useSession();
  const open = useUi((s) => s.burgerOpen);
  const burgerToggled = useUi((s) => s.burgerToggled);
  const menusClosed = useUi((s) => s.menusClosed);

  return (
    <div className="menu-anchor">
      <button
        type="button"
        className="burger-button"
        aria-expanded={open}
        aria-controls="burger-menu"
        aria-label={open ? t`Close menu` : t`Open menu`}
        onClick={burgerToggled}
      >
        {open ? <X size={22} aria-hidden="true" /> : <Menu size={22} aria-hidden="true" />}
      </button>
      {open ? (
        <nav id="burger-menu" className="burger-menu" aria-label={t`Main menu`}>
          {user ? <Balances user={user} /> : null}
          <NavLinks onNavigate={menusClosed} />
          {user ? (
            <>
              <Link to="/profile" className="nav-link" onClick={menusClosed}>
                <Trans>Profile</Trans>
              </Link>
              <button
                type="button"
                className="nav-link link-button"
                onClick={() => {
                  menusClosed();
                  logout();
                }}
              >
                <Trans>Logout</Trans>
              </button>
            </>
          ) : (
            <>
              <Link to="/login" className="nav-link" onClick={menusClosed}>
                <Trans>Login</Trans>
              </Link>
              <Link to="/signup" className="nav-link" onClick={menusClosed}>
                <Trans>Signup</Trans>
              </Link>
            </>
          )}
        </nav>
      ) : null}
    </div>
  );
}
