import { useId } from 'react';
import type { ChartTimeZone } from '../../ui/charts/chartTime.ts';

/**
 * The one clock every time on screen is written in (src/lib/clock.ts): the local time of the place
 * in use (the default) or UTC. A choice of this device, like the charts' own switch, which sets
 * the same thing.
 */
export function ClockSettingForm({
  value,
  onChange,
}: {
  value: ChartTimeZone;
  onChange(value: ChartTimeZone): void;
}) {
  const id = useId();
  return (
    <fieldset className="settings-form">
      <legend>Times</legend>
      <div className="settings-form__field" role="radiogroup" aria-labelledby={`${id}-clock`}>
        <span id={`${id}-clock`} className="settings-form__label">
          Show every time in
        </span>
        <label>
          <input
            type="radio"
            name={`${id}-clock`}
            value="local"
            checked={value === 'local'}
            onChange={() => onChange('local')}
          />{' '}
          Local time at the place you look at (its zone shown beside each time)
        </label>
        <label>
          <input
            type="radio"
            name={`${id}-clock`}
            value="utc"
            checked={value === 'utc'}
            onChange={() => onChange('utc')}
          />{' '}
          UTC (the space-weather agencies’ clock)
        </label>
      </div>
      <p className="muted">Kept on this device.</p>
    </fieldset>
  );
}
