import './auth.css';
import { useId, useState, type FormEvent } from 'react';
import {
  MSG,
  passwordHints,
  splitIdentifier,
  validateCredentials,
} from '../../auth/authMessages.ts';
import type { AuthResult, Credentials } from '../../auth/useAuth.ts';
import { AuthFeedback } from './AuthFeedback.tsx';
import { PasswordField } from './PasswordField.tsx';

/**
 * The email + password form shared by Sign In and Sign Up. Validation runs here first (the
 * product's wording for a missing email/phone or password); the server's answer (weak password reasons, bad credentials) comes back as an
 * AuthResult. `offline` short-circuits with the connection message instead of hanging.
 */
export function CredentialsForm({
  submitLabel,
  busyLabel,
  onSubmit,
  showPasswordHints = false,
  newPassword = false,
  offline,
  offlineMessage,
}: {
  submitLabel: string;
  busyLabel: string;
  onSubmit(c: Credentials): Promise<AuthResult>;
  showPasswordHints?: boolean;
  newPassword?: boolean;
  offline: boolean;
  offlineMessage: string;
}) {
  const id = useId();
  const [identifier, setIdentifier] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<AuthResult | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const who = splitIdentifier(identifier);
    const invalid = validateCredentials({ ...who, password });
    if (invalid) return setResult({ ok: false, message: invalid });
    if (offline) return setResult({ ok: false, message: offlineMessage });
    setBusy(true);
    setResult(null);
    try {
      setResult(await onSubmit({ ...who, password }));
    } finally {
      setBusy(false);
    }
  };

  // The server's reasons, once shown, stand in for the hints until the password is edited: each reason is said once.
  const answered = !!result && !result.ok && !!result.reasons?.length;
  // "You must provide…" is about the fields as they were: once both are filled it no longer holds.
  const shown =
    result?.message === MSG.missingCredentials &&
    validateCredentials({ ...splitIdentifier(identifier), password }) === null
      ? null
      : result;
  const hints = showPasswordHints && password && !answered ? passwordHints(password) : [];
  return (
    <form className="auth-form" onSubmit={submit} noValidate aria-busy={busy}>
      <div className="auth-form__field">
        <label htmlFor={`${id}-email`}>Email or phone number</label>
        <input
          id={`${id}-email`}
          type="text"
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={identifier}
          onChange={(e) => setIdentifier(e.target.value)}
        />
      </div>
      <PasswordField
        id={id}
        label="Password"
        name="password"
        autoComplete={newPassword ? 'new-password' : 'current-password'}
        value={password}
        onChange={(value) => {
          setPassword(value);
          if (answered) setResult(null);
        }}
        hints={hints}
      />
      <AuthFeedback result={shown} />
      <button type="submit" className="button button--primary" disabled={busy}>
        {busy ? busyLabel : submitLabel}
      </button>
    </form>
  );
}
