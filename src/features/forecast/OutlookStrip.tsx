import { useState } from 'react';
import type { TwentySevenDayOutlookData } from '../../../core/normalise/index.ts';
import { formatUtcDay } from '../../lib/format.ts';
import { gLevel, kpColour, kpInk } from '../../ui/charts/palette.ts';
import { OutlookTable } from './OutlookTable.tsx';

const DAY = 86_400_000;

function level(kp: number): string {
  const g = gLevel(kp);
  return g > 0 ? `G${g}` : kp >= 4 ? 'active' : 'quiet';
}

/**
 * NOAA's 27-day outlook as a calendar strip: one cell per day coloured by the largest Kp expected
 * (the same G-level colours as the Kp timeline), today marked; the full table on demand.
 */
export function OutlookStrip({ data, now }: { data: TwentySevenDayOutlookData; now: number }) {
  const [table, setTable] = useState(false);
  const today = Math.floor(now / DAY) * DAY;
  return (
    <div className="outlook-strip">
      <ol className="outlook-strip__days" aria-label="Largest Kp expected each day (UTC)">
        {data.rows.map((r) => (
          <li
            key={r.day}
            className={`outlook-strip__day${r.day === today ? ' outlook-strip__day--today' : ''}${r.day < today ? ' outlook-strip__day--past' : ''}`}
            style={{ background: kpColour(r.kp), color: kpInk(r.kp) }}
            title={`${formatUtcDay(r.day)}: Kp ${r.kp}, Ap ${r.ap}, 10.7 cm flux ${r.f107}`}
          >
            <span className="outlook-strip__date">{formatUtcDay(r.day)}</span>
            <span className="outlook-strip__kp">Kp {r.kp}</span>
            <span className="outlook-strip__level">
              {r.day === today ? 'today · ' : ''}
              {level(r.kp)}
            </span>
          </li>
        ))}
      </ol>
      <button
        type="button"
        className="time-chart__toggle"
        aria-expanded={table}
        onClick={() => setTable((t) => !t)}
      >
        {table ? 'Hide table' : 'Show as table'}
      </button>
      {table ? <OutlookTable data={data} now={now} /> : null}
    </div>
  );
}
