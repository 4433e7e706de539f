/**
 * The header's night-mode switch: one tap from every screen turns red light on or off. While it
 * is on, a second small button opens the choices: pure red or red-orange, and the brightness
 * (down to an eighth).
 */
import { useId, useState } from 'react';
import { Icon } from '../../ui/Icon.tsx';
import { NIGHT_MIN_BRIGHTNESS } from '../../../core/boot/nightKeys.ts';
import { setNightMode, type NightTint } from './nightMode.ts';
import { NightRedFilter } from './NightRedFilter.tsx';
import { useNightMode } from './useNightMode.ts';

const TINTS: { value: NightTint; label: string }[] = [
  { value: 'red', label: 'Pure red' },
  { value: 'red-orange', label: 'Red-orange' },
];

export function NightModeControl() {
  const mode = useNightMode();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <div className="night-control">
      <NightRedFilter />
      <button
        type="button"
        className="icon-button night-control__toggle"
        aria-pressed={mode.on}
        aria-label="Night mode (red light)"
        title={mode.on ? 'Night mode is on: tap for normal colours' : 'Night mode: red light'}
        onClick={() => {
          setNightMode({ on: !mode.on });
          if (mode.on) setOpen(false);
        }}
      >
        <Icon name="moon" size={20} />
      </button>
      {mode.on && (
        <button
          type="button"
          className="icon-button night-control__more"
          aria-label="Red light settings"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((o) => !o)}
        >
          <Icon name="settings" size={16} />
        </button>
      )}
      {mode.on && open && (
        <div className="night-control__panel" id={panelId} role="group" aria-label="Red light">
          <fieldset className="night-control__tints">
            <legend>Colour</legend>
            {TINTS.map((t) => (
              <label key={t.value}>
                <input
                  type="radio"
                  name={`${panelId}-tint`}
                  value={t.value}
                  checked={mode.tint === t.value}
                  onChange={() => setNightMode({ tint: t.value })}
                />{' '}
                {t.label}
              </label>
            ))}
          </fieldset>
          <label className="night-control__brightness">
            Brightness {Math.round(mode.brightness * 100)} %
            <input
              type="range"
              min={NIGHT_MIN_BRIGHTNESS}
              max={1}
              step={0.025}
              value={mode.brightness}
              onChange={(e) => setNightMode({ brightness: Number(e.target.value) })}
            />
          </label>
        </div>
      )}
    </div>
  );
}
