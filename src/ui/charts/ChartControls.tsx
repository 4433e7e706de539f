import type { ChartTimeZone } from './chartTime.ts';

/** A row of mutually exclusive buttons (range, clock), each saying whether it is the chosen one. */
export function ChoiceGroup<T extends string>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: readonly { value: T; label: string }[];
  value: T;
  onChange: (v: T) => void;
}) {
  return (
    <div className="chart-controls__group" role="group" aria-label={label}>
      {options.map((o) => (
        <button
          key={o.value}
          type="button"
          aria-pressed={o.value === value}
          onClick={() => onChange(o.value)}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}

const ZONES = [
  { value: 'local', label: 'Local time' },
  { value: 'utc', label: 'UTC' },
] as const;

/** The local-time / UTC switch of the one clock every time on screen is written in (src/lib/clock.ts). */
export function TimeZoneChoice({
  zone,
  onChange,
}: {
  zone: ChartTimeZone;
  onChange: (z: ChartTimeZone) => void;
}) {
  return <ChoiceGroup label="Times in" options={ZONES} value={zone} onChange={onChange} />;
}
