import type { SolarCycleData } from '../../../core/normalise/index.ts';
import type { ChartData, TimeWindow } from '../../ui/charts/chartData.ts';

/** The chart starts with cycle 24's rise. */
export const CYCLE_FROM = Date.UTC(2008, 0, 1);
/** The prediction runs decades ahead; six years past the last observation keeps the cycle readable. */
const AHEAD_MS = 6 * 365.25 * 86_400_000;

function present(v: number | null | undefined): number | null {
  // SWPC writes -1 for "not yet available": that is missing, not a sunspot number.
  return typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : null;
}

/** Observed monthly and smoothed sunspot numbers and NOAA's prediction on one monthly time axis, with the window to show. */
export function solarCycleData(
  observed: SolarCycleData | null,
  predicted: SolarCycleData | null,
): { data: ChartData; window: TimeWindow } {
  const rows = new Map<
    number,
    { ssn: number | null; smoothed: number | null; predicted: number | null }
  >();
  const row = (t: number) => {
    let r = rows.get(t);
    if (!r) rows.set(t, (r = { ssn: null, smoothed: null, predicted: null }));
    return r;
  };
  let lastObserved = CYCLE_FROM;
  observed?.t.forEach((t, i) => {
    if (t < CYCLE_FROM) return;
    const ssn = present(observed.columns.ssn?.[i]);
    const smoothed = present(observed.columns.smoothedSsn?.[i]);
    if (ssn === null && smoothed === null) return;
    const r = row(t);
    r.ssn = ssn;
    r.smoothed = smoothed;
    if (ssn !== null) lastObserved = Math.max(lastObserved, t);
  });
  const until = lastObserved + AHEAD_MS;
  predicted?.t.forEach((t, i) => {
    const v = present(predicted.columns.predictedSsn?.[i]);
    if (t < CYCLE_FROM || t > until || v === null) return;
    row(t).predicted = v;
  });
  const t = [...rows.keys()].sort((a, b) => a - b);
  const data: ChartData = {
    t,
    columns: {
      ssn: t.map((x) => rows.get(x)!.ssn),
      smoothed: t.map((x) => rows.get(x)!.smoothed),
      predicted: t.map((x) => rows.get(x)!.predicted),
    },
  };
  return { data, window: { from: t[0] ?? CYCLE_FROM, to: t.at(-1) ?? until } };
}
