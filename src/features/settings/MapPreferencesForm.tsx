import { useId } from 'react';
import type { Preferences } from '../../../core/model.ts';

/** The map preferences (view, style, aurora and clouds on load), applied as they change (each change is one small patch). */
export function MapPreferencesForm({
  preferences,
  onChange,
  disabled = false,
}: {
  preferences: Preferences;
  onChange(patch: Partial<Preferences>): void;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <fieldset className="settings-form" disabled={disabled}>
      <legend>Map preferences</legend>
      <div className="settings-form__field" role="radiogroup" aria-labelledby={`${id}-view`}>
        <span id={`${id}-view`} className="settings-form__label">
          Default map view
        </span>
        <label>
          <input
            type="radio"
            name={`${id}-view`}
            value="3d"
            checked={preferences.defaultMapView === '3d'}
            onChange={() => onChange({ defaultMapView: '3d' })}
          />{' '}
          Globe (3D)
        </label>
        <label>
          <input
            type="radio"
            name={`${id}-view`}
            value="flat"
            checked={preferences.defaultMapView === 'flat'}
            onChange={() => onChange({ defaultMapView: 'flat' })}
          />{' '}
          Flat
        </label>
      </div>
      <div className="settings-form__field">
        <label htmlFor={`${id}-style`} className="settings-form__label">
          Map style
        </label>
        <select
          id={`${id}-style`}
          value={preferences.defaultMapStyle}
          onChange={(e) => onChange({ defaultMapStyle: e.target.value })}
        >
          <option value="dark">Dark</option>
          <option value="light">Light</option>
          {preferences.defaultMapStyle !== 'dark' && preferences.defaultMapStyle !== 'light' ? (
            <option value={preferences.defaultMapStyle}>{preferences.defaultMapStyle}</option>
          ) : null}
        </select>
      </div>
      <div className="settings-form__field">
        <label>
          <input
            type="checkbox"
            checked={preferences.showAuroraOnLoad}
            onChange={(e) => onChange({ showAuroraOnLoad: e.target.checked })}
          />{' '}
          Show the aurora oval when the map opens
        </label>
      </div>
      <div className="settings-form__field">
        <label>
          <input
            type="checkbox"
            checked={preferences.showCloudsOnLoad}
            onChange={(e) => onChange({ showCloudsOnLoad: e.target.checked })}
          />{' '}
          Show clouds when the map opens
        </label>
      </div>
    </fieldset>
  );
}
