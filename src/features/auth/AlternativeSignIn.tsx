import { useState } from 'react';
import { MSG } from '../../auth/authMessages.ts';
import { useAuth, type AuthResult } from '../../auth/useAuth.ts';
import { AuthFeedback } from './AuthFeedback.tsx';

function providerLabel(provider: string): string {
  return provider.charAt(0).toUpperCase() + provider.slice(1);
}

/** The social (OAuth, PKCE) and Ethereum wallet buttons under the email form. */
export function AlternativeSignIn({ offline }: { offline: boolean }) {
  const { oauthProvider, hasEthereumWallet, signInWithOAuth, signInWithEthereum } = useAuth();
  const [busy, setBusy] = useState<'oauth' | 'ethereum' | null>(null);
  const [result, setResult] = useState<AuthResult | null>(null);

  const run = async (which: 'oauth' | 'ethereum', action: () => Promise<AuthResult>) => {
    if (busy) return;
    if (which === 'ethereum' && !hasEthereumWallet)
      return setResult({ ok: false, message: MSG.noWallet });
    if (offline) return setResult({ ok: false, message: MSG.offline });
    setBusy(which);
    setResult(null);
    try {
      const r = await action();
      // A successful OAuth start leaves the page; keep the button busy until it does.
      if (!(which === 'oauth' && r.ok)) setBusy(null);
      setResult(r.ok ? null : r);
    } catch {
      setBusy(null);
    }
  };

  return (
    <div className="auth-alternatives">
      <p className="auth-alternatives__divider">or</p>
      <button
        type="button"
        className="button"
        onClick={() => void run('oauth', signInWithOAuth)}
        disabled={busy !== null}
      >
        {busy === 'oauth' ? 'Redirecting…' : `Sign in with ${providerLabel(oauthProvider)}`}
      </button>
      <button
        type="button"
        className="button"
        onClick={() => void run('ethereum', signInWithEthereum)}
        disabled={busy !== null}
      >
        {busy === 'ethereum' ? 'Waiting for your wallet…' : 'Sign in with Ethereum'}
      </button>
      {!hasEthereumWallet ? <p className="muted auth-alternatives__note">{MSG.noWallet}.</p> : null}
      <AuthFeedback result={result} />
    </div>
  );
}
