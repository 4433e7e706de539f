import type { SolarCycleData } from '../../../workers/normalise/index.ts';
import { formatUtcMonth } from '../../lib/format.ts';

interface Point {
  t: number;
  v: number;
}

function points(data: SolarCycleData | null, column: string, from: number): Point[] {
  if (!data) return [];
  const values = data.columns[column] ?? [];
  const out: Point[] = [];
  data.t.forEach((t, i) => {
    const v = values[i];
    if (t >= from && typeof v === 'number' && v >= 0) out.push({ t, v });
  });
  return out;
}

/** The sunspot number since 2008 (observed, smoothed) and NOAA's prediction, as one small SVG. */
export function SolarCycleSummary({ observed, predicted }: { observed: SolarCycleData | null; predicted: SolarCycleData | null }) {
  const from = Date.UTC(2008, 0, 1);
  const monthly = points(observed, 'ssn', from);
  const smoothed = points(observed, 'smoothedSsn', from);
  // The prediction runs decades ahead; six years past the last observation keeps the cycle readable.
  const lastObserved = monthly.at(-1)?.t ?? smoothed.at(-1)?.t ?? Date.now();
  const forecast = points(predicted, 'predictedSsn', from).filter((p) => p.t <= lastObserved + 6 * 365.25 * 86_400_000);
  const all = [...monthly, ...smoothed, ...forecast];
  if (all.length === 0) return null;
  const t0 = Math.min(...all.map((p) => p.t));
  const t1 = Math.max(...all.map((p) => p.t));
  const vMax = Math.max(50, ...all.map((p) => p.v));
  const W = 640;
  const H = 180;
  const x = (t: number) => ((t - t0) / Math.max(1, t1 - t0)) * W;
  const y = (v: number) => H - (v / vMax) * (H - 10);
  const path = (ps: Point[]) => ps.map((p, i) => `${i === 0 ? 'M' : 'L'}${x(p.t).toFixed(1)},${y(p.v).toFixed(1)}`).join('');
  const latest = monthly.at(-1);
  const latestSmoothed = smoothed.at(-1);
  return (
    <figure className="cycle">
      <svg viewBox={`0 0 ${W} ${H}`} className="cycle__chart" role="img" aria-label="Sunspot number since 2008, observed and predicted">
        <path d={path(monthly)} className="cycle__monthly" />
        <path d={path(smoothed)} className="cycle__smoothed" />
        <path d={path(forecast)} className="cycle__predicted" />
      </svg>
      <figcaption className="cycle__legend">
        <span className="cycle__key cycle__key--monthly">Monthly sunspot number</span>
        <span className="cycle__key cycle__key--smoothed">Smoothed</span>
        <span className="cycle__key cycle__key--predicted">NOAA prediction</span>
        <span>
          {formatUtcMonth(t0)} – {formatUtcMonth(t1)}
        </span>
      </figcaption>
      {latest ? (
        <p className="cycle__latest">
          Latest month: <strong>{latest.v.toFixed(1)}</strong> ({formatUtcMonth(latest.t)})
          {latestSmoothed ? (
            <>
              ; smoothed <strong>{latestSmoothed.v.toFixed(1)}</strong> ({formatUtcMonth(latestSmoothed.t)})
            </>
          ) : null}
          .
        </p>
      ) : null}
    </figure>
  );
}
