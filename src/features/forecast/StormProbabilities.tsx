import type {
  ThreeDayForecastData,
  ThreeDayGeomagForecastData,
} from '../../../core/normalise/index.ts';
import { formatUtcDay } from '../../lib/format.ts';

interface Row {
  label: string;
  values: readonly (number | undefined)[];
  tone: string;
}

function ProbabilityTable({
  caption,
  days,
  rows,
}: {
  caption: string;
  days: readonly number[];
  rows: readonly Row[];
}) {
  return (
    <div className="table-scroll">
      <table className="outlook-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Chance of</th>
            {days.map((d) => (
              <th scope="col" key={d}>
                {formatUtcDay(d)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label}>
              <th scope="row">{row.label}</th>
              {days.map((d, i) => {
                const v = row.values[i];
                return (
                  <td key={d}>
                    {v === undefined ? (
                      '–'
                    ) : (
                      <>
                        <span className="outlook-bar" aria-hidden="true">
                          <span
                            className={`outlook-bar__fill ${row.tone}`}
                            style={{ width: `${Math.max(0, Math.min(100, v))}%` }}
                          />
                        </span>
                        {v}%
                      </>
                    )}
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

/**
 * NOAA's storm probabilities for the next three days: geomagnetic activity from the geomagnetic
 * forecast, solar radiation storms and radio blackouts from the 3-day forecast bulletin. Each part
 * is shown only when its product is stored and carries the table.
 */
export function StormProbabilities({
  geomag,
  threeDay,
}: {
  geomag: ThreeDayGeomagForecastData | null;
  threeDay: ThreeDayForecastData | null;
}) {
  const p = geomag?.probabilities ?? null;
  const radiation = threeDay?.solarRadiation ?? null;
  const blackout = threeDay?.radioBlackout ?? null;
  return (
    <>
      {p ? (
        <ProbabilityTable
          caption="Geomagnetic storms (aurora further from the poles)"
          days={p.days}
          rows={[
            { label: 'Active (Kp 4)', values: p.active, tone: 'kp--active' },
            { label: 'Minor storm (G1)', values: p.minorStorm, tone: 'kp--g1' },
            { label: 'Moderate storm (G2)', values: p.moderateStorm, tone: 'kp--g2' },
            { label: 'Strong–extreme storm (G3+)', values: p.strongExtremeStorm, tone: 'kp--g3' },
          ]}
        />
      ) : null}
      {radiation ? (
        <ProbabilityTable
          caption="Solar radiation storms"
          days={radiation.days}
          rows={[{ label: 'Radiation storm (S1+)', values: radiation.s1OrGreater, tone: 'kp--g1' }]}
        />
      ) : null}
      {blackout ? (
        <ProbabilityTable
          caption="Radio blackouts (HF radio on the day side)"
          days={blackout.days}
          rows={[
            { label: 'Radio blackout (R1–R2)', values: blackout.r1r2, tone: 'kp--active' },
            { label: 'Radio blackout (R3+)', values: blackout.r3OrGreater, tone: 'kp--g3' },
          ]}
        />
      ) : null}
    </>
  );
}
