import type { ChartData } from '../../ui/charts/chartData.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** The timeline's reach either side of its anchor: the week behind, the forecast's three days ahead. */
export const KP_BACK_MS = 7 * DAY;
export const KP_AHEAD_MS = 3 * DAY;
/** Data older than this is "not live": the timeline centres on the newest data, not the clock. */
const LIVE_WITHIN_MS = 6 * HOUR;

export interface KpColumns {
  t: readonly number[];
  kp: readonly (number | null)[];
}

/** Where "now" sits on the timeline: the clock, or the newest Kp when the stored data is old (offline for days). */
export function kpAnchor(newestKp: number | null, now: number): { t: number; label: string } {
  if (newestKp === null || newestKp >= now - LIVE_WITHIN_MS) return { t: now, label: 'now' };
  return { t: newestKp, label: 'latest data' };
}

/**
 * Observed 3-hourly Kp (bars), estimated 1-minute Kp (line) and forecast periods (bars) on one
 * time axis. Bars are `undefined` where a series has no sample (uPlot then sizes bars by their
 * own spacing); the line is null only where its own samples are missing. Forecast periods at or
 * before the newest observed one are dropped: the observation wins.
 */
export function kpTimelineData(
  observed: KpColumns,
  estimated: KpColumns,
  forecast: readonly { t: number; kp: number }[],
): ChartData {
  const lastObserved = observed.t.length > 0 ? observed.t[observed.t.length - 1]! : -Infinity;
  const ahead = forecast.filter((r) => r.t > lastObserved).sort((a, b) => a.t - b.t);
  type Row = { t: number; observed?: number | null; estimated?: number | null; forecast?: number };
  const rows = new Map<number, Row>();
  const row = (t: number) => {
    let r = rows.get(t);
    if (!r) rows.set(t, (r = { t }));
    return r;
  };
  observed.t.forEach((t, i) => (row(t).observed = observed.kp[i] ?? null));
  estimated.t.forEach((t, i) => (row(t).estimated = estimated.kp[i] ?? null));
  for (const f of ahead) row(f.t).forecast = f.kp;
  const sorted = [...rows.values()].sort((a, b) => a.t - b.t);
  return {
    t: sorted.map((r) => r.t),
    columns: {
      observed: sorted.map((r) => r.observed),
      // The line only breaks at its own missing minutes: rows that belong to the bars carry undefined.
      estimated: sorted.map((r) => r.estimated),
      forecast: sorted.map((r) => r.forecast),
    },
  };
}

/**
 * The forecast periods to draw: the Kp forecast product's predicted rows when stored, else the
 * 3-day bulletin's breakdown (periods without a value are left out, not drawn as 0).
 */
export function kpForecastPeriods(
  kpForecastRows: readonly { t: number; kp: number; status: string }[] | null,
  bulletinCells: readonly { start: number; kp: number | null }[] | null,
): { t: number; kp: number }[] {
  const predicted = (kpForecastRows ?? [])
    .filter((r) => r.status === 'predicted')
    .map((r) => ({ t: r.t, kp: r.kp }));
  if (predicted.length > 0) return predicted;
  return (bulletinCells ?? [])
    .filter((c): c is { start: number; kp: number } => typeof c.kp === 'number')
    .map((c) => ({ t: c.start, kp: c.kp }));
}
