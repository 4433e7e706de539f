import { useEffect, useRef, useState } from 'react';
import { Link, Navigate } from 'react-router';
import { useAuth, type AuthResult } from '../../auth/useAuth.ts';
import { Page } from '../../ui/Page.tsx';

/**
 * /auth/callback and /auth/facebook/callback (spec §2): where the identity provider sends the
 * browser back. Exchanges the PKCE `?code=` (or reads an implicit `#access_token=`) once, shows
 * progress or the error, and goes to / when signed in.
 */
export function AuthCallbackPage() {
  const { status, completeOAuthCallback } = useAuth();
  const [result, setResult] = useState<AuthResult | null>(null);
  // The code is single-use: StrictMode's second effect run must not exchange it again.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void completeOAuthCallback(window.location.href).then(setResult);
  }, [completeOAuthCallback]);

  // Signed in already and nothing to exchange (a reload of this page, a bookmark): just go home.
  if (result?.ok || (status === 'signed-in' && !hasCallbackParams())) {
    return <Navigate to="/" replace />;
  }
  return (
    <Page title="Signing you in">
      {result && !result.ok ? (
        <div className="auth-panel card">
          <div className="auth-form__error" role="alert">
            <p>{result.message}</p>
          </div>
          <p>
            <Link to="/login">Back to Sign In</Link>
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
