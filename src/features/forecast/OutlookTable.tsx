import type { TwentySevenDayOutlookData } from '../../../core/normalise/index.ts';
import { formatUtcDay } from '../../lib/format.ts';
import { kpClass } from './KpBreakdown.tsx';

/** NOAA's 27-day outlook: radio flux, Ap and the largest Kp expected each day. */
export function OutlookTable({ data, now }: { data: TwentySevenDayOutlookData; now: number }) {
  const today = Math.floor(now / 86_400_000) * 86_400_000;
  const rows = data.rows.filter((r) => r.day >= today);
  const shown = rows.length > 0 ? rows : data.rows;
  return (
    <div className="table-scroll">
      <table className="outlook-table">
        <thead>
          <tr>
            <th scope="col">Day (UTC)</th>
            <th scope="col">Largest Kp</th>
            <th scope="col">Ap</th>
            <th scope="col">10.7 cm flux</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((r) => (
            <tr key={r.day}>
              <th scope="row">{formatUtcDay(r.day)}</th>
              <td>
                <span className="outlook-bar" aria-hidden="true">
                  <span
                    className={`outlook-bar__fill ${kpClass(r.kp, r.kp >= 5 ? r.kp - 4 : 0)}`}
                    style={{ width: `${(r.kp / 9) * 100}%` }}
                  />
                </span>
                {r.kp}
              </td>
              <td>{r.ap}</td>
              <td>{r.f107}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
