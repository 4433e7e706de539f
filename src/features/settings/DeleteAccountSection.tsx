import './settings.css';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { MSG } from '../../auth/authMessages.ts';
import type { AuthResult } from '../../auth/useAuth.ts';
import { showToast } from '../../lib/toast.ts';

/**
 * Settings' "Delete account": a first press only opens a confirm step that says what goes; the
 * deletion happens on the second, explicit press. On success the user is signed out, sent home,
 * and told so.
 */
export function DeleteAccountSection({
  onDelete,
  offline,
}: {
  onDelete(): Promise<AuthResult>;
  offline: boolean;
}) {
  const id = useId();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const remove = async () => {
    setBusy(true);
    setError(null);
    const result = await onDelete();
    setBusy(false);
    if (!result.ok) {
      setError(result.message);
      return;
    }
    // The map opens next and says nothing of the account: the toast does.
    showToast(MSG.accountDeleted, 'success');
    void navigate('/', { replace: true });
  };

  return (
    <section className="card settings-section settings-danger" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="settings-danger__title">
        Delete account
      </h2>
      {!confirming ? (
        <>
          <p className="muted">Removes your account from Aurora for good.</p>
          <button type="button" className="button" onClick={() => setConfirming(true)}>
            Delete account…
          </button>
        </>
      ) : (
        <div
          role="group"
          aria-label="Confirm account deletion"
          className="settings-danger__confirm"
        >
          <p>
            <strong>This cannot be undone.</strong> Your account, your saved map preferences on the
            server and your Kp alert subscriptions are deleted, and you are signed out on every
            device. This device keeps its own map settings from before you signed in.
          </p>
          <div className="settings-danger__actions">
            <button
              type="button"
              className="button button--danger"
              onClick={() => void remove()}
              disabled={busy || offline}
            >
              {busy ? 'Deleting…' : 'Yes, delete my account'}
            </button>
            <button
              type="button"
              className="button"
              onClick={() => setConfirming(false)}
              disabled={busy}
            >
              Keep my account
            </button>
          </div>
          {offline ? (
            <p className="muted">You are offline — deleting your account needs a connection.</p>
          ) : null}
        </div>
      )}
      {error ? (
        <p className="settings-form__error" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}
