/**
 * "Best tonight: 22:30–01:00 — 35 % overhead, clear, moon down": tonight at the user's place from
 * local data only (core/tonight), with the age of each input. Tapping it opens the half hours with
 * their GO / MAYBE / NO and reasons. Loaded as its own chunk after the map's first paint, so the
 * verdict code (core/tonight + suncalc, ~7 KB gzip) is never part of `/`'s first load.
 */
import { useEffect, useMemo, useState } from 'react';
import { computeVerdict, type Verdict } from '../../../../core/tonight/verdict.ts';
import { formatVerdictLine } from '../../../../core/tonight/formatVerdictLine.ts';
import { magneticCoordinates } from '../../../../core/tonight/magneticCoordinates.ts';
import { useProduct, type StoredWeather } from '../../../../sync/react/index.ts';
import { useKeepNight } from '../../../../sync/react/useNights.ts';
import { nightRecordOf } from '../../../../core/tonight/nightRecord.ts';
import type { GridSnapshot } from '../../../../core/model.ts';
import { tonightInputs, type KpForecastProduct } from '../../../../core/tonight/tonightInputs.ts';
import './TonightVerdict.css';
import { ForecastHourStatus, forecastPositionText } from '../forecastHour.tsx';
import { clockLabel, type Clock } from '../../../lib/clock.ts';
import { formatAge, formatClockTime } from '../../../lib/format.ts';

/**
 * The slider's forecast-hour words ride in this chunk (and in the cloud layer's, cloudLayer.ts):
 * they are needed only once there are forecast hours, never for `/`'s first paint.
 */
export const forecastHour = { ForecastHourStatus, forecastPositionText };

/** The verdict's magnetic coordinates, for the map's "your location" line: one set of coordinates for both. */
export const magnetic = magneticCoordinates;

export interface TonightVerdictProps {
  place: { lat: number; lon: number };
  placeName: string;
  /** The saved place's id, or null for the position shared on this device (tonight's record is kept under it). */
  placeId?: string | null;
  ovation: GridSnapshot | null;
  weather: StoredWeather | null;
  now: number;
  /** The screen's one clock (src/lib/clock.ts): the verdict's times are written in it, with its zone. */
  clock: Clock;
}

/**
 * core/tonight writes the line's clock times in the zone it is given but names no zone; the
 * screen's clock is known here, so its label goes after the first time range ("22:30–01:00
 * UTC+1"), and the line reads in the same labelled zone as every other time on the screen.
 */
function withZone(line: string, clock: Clock, at: number): string {
  return line.replace(/\d{2}:\d{2}–\d{2}:\d{2}/, (range) => `${range} ${clockLabel(at, clock)}`);
}

function ageText(name: string, a: Verdict['inputs']['ovation']): string {
  if (a.ageMs === null) return `${name}: none stored`;
  // A replay's times are moved to the present: its age is real, its sky is a sample.
  return `${name} ${formatAge(a.ageMs)}${a.replay ? ' (a replayed sample, not today’s forecast)' : ''}`;
}

export default function TonightVerdict({
  place,
  placeName,
  placeId,
  ovation,
  weather,
  now,
  clock,
}: TonightVerdictProps) {
  const kp = useProduct<KpForecastProduct>('kp-forecast');
  const [open, setOpen] = useState(false);
  const result = useMemo((): { verdict: Verdict; line: string } | { error: string } => {
    try {
      const started = performance.now();
      const verdict = computeVerdict(
        tonightInputs({
          place,
          now,
          ovation,
          kpForecast: kp.data,
          weather,
        }),
      );
      const line = withZone(
        formatVerdictLine(verdict, { timeZone: clock.timeZone }),
        clock,
        verdict.best?.from ?? now,
      );
      performance.measure?.('verdict:compute', { start: started, end: performance.now() });
      return { verdict, line };
    } catch (e) {
      return { error: e instanceof Error ? e.message : String(e) };
    }
  }, [place, now, ovation, kp.data, weather, clock]);

  // Each night's verdict is kept (and later scored against what OVATION saw), the one shown last
  // before its hours began (core/tonight/nightRecord.ts).
  const keep = useKeepNight();
  useEffect(() => {
    if ('error' in result) return;
    keep(
      nightRecordOf(result.verdict, result.line, { id: placeId ?? null, name: placeName }, now),
    ).catch(() => {
      // Not kept this time (storage full, database closing): the next verdict tries again.
    });
  }, [result, keep, placeId, placeName, now]);

  if ('error' in result) {
    return (
      <p className="tonight tonight--error" role="alert" data-testid="tonight-verdict">
        Tonight’s verdict could not be worked out: {result.error}
      </p>
    );
  }
  const { verdict, line } = result;
  const level = verdict.best?.level ?? 'NO';
  return (
    <section
      className="tonight"
      aria-label={`Tonight at ${placeName}`}
      data-testid="tonight-verdict"
      data-level={level}
    >
      <button
        type="button"
        className={`tonight__line tonight__line--${level.toLowerCase()}`}
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
      >
        {line}
      </button>
      <p className="tonight__ages" data-testid="tonight-ages">
        {placeName}: {ageText('aurora map', verdict.inputs.ovation)} ·{' '}
        {ageText('Kp forecast', verdict.inputs.kpForecast)} ·{' '}
        {ageText('clouds', verdict.inputs.clouds)}
        {weather && ' · Weather data from MET Norway'}
      </p>
      {open && (
        <ol className="tonight__slots" aria-label="Tonight, half hour by half hour">
          {verdict.slots.map((s) => (
            <li key={s.start} className={`tonight__slot tonight__slot--${s.level.toLowerCase()}`}>
              <span className="tonight__time">{formatClockTime(s.start, clock)}</span>
              <strong className="tonight__level">{s.level}</strong>
              <span className="tonight__reasons">
                {s.reasons.length
                  ? s.reasons.map((r) => r.text).join(', ')
                  : 'dark, aurora in reach, clear'}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
