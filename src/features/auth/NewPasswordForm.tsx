import './auth.css';
import { useId, useState, type FormEvent } from 'react';
import { passwordHints } from '../../auth/authMessages.ts';
import type { AuthResult } from '../../auth/useAuth.ts';
import { AuthFeedback } from './AuthFeedback.tsx';
import { PasswordField } from './PasswordField.tsx';

/** After a recovery link: the user, signed in by the link, chooses the new password. */
export function NewPasswordForm({
  onSubmit,
  onDone,
}: {
  onSubmit(password: string): Promise<AuthResult>;
  onDone(): void;
}) {
  const id = useId();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<AuthResult | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setResult(null);
    try {
      const r = await onSubmit(password);
      if (r.ok) onDone();
      else setResult(r);
    } finally {
      setBusy(false);
    }
  };

  // The server's reasons, once shown, replace the hints until the password is edited (each said once).
  const answered = !!result && !result.ok && !!result.reasons?.length;
  const hints = password && !answered ? passwordHints(password) : [];
  return (
    <form className="auth-form" onSubmit={submit} noValidate aria-busy={busy}>
      <PasswordField
        id={id}
        label="New password"
        name="new-password"
        autoComplete="new-password"
        value={password}
        onChange={(value) => {
          setPassword(value);
          if (answered) setResult(null);
        }}
        hints={hints}
      />
      <AuthFeedback result={result} />
      <button type="submit" className="button button--primary" disabled={busy}>
        {busy ? 'Saving…' : 'Save new password'}
      </button>
    </form>
  );
}
