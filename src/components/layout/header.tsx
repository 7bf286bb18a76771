import { useLingui } from '@lingui/react/macro';
import { toast } from '@/lib/toast';
import { useIsMobile } from '@/stores/ui';
import { BurgerMenu } from './burger-menu';
import { Balances } from './header-balances';
import { LanguagePicker } from './language-picker';
import { NavLinks } from './nav-links';
import { NotificationsMenu } from './notifications-menu';
import { ProfileMenu } from './profile-menu';
import { useSession } from './use-session';
import './header.css';

/**
 * One row while everything fits; the balances come last and wrap onto a row of their own when it does not, and
 * go below 419 px (spec §2), all by CSS on the layout viewport, so nothing is measured in JavaScript.
 */
export function Header() {
  const { t } = useLingui();
  const isMobile = useIsMobile();
  const { user } = useSession();
  return (
    <header className="header">
      <button type="button" className="logo" onClick={() => toast(t`Happy reading!`)}>
        <span aria-hidden="true" className="logo-mark">
          F
        </span>
        <span className="logo-text">Folio</span>
      </button>
      {isMobile ? null : (
        <nav className="nav" aria-label={t`Main menu`}>
          <NavLinks />
        </nav>
      )}
      <div className="header-end">
        {user ? <NotificationsMenu /> : null}
        <LanguagePicker kind="target" />
        <LanguagePicker kind="home" />
        {isMobile ? <BurgerMenu /> : <ProfileMenu />}
      </div>
      {user ? <Balances user={user} /> : null}
    </header>
  );
}
