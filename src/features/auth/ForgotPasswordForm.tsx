import './auth.css';
import { useId, useState, type FormEvent } from 'react';
import { MSG } from '../../auth/authMessages.ts';
import type { AuthResult } from '../../auth/useAuth.ts';
import { AuthFeedback } from './AuthFeedback.tsx';

/** "Forgot password?" on /login: asks for the address and has a link to set a new password emailed. */
export function ForgotPasswordForm({
  onSubmit,
  offline,
  onCancel,
}: {
  onSubmit(email: string): Promise<AuthResult>;
  offline: boolean;
  onCancel(): void;
}) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<AuthResult | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (offline) return setResult({ ok: false, message: MSG.offline });
    setBusy(true);
    setResult(null);
    try {
      setResult(await onSubmit(email));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="auth-form"
      onSubmit={submit}
      noValidate
      aria-busy={busy}
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`} className="auth-form__title">
        Reset your password
      </h2>
      <p className="muted">We will email you a link. Open it to choose a new password.</p>
      <div className="auth-form__field">
        <label htmlFor={`${id}-email`}>Email</label>
        <input
          id={`${id}-email`}
          type="email"
          name="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </div>
      {result?.ok ? (
        <p className="auth-form__sent" role="status">
          {result.message}
        </p>
      ) : (
        <AuthFeedback result={result} />
      )}
      <div className="auth-form__actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? 'Sending…' : 'Send reset link'}
        </button>
        <button type="button" className="button" onClick={onCancel}>
          Back to Sign In
        </button>
      </div>
    </form>
  );
}
