import type { KpForecastRow } from '../../../core/normalise/index.ts';
import { formatUtcDay, formatUtPeriod } from '../../lib/format.ts';
import { kpClass } from './KpBreakdown.tsx';

const STATUS_WORD: Record<KpForecastRow['status'], string> = {
  observed: 'observed',
  estimated: 'estimated',
  predicted: 'forecast',
};

/** The Kp forecast product's 3-hour periods from now on, each as a bar out of Kp 9. */
export function KpForecastBars({ rows }: { rows: readonly KpForecastRow[] }) {
  return (
    <div className="table-scroll">
      <table className="outlook-table">
        <caption className="visually-hidden">
          Kp for each 3-hour period (UTC): observed, estimated and forecast
        </caption>
        <thead>
          <tr>
            <th scope="col">Period (UTC)</th>
            <th scope="col">Kp</th>
            <th scope="col">Kind</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.t}>
              <th scope="row">
                {formatUtcDay(r.t)} {formatUtPeriod(r.t)}
              </th>
              <td>
                <span className="outlook-bar" aria-hidden="true">
                  <span
                    className={`outlook-bar__fill ${kpClass(r.kp, r.g)}`}
                    style={{ width: `${(r.kp / 9) * 100}%` }}
                  />
                </span>
                {r.kp.toFixed(2)}
                {r.g > 0 ? <span className="kp-cell__g"> G{r.g}</span> : null}
              </td>
              <td>{STATUS_WORD[r.status]}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
