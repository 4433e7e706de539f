import { Link } from 'react-router';
import { useAuth } from '../auth/useAuth.ts';
import { UserMenu } from '../features/auth/UserMenu.tsx';
import { NightModeControl } from '../features/night/NightModeControl.tsx';
import { InstallControl } from './InstallControl.tsx';
import { Logo } from './Logo.tsx';
import { NetworkToggle } from './NetworkToggle.tsx';

/** The fixed top bar of the page shell. */
export function Header() {
  const { status } = useAuth();
  return (
    <header className="app-header">
      <Link to="/" className="app-header__logo" aria-label="Aurora — home">
        <Logo />
      </Link>
      <div className="app-header__actions">
        <NightModeControl />
        <NetworkToggle />
        <InstallControl />
        {status === 'signed-in' ? (
          <UserMenu />
        ) : status === 'loading' ? (
          <span className="app-header__auth-pending" aria-hidden="true" />
        ) : (
          <Link to="/login" className="button button--primary app-header__signin">
            Sign In
          </Link>
        )}
      </div>
    </header>
  );
}
