import { useLingui } from '@lingui/react/macro';
import { toast } from 'sonner';
import { useIsMobile } from '@/stores/ui';
import { BurgerMenu } from './burger-menu';
import { HeaderBalances } from './header-balances';
import { LanguagePicker } from './language-picker';
import { NavLinks } from './nav-links';
import { ProfileMenu } from './profile-menu';
import { useSession } from './use-session';

export function Header() {
  const { t } = useLingui();
  const isMobile = useIsMobile();
  const { user } = useSession();
  return (
    <header className="header">
      <button type="button" className="logo" onClick={() => toast(t`Happy reading! 📚`)}>
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
        {user ? <HeaderBalances user={user} /> : null}
        <LanguagePicker kind="target" />
        <LanguagePicker kind="home" />
        {isMobile ? <BurgerMenu /> : <ProfileMenu />}
      </div>
    </header>
  );
}
