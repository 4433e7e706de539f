import { QuietHoursField } from './QuietHoursField.tsx';
import { useKpAlertOptions } from './useKpAlertOptions.ts';
import type { PlaceAlertOptions } from './usePlaceAlert.ts';
import './alerts.css';

/**
 * Settings: the Kp alert's all-clear and quiet hours (its threshold is the form above). Shown
 * while this device has a Kp alert, that is while push is on.
 */
export function KpAlertOptions({
  revision,
  options,
}: {
  /** Changes when the push toggle or the threshold rewrote the rule. */
  revision: string;
  options?: Pick<PlaceAlertOptions, 'store' | 'pushDeps'>;
}) {
  const a = useKpAlertOptions(revision, options);
  if (!a.choice) return null;
  const choice = a.choice;
  return (
    <fieldset className="place-alert" disabled={a.busy}>
      <legend className="place-alert__legend">When a Kp alert ends, and when to stay quiet</legend>
      <label>
        <input
          type="checkbox"
          checked={choice.allClear}
          onChange={(e) => void a.change({ ...choice, allClear: e.target.checked })}
        />{' '}
        Tell me when the storm is over (“all clear”)
      </label>
      <QuietHoursField
        quiet={choice.quiet}
        timeZone={a.timeZone}
        onChange={(quiet) => void a.change({ ...choice, quiet })}
      />
      <p className="muted">
        Alerts for a saved place (“aurora likely visible from here now”) are set beside the place on
        the map.
      </p>
      {a.error ? (
        <p className="settings-form__error" role="alert">
          {a.error}
        </p>
      ) : null}
    </fieldset>
  );
}
