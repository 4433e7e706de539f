import { Link } from 'react-router';
import { AdSlot } from '../../ui/AdSlot.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Page } from '../../ui/Page.tsx';

const NO_FORECAST = 'No forecast stored yet — it appears after the first successful update.';

/** /forecast — the official outlooks, read from the local database. */
export function ForecastPage() {
  return (
    <Page title="Aurora Forecast" lead="NOAA SWPC's forecasts of geomagnetic activity, kept on this device so they read offline.">
      <AdSlot id="forecast-banner" />
      <section className="panel" aria-labelledby="kp3-title">
        <h2 id="kp3-title" className="panel__title">Kp forecast — next 3 days</h2>
        <EmptyState title={NO_FORECAST}>
          <p>
            The 3-day forecast is issued twice a day. Kp 5 or more means a geomagnetic storm (G1+); see{' '}
            <Link to="/news-guides/understanding-aurora-forecasts-kp-index">Understanding Aurora Forecasts and the Kp Index</Link>.
          </p>
        </EmptyState>
      </section>
      <section className="panel" aria-labelledby="bulletin-title">
        <h2 id="bulletin-title" className="panel__title">Forecaster discussion</h2>
        <EmptyState title={NO_FORECAST} />
      </section>
      <section className="panel" aria-labelledby="outlook-title">
        <h2 id="outlook-title" className="panel__title">27-day outlook</h2>
        <EmptyState title="No 27-day outlook stored yet — it appears after the first successful update." />
      </section>
      <section className="panel" aria-labelledby="cycle-title">
        <h2 id="cycle-title" className="panel__title">Solar cycle</h2>
        <EmptyState title="No solar-cycle data stored yet — it appears after the first successful update." />
      </section>
    </Page>
  );
}
export default ForecastPage;
