import type { SpaceWeatherSummary, SummaryValue } from '../../../sync/react/index.ts';
import { formatAge, formatSigned } from '../../lib/format.ts';

interface Tile {
  label: string;
  unit: string;
  value: SummaryValue;
  digits: number;
  /** Bz: the sign is written for north as for south (formatSigned), as on the map's panel. */
  signed?: boolean;
  hint: (v: number) => string;
}

function bzHint(v: number): string {
  if (v <= -10) return 'strongly south: storm conditions likely';
  if (v < 0) return 'south: favours aurora';
  return 'north: little coupling';
}

/** The current space-weather summary as four tiles, each with its own age (a missing value says so, not "0"). */
export function SolarWindNow({ summary, now }: { summary: SpaceWeatherSummary; now: number }) {
  const d = summary.details;
  const tiles: Tile[] = [
    {
      label: 'Kp index',
      unit: '',
      value: d.kpIndex,
      digits: 2,
      hint: (v) =>
        v >= 5 ? `G${Math.min(5, Math.floor(v) - 4)} storm level` : 'below storm level',
    },
    {
      label: 'Solar wind speed',
      unit: 'km/s',
      value: d.solarWindSpeed,
      digits: 0,
      hint: (v) => (v >= 500 ? 'fast' : 'normal'),
    },
    {
      label: 'Density',
      unit: 'p/cm³',
      value: d.solarWindDensity,
      digits: 1,
      hint: (v) => (v >= 10 ? 'dense' : 'typical'),
    },
    {
      label: 'Bz (GSM)',
      unit: 'nT',
      value: d.magneticFieldBz,
      digits: 1,
      signed: true,
      hint: bzHint,
    },
  ];
  return (
    <div className="stat-grid">
      {tiles.map((tile) => {
        const value = tile.value.time !== null ? tile.value.value : null;
        const known = value !== null;
        return (
          <div key={tile.label} className={`stat stat--${tile.value.state ?? 'unknown'}`}>
            <p className="stat__label">{tile.label}</p>
            <p className="stat__value">
              {known
                ? tile.signed
                  ? formatSigned(value, tile.digits)
                  : value.toFixed(tile.digits)
                : '—'}
              {known && tile.unit ? <span className="stat__unit"> {tile.unit}</span> : null}
            </p>
            <p className="stat__meta">
              {known
                ? `${tile.hint(value)} · ${formatAge(now - tile.value.time!)}`
                : 'no data on this device yet'}
              {tile.value.state === 'stale' || tile.value.state === 'frozen' ? ' · stale' : ''}
            </p>
          </div>
        );
      })}
    </div>
  );
}
