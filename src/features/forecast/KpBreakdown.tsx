import type { KpCell, ThreeDayForecastData } from '../../../core/normalise/index.ts';
import { formatUtcDay, formatUtPeriod } from '../../lib/format.ts';

/** The colour class of a Kp value: quiet, unsettled, active, then one per storm level. */
export function kpClass(kp: number | null, g: number): string {
  if (kp === null) return 'kp--none';
  if (g >= 1) return `kp--g${Math.min(5, g)}`;
  if (kp >= 4) return 'kp--active';
  if (kp >= 3) return 'kp--unsettled';
  return 'kp--quiet';
}

/**
 * SWPC's "NOAA Kp index breakdown": three days × eight 3-hour periods, each cell coloured by its
 * storm level, as the forecast bulletin prints it.
 */
export function KpBreakdown({ data }: { data: ThreeDayForecastData }) {
  const byDay = data.days.map((day) =>
    data.kp.filter((c) => c.start >= day && c.start < day + 86_400_000),
  );
  const periods = byDay[0]?.map((c) => c.start - (data.days[0] ?? 0)) ?? [];
  const cell = (dayIndex: number, offset: number): KpCell | undefined =>
    byDay[dayIndex]?.find((c) => c.start - (data.days[dayIndex] ?? 0) === offset);
  return (
    <div className="table-scroll">
      <table className="kp-table">
        <caption className="visually-hidden">
          Forecast Kp for each 3-hour period, by day (UTC)
        </caption>
        <thead>
          <tr>
            <th scope="col">UTC</th>
            {data.days.map((day) => (
              <th scope="col" key={day}>
                {formatUtcDay(day)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {periods.map((offset) => (
            <tr key={offset}>
              <th scope="row">{formatUtPeriod((data.days[0] ?? 0) + offset)}</th>
              {data.days.map((day, i) => {
                const c = cell(i, offset);
                const kp = c?.kp ?? null;
                return (
                  <td key={day} className={`kp-cell ${kpClass(kp, c?.g ?? 0)}`}>
                    {kp === null ? '–' : kp.toFixed(2)}
                    {c && c.g > 0 ? <span className="kp-cell__g"> G{c.g}</span> : null}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
