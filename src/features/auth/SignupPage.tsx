import { Link, Navigate } from 'react-router';
import { MSG } from '../../auth/authMessages.ts';
import { useAuth } from '../../auth/useAuth.ts';
import { Page } from '../../ui/Page.tsx';
import { AlternativeSignIn } from './AlternativeSignIn.tsx';
import { CredentialsForm } from './CredentialsForm.tsx';
import { useOffline } from './useOffline.ts';
import { ROUTE_TEXT } from '../../ui/routeText.ts';

/** /signup: create an account; weak passwords come back with the server's reasons. */
function SignupPage() {
  const { status, signUp } = useAuth();
  const offline = useOffline();
  if (status === 'signed-in') return <Navigate to="/" replace />;
  return (
    <Page title={ROUTE_TEXT['/signup'].title} lead={ROUTE_TEXT['/signup'].lead}>
      <div className="auth-panel card">
        {offline ? (
          <p className="auth-form__note" role="status">
            {MSG.offline}
          </p>
        ) : null}
        <CredentialsForm
          submitLabel="Sign Up"
          busyLabel="Creating your account…"
          onSubmit={signUp}
          showPasswordHints
          newPassword
          offline={offline}
          offlineMessage={MSG.offline}
        />
        <AlternativeSignIn offline={offline} />
        <p className="auth-panel__switch">
          Already have an account? <Link to="/login">Sign In</Link>
        </p>
      </div>
    </Page>
  );
}

export default SignupPage;
