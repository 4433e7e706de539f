import { useId, useState } from 'react';
import { formatAge } from '../../lib/format.ts';
import {
  latestPoint,
  missingShare,
  seriesMissingShare,
  type ChartData,
  type TimeWindow,
} from './chartData.ts';
import { formatValue } from './chartOptions.ts';
import type { ChartSpec } from './chartSpec.ts';
import type { Clock } from '../../lib/clock.ts';
import { formatChartTime } from './chartTime.ts';

/** A table of a week of minutes would be 10,000 rows: it shows at most this many, evenly spaced. */
const MAX_TABLE_ROWS = 120;

/**
 * How much is missing, in words. Series that declare their own coverage (chartSpec.ts) are each
 * counted over the part of the range they claim, so the caption speaks for every series drawn;
 * the others count together, a time present when any of them has a value.
 */
function missingText(
  spec: ChartSpec,
  data: ChartData,
  window: TimeWindow,
  split: number,
  now: number,
): string {
  const own = spec.series.filter((s) => s.coverage);
  if (own.length === 0) {
    const missing = Math.round(
      100 *
        missingShare(
          data,
          spec.series.map((s) => s.key),
          window,
          spec.cadenceMs,
          now,
        ),
    );
    return missing > 0
      ? `${missing} % of this range is missing.`
      : 'Nothing missing in this range.';
  }
  const parts = own
    .map((s) => ({
      label: s.label,
      missing: Math.round(100 * seriesMissingShare(data, s.key, s.coverage!, window, split, now)),
    }))
    .filter((p) => p.missing > 0);
  return parts.length === 0
    ? 'Nothing missing in this range.'
    : `Missing in this range: ${parts.map((p) => `${p.label} ${p.missing} %`).join(', ')}.`;
}

/** "Bz −3.2 nT, Bt 5.1 nT at 23 Nov, 17:55 UTC (3 min ago). 4 % of this range is missing." */
function chartCaption(
  spec: ChartSpec,
  data: ChartData,
  window: TimeWindow,
  now: number,
  clock: Clock,
  split: number,
): string {
  const latest = spec.series
    .map((s) => ({ s, p: latestPoint(data, s.key) }))
    .filter(
      (x): x is { s: (typeof spec.series)[number]; p: { t: number; value: number } } =>
        x.p !== null && x.p.t <= now,
    );
  if (latest.length === 0) return `${spec.title}: no data stored for this range.`;
  const newest = Math.max(...latest.map((x) => x.p.t));
  const values = latest
    .filter((x) => x.p.t === newest)
    .map((x) => `${x.s.label} ${formatValue(x.p.value, x.s)}`);
  return `${spec.title}: ${values.join(', ')} at ${formatChartTime(newest, clock, spec.timeStep)} (${formatAge(now - newest)}). ${missingText(spec, data, window, split, now)}`;
}

/** Row indices for the table: newest first, at most MAX_TABLE_ROWS, only rows with a value. */
export function tableRows(spec: ChartSpec, data: ChartData, max = MAX_TABLE_ROWS): number[] {
  const present: number[] = [];
  for (let i = data.t.length - 1; i >= 0; i--)
    if (spec.series.some((s) => typeof data.columns[s.key]?.[i] === 'number')) present.push(i);
  if (present.length <= max) return present;
  const step = present.length / max;
  return Array.from({ length: max }, (_, k) => present[Math.floor(k * step)]!);
}

/** The chart as words: the latest values with their age, the missing share, and the data as a table on demand. */
export function ChartTextAlternative({
  spec,
  data,
  window,
  now,
  clock,
  split = now,
}: {
  spec: ChartSpec;
  data: ChartData;
  window: TimeWindow;
  now: number;
  clock: Clock;
  /** Where the range turns from what was measured to what is forecast (the chart's marker): now unless said. */
  split?: number;
}) {
  const [open, setOpen] = useState(false);
  const tableId = useId();
  const rows = open ? tableRows(spec, data) : [];
  return (
    <div className="time-chart__text">
      <p className="time-chart__caption">{chartCaption(spec, data, window, now, clock, split)}</p>
      <button
        type="button"
        className="time-chart__toggle"
        aria-expanded={open}
        aria-controls={tableId}
        onClick={() => setOpen((o) => !o)}
      >
        {open ? 'Hide table' : 'Show as table'}
      </button>
      {open ? (
        <div className="table-scroll" id={tableId}>
          <table className="time-chart__table">
            <caption>
              {spec.title}, newest first
              {rows.length === MAX_TABLE_ROWS ? ' (evenly spaced samples)' : ''}
            </caption>
            <thead>
              <tr>
                <th scope="col">Time</th>
                {spec.series.map((s) => (
                  <th scope="col" key={s.key}>
                    {s.unit ? `${s.label} (${s.unit})` : s.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((i) => (
                <tr key={data.t[i]}>
                  <th scope="row">{formatChartTime(data.t[i]!, clock, spec.timeStep)}</th>
                  {spec.series.map((s) => (
                    <td key={s.key}>
                      {formatValue(data.columns[s.key]?.[i], { digits: s.digits, unit: '' })}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}
