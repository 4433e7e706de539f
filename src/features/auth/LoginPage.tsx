import { Link, Navigate } from 'react-router';
import { MSG } from '../../auth/authMessages.ts';
import { useAuth } from '../../auth/useAuth.ts';
import { Page } from '../../ui/Page.tsx';
import { AlternativeSignIn } from './AlternativeSignIn.tsx';
import { CredentialsForm } from './CredentialsForm.tsx';
import { useOffline } from './useOffline.ts';

/** /login (spec §2): email + password, social and Ethereum sign-in. A signed-in user goes to /. */
export function LoginPage() {
  const { status, signInWithPassword } = useAuth();
  const offline = useOffline();
  if (status === 'signed-in') return <Navigate to="/" replace />;
  return (
    <Page title="Sign In" lead="Sign in to keep your map preferences on every device.">
      <div className="auth-panel card">
        {offline ? (
          <p className="auth-form__note" role="status">
            {MSG.offline}
          </p>
        ) : null}
        <CredentialsForm
          submitLabel="Sign In"
          busyLabel="Signing in…"
          onSubmit={signInWithPassword}
          offline={offline}
          offlineMessage={MSG.offline}
        />
        <AlternativeSignIn offline={offline} />
        <p className="auth-panel__switch">
          No account yet? <Link to="/signup">Sign Up</Link>
        </p>
      </div>
    </Page>
  );
}

export default LoginPage;
