import './auth.css';
import type { AuthResult } from '../../auth/useAuth.ts';

/** The outcome of an auth action: an error with the server's weak-password reasons, or a note. */
export function AuthFeedback({ result }: { result: AuthResult | null }) {
  if (!result) return null;
  if (result.ok) {
    return result.message ? (
      <p className="auth-form__note" role="status">
        {result.message}
      </p>
    ) : null;
  }
  return (
    <div className="auth-form__error" role="alert">
      <p>{result.message}</p>
      {result.reasons && result.reasons.length > 0 ? (
        <ul aria-label="Why the password was rejected">
          {result.reasons.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
