import './auth.css';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { displayName, shortAddress, useAuth } from '../../auth/useAuth.ts';
import { useChecksumAddress } from './useChecksumAddress.ts';
import { UserAvatar } from './UserAvatar.tsx';

/** The header's user menu: picture or initials, display name, email (or a wallet's short address), Settings and Sign Out. */
export function UserMenu() {
  const { user: signedIn, status, signOut } = useAuth();
  const wallet = useChecksumAddress(signedIn?.walletAddress);
  const user = signedIn && wallet ? { ...signedIn, walletAddress: wallet } : signedIn;
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent | KeyboardEvent) => {
      if (
        e instanceof KeyboardEvent ? e.key === 'Escape' : !root.current?.contains(e.target as Node)
      )
        setOpen(false);
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  if (status !== 'signed-in' || !user) {
    return (
      <Link to="/login" className="button button--primary">
        Sign In
      </Link>
    );
  }

  const name = displayName(user);
  const onSignOut = async () => {
    setBusy(true);
    setError(null);
    const result = await signOut();
    setBusy(false);
    if (!result.ok) setError(result.message);
    else setOpen(false);
  };

  return (
    <div className="user-menu" ref={root}>
      <button
        type="button"
        className="user-menu__toggle"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((o) => !o)}
      >
        <UserAvatar user={user} />
        <span className="user-menu__name">{name}</span>
      </button>
      {open ? (
        <div className="user-menu__panel card" id={menuId}>
          <p className="user-menu__display-name">{name}</p>
          {user.email ? <p className="user-menu__email muted">{user.email}</p> : null}
          {!user.email && user.walletAddress && name !== shortAddress(user.walletAddress) ? (
            <p className="user-menu__email muted" title={user.walletAddress}>
              {shortAddress(user.walletAddress)}
            </p>
          ) : null}
          <Link to="/settings" className="user-menu__link" onClick={() => setOpen(false)}>
            Settings
          </Link>
          <button type="button" className="button" onClick={() => void onSignOut()} disabled={busy}>
            {busy ? 'Signing out…' : 'Sign Out'}
          </button>
          {error ? (
            <p className="auth-form__error" role="alert">
              {error}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
