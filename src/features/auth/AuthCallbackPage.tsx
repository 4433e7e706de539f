import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { callbackFailureSentence, isRecoveryLanding, MSG } from '../../auth/authMessages.ts';
import { useAuth, type AuthResult } from '../../auth/useAuth.ts';
import { showToast } from '../../lib/toast.ts';
import { Page } from '../../ui/Page.tsx';
import { NewPasswordForm } from './NewPasswordForm.tsx';

/**
 * /auth/callback and /auth/facebook/callback (one page for both): where the identity provider, or an emailed
 * link, sends the browser back. Exchanges the PKCE `?code=` (or reads an implicit `#access_token=`)
 * once, shows progress or what went wrong in a sentence, and goes to / when signed in — except
 * after a password-recovery link (`type=recovery`), where the new password is chosen first.
 */
function AuthCallbackPage() {
  const { status, completeOAuthCallback, updatePassword } = useAuth();
  const navigate = useNavigate();
  const [result, setResult] = useState<AuthResult | null>(null);
  // Read once: the address bar is cleaned below, and a reload must not look like a new landing.
  const landing = useRef<{ href: string; recovery: boolean } | null>(null);
  landing.current ??= {
    href: window.location.href,
    recovery: isRecoveryLanding(window.location.href),
  };
  // The code is single-use: StrictMode's second effect run must not exchange it again.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const { href } = landing.current!;
    const hadParams = hasCallbackParams();
    void completeOAuthCallback(href).then(setResult);
    // Tokens and codes do not stay in the address bar (history, screenshots, shared links).
    if (hadParams) window.history.replaceState(window.history.state, '', window.location.pathname);
  }, [completeOAuthCallback]);

  const { href, recovery } = landing.current;
  if (recovery && result?.ok) {
    return (
      <Page
        title="Choose a new password"
        lead="You are signed in by the link you opened. Choose a new password to finish."
      >
        <div className="auth-panel card">
          <NewPasswordForm
            onSubmit={updatePassword}
            onDone={() => {
              // The map opens next: it says nothing of the password, so the toast does.
              showToast(`${MSG.newPasswordSet} You are signed in.`, 'success');
              void navigate('/', { replace: true });
            }}
          />
        </div>
      </Page>
    );
  }
  // Signed in already and nothing to exchange (a reload of this page, a bookmark): just go home.
  if (
    result?.ok ||
    (status === 'signed-in' && !result && !/[?&#](code|error|access_token)=/.test(href))
  ) {
    return <Navigate to="/" replace />;
  }
  const failed = result && !result.ok;
  return (
    <Page
      title={failed ? (recovery ? 'Password reset failed' : 'Sign-in failed') : 'Signing you in'}
    >
      {failed ? (
        <div className="auth-panel card">
          <div className="auth-form__error" role="alert">
            <p>{callbackFailureSentence(result.message, href)}</p>
          </div>
          <p>
            {recovery ? (
              <Link to="/login?reset=1">Ask for a new link</Link>
            ) : (
              <Link to="/login">Back to Sign In</Link>
            )}
          </p>
        </div>
      ) : (
        <p role="status" aria-live="polite">
          Completing sign-in…
        </p>
      )}
    </Page>
  );
}

function hasCallbackParams(): boolean {
  const { search, hash } = window.location;
  return /[?&](code|error)=/.test(search) || /(access_token|error)=/.test(hash);
}

export default AuthCallbackPage;
