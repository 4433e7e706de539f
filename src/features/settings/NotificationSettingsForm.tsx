import { useId, useState, type FormEvent } from 'react';
import {
  KP_MAX,
  KP_MIN,
  parseKpThreshold,
  type NotificationSettings,
} from './notificationSettings.ts';

/**
 * Alerts are per device: the threshold is kept in this browser's own database and sent with this
 * browser's push subscription, and the alert sender compares Kp with each subscription's own
 * threshold (supabase/migrations: push_subscriptions.kp_threshold).
 */
const PER_DEVICE =
  'Set for this device: alerts and their threshold are kept per device, so your other devices keep their own.';

/** Push toggle and Kp threshold (default 5). State and side effects come in as props. */
export function NotificationSettingsForm({
  settings,
  busy,
  progress = null,
  error,
  note,
  onPushChange,
  onThresholdChange,
}: {
  settings: NotificationSettings;
  busy: boolean;
  /** While busy: what is happening, in words (subscribing can take seconds). */
  progress?: string | null;
  error: string | null;
  note: string | null;
  onPushChange(on: boolean): void;
  onThresholdChange(kp: number): Promise<void> | void;
}) {
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const [invalid, setInvalid] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const shown = draft ?? String(settings.kpThreshold);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = parseKpThreshold(shown);
    if (!parsed.ok) {
      setInvalid(parsed.message);
      return;
    }
    setInvalid(null);
    await onThresholdChange(parsed.value);
    setDraft(null);
    setSaved(true);
  };

  return (
    <form className="settings-form" onSubmit={save} noValidate>
      <fieldset disabled={busy}>
        <legend>Kp alerts</legend>
        <div className="settings-form__field">
          <label>
            <input
              type="checkbox"
              checked={settings.enablePush}
              onChange={(e) => onPushChange(e.target.checked)}
            />{' '}
            Push notifications when Kp reaches my threshold
          </label>
          {busy && progress ? (
            <p className="settings-form__progress" role="status">
              <span className="page-loading__spinner" aria-hidden="true" />
              {progress}
            </p>
          ) : null}
          {note ? (
            <p className="muted" role="status">
              {note}
            </p>
          ) : null}
          {error ? (
            <p className="settings-form__error" role="alert">
              {error}{' '}
              {settings.enablePush ? null : (
                // Errors while push is off come from turning it on: the same action, once more.
                <button type="button" className="button" onClick={() => onPushChange(true)}>
                  Retry
                </button>
              )}
            </p>
          ) : null}
        </div>
        <div className="settings-form__field">
          <label htmlFor={`${id}-kp`} className="settings-form__label">
            Kp threshold ({KP_MIN}–{KP_MAX})
          </label>
          <p id={`${id}-kp-scope`} className="muted settings-form__hint">
            {PER_DEVICE}
          </p>
          <input
            id={`${id}-kp`}
            type="number"
            inputMode="decimal"
            min={KP_MIN}
            max={KP_MAX}
            step="any"
            value={shown}
            aria-invalid={invalid ? true : undefined}
            aria-describedby={invalid ? `${id}-kp-scope ${id}-kp-error` : `${id}-kp-scope`}
            onChange={(e) => {
              setDraft(e.target.value);
              setSaved(false);
            }}
          />
          <button type="submit" className="button">
            Save threshold
          </button>
          {invalid ? (
            <p id={`${id}-kp-error`} className="settings-form__error" role="alert">
              {invalid}
            </p>
          ) : saved ? (
            <p className="muted" role="status">
              Threshold saved.
            </p>
          ) : null}
        </div>
      </fieldset>
    </form>
  );
}
