import { useId } from 'react';

export interface QuietHoursChoice {
  /** Local clock times "HH:MM"; `from` after `to` spans midnight. */
  from: string;
  to: string;
}

/** The usual night's sleep: what the box offers when quiet hours are first turned on. */
const DEFAULT_QUIET: QuietHoursChoice = { from: '23:00', to: '06:00' };

/** Quiet hours on a named clock: a box to turn them on, and their two times. */
export function QuietHoursField({
  quiet,
  timeZone,
  onChange,
}: {
  quiet: QuietHoursChoice | null;
  /** The IANA zone the times are read in; null while it is being worked out. */
  timeZone: string | null;
  onChange(next: QuietHoursChoice | null): void;
}) {
  const id = useId();
  const shown = quiet ?? DEFAULT_QUIET;
  return (
    <>
      <label>
        <input
          type="checkbox"
          checked={quiet !== null}
          onChange={(e) => onChange(e.target.checked ? shown : null)}
        />{' '}
        Quiet hours{timeZone ? ` (${timeZone} time)` : ''}: nothing arrives inside them; an alert
        still true when they end arrives then
      </label>
      {quiet ? (
        <span className="place-alert__quiet">
          <label htmlFor={`${id}-from`}>From</label>{' '}
          <input
            id={`${id}-from`}
            type="time"
            value={quiet.from}
            onChange={(e) => e.target.value && onChange({ ...quiet, from: e.target.value })}
          />{' '}
          <label htmlFor={`${id}-to`}>to</label>{' '}
          <input
            id={`${id}-to`}
            type="time"
            value={quiet.to}
            onChange={(e) => e.target.value && onChange({ ...quiet, to: e.target.value })}
          />
        </span>
      ) : null}
    </>
  );
}
