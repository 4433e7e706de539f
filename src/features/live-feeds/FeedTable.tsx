import type { FeedStatus } from '../../../core/model.ts';
import { liveFeedState } from '../../../core/products/freshness.ts';
import { formatAge, formatTime } from '../../lib/format.ts';
import type { Clock } from '../../lib/clock.ts';

const NAMES: Record<string, string> = {
  'kp-index': 'Planetary Kp (3-hourly)',
  'aurora-oval': 'OVATION aurora forecast',
  'aurora-nowcast-hemi-power': 'Hemispheric power',
  'solar-wind': 'Solar wind plasma',
  'magnetic-field': 'Interplanetary magnetic field',
  'three-day-forecast': '3-day forecast',
  'three-day-geomag-forecast': '3-day geomagnetic forecast',
  'observed-solar-cycle': 'Solar cycle (observed)',
  'predicted-solar-cycle': 'Solar cycle (predicted)',
  'icao-advisories': 'ICAO space weather advisories',
  alerts: 'Alerts, watches and warnings',
  'kp-1m': 'Estimated Kp (1-minute)',
  'kp-forecast': 'Kp forecast',
  'twenty-seven-day-outlook': '27-day outlook',
  'sdo-images': 'SDO solar images',
  'kp-gfz': 'Kp, GFZ Potsdam',
};

/**
 * Every upstream product: its state (judged at `now` from the row's times, never the word the
 * poller stored when it last polled), how old its data is, and the last error in words.
 */
export function FeedTable({
  feeds,
  now,
  clock,
}: {
  feeds: readonly FeedStatus[];
  now: number;
  clock: Clock;
}) {
  return (
    <div className="table-scroll">
      <table className="feed-table">
        <thead>
          <tr>
            <th scope="col">Product</th>
            <th scope="col">State</th>
            <th scope="col">Newest data</th>
            <th scope="col">Last update</th>
          </tr>
        </thead>
        <tbody>
          {feeds.map((f) => {
            const state = liveFeedState(f, now);
            return (
              <tr key={f.id}>
                <th scope="row">{NAMES[f.id] ?? f.id}</th>
                <td>
                  <span className={`state state--${state}`}>{state}</span>
                  {f.schemaDrift ? (
                    <span className="state state--drift">format changed</span>
                  ) : null}
                  {f.error ? <div className="feed-table__error">{f.error}</div> : null}
                </td>
                <td>
                  {f.dataTime !== null
                    ? formatAge(now - f.dataTime)
                    : f.lastSuccess !== null
                      ? 'age unknown'
                      : '—'}
                </td>
                <td>{f.lastSuccess !== null ? formatTime(f.lastSuccess, clock) : 'never'}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
