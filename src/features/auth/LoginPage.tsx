import { Link, Navigate, useSearchParams } from 'react-router';
import { MSG } from '../../auth/authMessages.ts';
import { useAuth } from '../../auth/useAuth.ts';
import { Page } from '../../ui/Page.tsx';
import { AlternativeSignIn } from './AlternativeSignIn.tsx';
import { CredentialsForm } from './CredentialsForm.tsx';
import { ForgotPasswordForm } from './ForgotPasswordForm.tsx';
import { useOffline } from './useOffline.ts';
import { ROUTE_TEXT } from '../../ui/routeText.ts';

/**
 * /login: email + password, social and Ethereum sign-in. A signed-in user goes to /.
 * "Forgot password?" (or /login?reset=1) swaps the form for the reset-link request.
 */
function LoginPage() {
  const { status, signInWithPassword, requestPasswordReset } = useAuth();
  const offline = useOffline();
  const [params, setParams] = useSearchParams();
  const resetting = params.get('reset') === '1';
  if (status === 'signed-in') return <Navigate to="/" replace />;
  return (
    <Page title={ROUTE_TEXT['/login'].title} lead={ROUTE_TEXT['/login'].lead}>
      <div className="auth-panel card">
        {offline ? (
          <p className="auth-form__note" role="status">
            {MSG.offline}
          </p>
        ) : null}
        {resetting ? (
          <ForgotPasswordForm
            onSubmit={requestPasswordReset}
            offline={offline}
            onCancel={() => setParams({}, { replace: true })}
          />
        ) : (
          <>
            <CredentialsForm
              submitLabel="Sign In"
              busyLabel="Signing in…"
              onSubmit={signInWithPassword}
              offline={offline}
              offlineMessage={MSG.offline}
            />
            <p className="auth-panel__switch">
              <Link to="/login?reset=1" replace>
                Forgot password?
              </Link>
            </p>
            <AlternativeSignIn offline={offline} />
          </>
        )}
        <p className="auth-panel__switch">
          No account yet? <Link to="/signup">Sign Up</Link>
        </p>
      </div>
    </Page>
  );
}

export default LoginPage;
