import { useId, useState, type FormEvent } from 'react';
import {
  KP_MAX,
  KP_MIN,
  parseKpThreshold,
  type NotificationSettings,
} from './notificationSettings.ts';

/** Push toggle and Kp threshold (default 5). State and side effects come in as props. */
export function NotificationSettingsForm({
  settings,
  busy,
  error,
  note,
  onPushChange,
  onThresholdChange,
}: {
  settings: NotificationSettings;
  busy: boolean;
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
          <input
            id={`${id}-kp`}
            type="number"
            inputMode="decimal"
            min={KP_MIN}
            max={KP_MAX}
            step="any"
            value={shown}
            aria-invalid={invalid ? true : undefined}
            aria-describedby={invalid ? `${id}-kp-error` : undefined}
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
