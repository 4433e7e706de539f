import type { FeedStatus } from '../../../core/model.ts';
import type {
  ThreeDayForecastData,
  ThreeDayGeomagForecastData,
} from '../../../core/normalise/index.ts';
import { formatTime, formatUtcDay } from '../../lib/format.ts';
import type { Clock } from '../../lib/clock.ts';
import { FeedAge } from '../../ui/FeedAge.tsx';

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

/** A stored product with the time SWPC issued it and its feed row, for its own age. */
export interface IssuedProduct<T> {
  data: T;
  issued: number;
  status: FeedStatus | null;
}

/** "NOAA's Geomagnetic Forecast, issued 14 Sept 2024, 22:05 UTC · Stale · issued 802 days ago". */
function IssuedBy({
  name,
  product,
  now,
  clock,
}: {
  name: string;
  product: IssuedProduct<unknown>;
  now: number;
  clock: Clock;
}) {
  return (
    <p className="storm-source muted small">
      From NOAA’s {name}, issued {formatTime(product.issued, clock)} ·{' '}
      <FeedAge status={product.status} now={now} dataTime={product.issued} label="issued" />
    </p>
  );
}

/**
 * NOAA's storm probabilities: geomagnetic activity from the geomagnetic forecast, solar radiation
 * storms and radio blackouts from the 3-day forecast bulletin — two products issued at different
 * times (22:05 UTC daily; 00:30 and 12:30 UTC), so each part says which product it comes from,
 * when that was issued and how old it is, over its own dates. Each part is shown only when its
 * product is stored and carries the table.
 */
export function StormProbabilities({
  geomag,
  threeDay,
  now,
  clock,
}: {
  geomag: IssuedProduct<ThreeDayGeomagForecastData> | null;
  threeDay: IssuedProduct<ThreeDayForecastData> | null;
  now: number;
  clock: Clock;
}) {
  const p = geomag?.data.probabilities ?? null;
  const radiation = threeDay?.data.solarRadiation ?? null;
  const blackout = threeDay?.data.radioBlackout ?? null;
  return (
    <>
      {geomag && p ? (
        <div className="storm-part" data-testid="storm-geomagnetic">
          <IssuedBy name="Geomagnetic Forecast" product={geomag} now={now} clock={clock} />
          <ProbabilityTable
            caption="Geomagnetic storms at mid latitudes: the chance that planetary Kp reaches each level"
            days={p.days}
            rows={[
              { label: 'Active (Kp 4)', values: p.active, tone: 'kp--active' },
              { label: 'Minor storm (G1)', values: p.minorStorm, tone: 'kp--g1' },
              { label: 'Moderate storm (G2)', values: p.moderateStorm, tone: 'kp--g2' },
              { label: 'Strong–extreme storm (G3+)', values: p.strongExtremeStorm, tone: 'kp--g3' },
            ]}
          />
          {/* The levels are NOAA's G scale, defined by the planetary Kp index; Kp is derived from 13
              observatories between 44° and 60° geomagnetic latitude (Matzka et al. 2021, "The
              geomagnetic Kp index and derived indices of geomagnetic activity", Space Weather 19,
              e2020SW002641). So the chances are for that band, not for the auroral zone. */}
          <p className="muted small">
            These chances are for the planetary Kp index, which is measured at mid latitudes
            (44°–60° geomagnetic latitude). Nearer the auroral oval, at high latitudes, active and
            storm levels come more often than these numbers say.
          </p>
        </div>
      ) : null}
      {threeDay && (radiation || blackout) ? (
        <div className="storm-part" data-testid="storm-radiation-radio">
          <IssuedBy name="3-Day Forecast" product={threeDay} now={now} clock={clock} />
          {radiation ? (
            <ProbabilityTable
              caption="Solar radiation storms"
              days={radiation.days}
              rows={[
                { label: 'Radiation storm (S1+)', values: radiation.s1OrGreater, tone: 'kp--g1' },
              ]}
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
        </div>
      ) : null}
    </>
  );
}
