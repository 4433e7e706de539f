import type { TrackRecord as TrackRecordData } from '../../../sync/react/useTrackRecord.ts';
import { LEAD_BANDS_H, RECURRENCE_DAYS } from '../../../core/verification/trackRecord.ts';
import type { BinaryScores } from '../../../core/verification/contingency.ts';
import { formatUtcDay } from '../../lib/format.ts';

const score = (x: number | null) => (x === null ? '–' : x.toFixed(2));

function bandName([from, to]: readonly [number, number]): string {
  return from === 0 ? `up to ${to / 24} day ahead` : `${from / 24}–${to / 24} days ahead`;
}

function StormRow({
  label,
  s,
  p,
  r,
}: {
  label: string;
  s: BinaryScores;
  p: BinaryScores;
  r: BinaryScores;
}) {
  return (
    <tr>
      <th scope="row">{label}</th>
      <td>{s.cases}</td>
      <td>{s.events}</td>
      <td>{score(s.pod)}</td>
      <td>{score(s.far)}</td>
      <td>{score(s.hss)}</td>
      <td>{score(p.hss)}</td>
      <td>{score(r.hss)}</td>
    </tr>
  );
}

/**
 * How good the Kp forecasts have been: every forecast this device kept, scored against the Kp
 * observed since (core/verification/), with the one sentence that says whether they beat
 * "tomorrow is like today", the numbers behind it, and what the numbers mean. Never percent
 * correct: it rewards "never a storm".
 */
export function TrackRecord({ record, loading }: { record: TrackRecordData; loading: boolean }) {
  const [w30, w90] = record.windows;
  if (!w30 || !w90) return null;
  return (
    <>
      <p className="forecast-headline" data-testid="track-record-verdict">
        {loading ? 'Scoring the stored forecasts…' : record.verdicts[0]?.sentence}
      </p>
      {record.verdicts[1] ? (
        <p className="muted small" data-testid="track-record-verdict-90">
          {record.verdicts[1].sentence}
        </p>
      ) : null}
      {/* Focusable so a keyboard can scroll it where the screen is narrower than the table. */}
      <div className="table-scroll" tabIndex={0} role="region" aria-label="Storm forecast scores">
        <table className="outlook-table track-table">
          <caption className="muted small">
            Will Kp reach storm level (5, G1) tomorrow? NOAA's forecast made before each UTC day,
            against two forecasts anyone can make: tomorrow like today (persistence), and like 27
            days ago (the Sun turns once in about {RECURRENCE_DAYS} days).
          </caption>
          <thead>
            <tr>
              <th scope="col">Last</th>
              <th scope="col">Days scored</th>
              <th scope="col">Storm days</th>
              <th scope="col">POD</th>
              <th scope="col">FAR</th>
              <th scope="col">HSS</th>
              <th scope="col">HSS, persistence</th>
              <th scope="col">HSS, 27-day recurrence</th>
            </tr>
          </thead>
          <tbody>
            <StormRow label="30 days" s={w30.forecast} p={w30.persistence} r={w30.recurrence} />
            <StormRow label="90 days" s={w90.forecast} p={w90.persistence} r={w90.recurrence} />
          </tbody>
        </table>
      </div>
      <div className="table-scroll" tabIndex={0} role="region" aria-label="Kp error by lead time">
        <table className="outlook-table track-table">
          <caption className="muted small">
            Kp error by lead time, last 90 days: the mean distance between the forecast Kp of a
            three-hour period and the Kp observed, against persistence (the newest Kp known when the
            forecast was made).
          </caption>
          <thead>
            <tr>
              <th scope="col">Made</th>
              <th scope="col">Forecast off by</th>
              <th scope="col">Persistence off by</th>
              <th scope="col">Periods</th>
            </tr>
          </thead>
          <tbody>
            {w90.errors.map((e, i) => (
              <tr key={LEAD_BANDS_H[i]?.[0] ?? i}>
                <th scope="row">{bandName(e.leadHours)}</th>
                <td>{score(e.forecast)}</td>
                <td>{score(e.persistence)}</td>
                <td>{e.periods}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="muted small">
        POD: the share of storm days that were forecast. FAR: the share of storm forecasts that did
        not come true. HSS (Heidke skill score): how much better than chance, from 1 (perfect)
        through 0 (no better than chance) to below 0 (worse); a forecast earns its keep when its HSS
        beats persistence's. Percent correct is not shown: with storms on a few days in a hundred,
        "never a storm" would score 97 %. Scored on this device from {record.issues} forecasts it
        kept (or fetched from our archive) and {record.observedPeriods} observed three-hour Kp
        values, {formatUtcDay(w90.from)} to {formatUtcDay(w90.to)} (UTC days). Observed Kp: GFZ
        Potsdam (CC BY 4.0) where it has published it, NOAA SWPC's estimate elsewhere.
      </p>
    </>
  );
}
