/**
 * The forecasts' track record in one sentence and the person's own last 10 nights, on the map
 * page. Its own chunk (the scoring code and its reads), loaded after the first oval is drawn and
 * the side panels are in: nothing of it weighs on `/`'s first load.
 */
import { Link } from 'react-router';
// Straight from their files, not the hooks' index: the index is in `/`'s first load, the scoring is not.
import { useTrackRecord } from '../../../sync/react/useTrackRecord.ts';
import { useNights } from '../../../sync/react/useNights.ts';
import type { Clock } from '../../lib/clock.ts';
import { NightsList } from '../../ui/NightsList.tsx';

export default function HistoryPanel({ now, clock }: { now: number; clock: Clock }) {
  const record = useTrackRecord(now);
  const nights = useNights(10);
  const verdict = record.data.verdicts[0];
  return (
    <section className="map-panel history-panel" aria-labelledby="history-panel-title">
      <h2 id="history-panel-title" className="map-panel__title">
        Forecasts lately, and your nights
      </h2>
      <p className="small" data-testid="history-panel-verdict">
        {record.isLoading || !verdict ? 'Scoring the stored forecasts…' : verdict.sentence}{' '}
        <Link to="/forecast#track-record">The numbers</Link>
      </p>
      <h3 className="map-panel__subtitle">Your last 10 nights</h3>
      <NightsList nights={nights.data} more={nights.more} now={now} clock={clock} />
    </section>
  );
}
