import { Link } from 'react-router';
import type { ProductRecord } from '../../../core/model.ts';
import {
  useFeedStatus,
  useFeedStatuses,
  useProducts,
  useSpaceWeatherSummary,
} from '../../../sync/react/index.ts';
import type { AlertData, IcaoAdvisoryData } from '../../../core/normalise/index.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { FeedAge } from '../../ui/FeedAge.tsx';
import { Page } from '../../ui/Page.tsx';
import { useClock } from '../../lib/useClock.ts';
import { useNow } from '../../ui/useNow.ts';
import { useProductsShown } from '../../lib/useProductsShown.ts';
import { AlertCard } from './AlertCard.tsx';
import { FeedTable } from './FeedTable.tsx';
import { IcaoAdvisoryCard } from './IcaoAdvisoryCard.tsx';
import { HemiPowerChart } from './HemiPowerChart.tsx';
import { SolarWindCharts } from './SolarWindCharts.tsx';
import { SolarWindNow } from './SolarWindNow.tsx';
// Data-screen styles travel with the data screens' chunks, not the shell.
import '../../styles/data.css';
import { ROUTE_TEXT } from '../../ui/routeText.ts';

/** Advisories are reissued every few hours during an event: the newest ten tell the story. */
const MAX_ADVISORIES = 10;

/** What this screen shows: fetched when it opens even if the first poll deferred or held them. */
const SHOWN = ['solar-wind', 'magnetic-field', 'alerts', 'icao-advisories'] as const;

/** /live-feeds (and /alerts) — bulletins, the solar wind and how fresh each feed is. */
function LiveFeedsPage() {
  useProductsShown(SHOWN);
  const now = useNow();
  const alerts = useProducts<AlertData>('alert');
  const alertsFeed = useFeedStatus('alerts', now);
  const advisories = useProducts<IcaoAdvisoryData>('icao-advisory');
  const advisoriesFeed = useFeedStatus('icao-advisories', now);
  const summary = useSpaceWeatherSummary(now);
  const feeds = useFeedStatuses(now);
  const anyWind = summary.data.timestamp > 0;
  const list: ProductRecord<AlertData>[] = alerts.data;
  const clock = useClock();
  const hemiFeed = useFeedStatus('aurora-nowcast-hemi-power', now);

  return (
    <Page title={ROUTE_TEXT['/live-feeds'].title} lead={ROUTE_TEXT['/live-feeds'].lead}>
      <section className="panel" aria-labelledby="wind-title">
        <div className="panel__head">
          <h2 id="wind-title" className="panel__title">
            Solar wind now
          </h2>
        </div>
        {/* The tiles and charts are there before the data (their texts say nothing is stored
            yet), so the page keeps its size when the first measurements arrive. */}
        <SolarWindNow summary={summary.data} now={now} />
        <SolarWindCharts
          end={
            Math.max(
              summary.data.details.magneticFieldBz.time ?? 0,
              summary.data.details.solarWindSpeed.time ?? 0,
            ) || now
          }
          now={now}
        />
        <p className="muted small">
          {anyWind || summary.isLoading
            ? 'Measured at the L1 point, 30–90 minutes upstream of Earth. '
            : 'No solar-wind data stored yet — it appears after the first successful update. '}
          <Link to="/news-guides/solar-wind-bz-explained">How to read Bz and the solar wind</Link>.
        </p>
      </section>
      <section className="panel" aria-labelledby="hemi-title">
        <div className="panel__head">
          <h2 id="hemi-title" className="panel__title">
            Hemispheric power
          </h2>
          <FeedAge status={hemiFeed.data} now={now} />
        </div>
        <HemiPowerChart now={now} clock={clock} />
        <p className="muted small">
          The energy the aurora deposits in each hemisphere, estimated by NOAA's OVATION model; the
          higher it is, the brighter and wider the auroral oval.
        </p>
      </section>
      <section className="panel" aria-labelledby="alerts-title">
        <div className="panel__head">
          <h2 id="alerts-title" className="panel__title">
            Alerts, watches and warnings
          </h2>
          <FeedAge status={alertsFeed.data} now={now} />
        </div>
        {list.length > 0 ? (
          <div className="alert-list">
            {list.map((alert) => (
              <AlertCard key={alert.id} alert={alert} clock={clock} />
            ))}
          </div>
        ) : (
          <EmptyState
            title={
              alerts.isLoading
                ? 'Reading stored bulletins…'
                : alertsFeed.data?.lastSuccess
                  ? 'No alerts, watches or warnings in the last 7 days.'
                  : 'No alerts stored yet — they appear after the first successful update.'
            }
          />
        )}
      </section>
      <section className="panel" aria-labelledby="icao-title">
        <div className="panel__head">
          <h2 id="icao-title" className="panel__title">
            Space weather advisories for aviation (ICAO)
          </h2>
          <FeedAge status={advisoriesFeed.data} now={now} />
        </div>
        {advisories.data.length > 0 ? (
          <div className="alert-list">
            {advisories.data.slice(0, MAX_ADVISORIES).map((advisory) => (
              <IcaoAdvisoryCard key={advisory.id} advisory={advisory} clock={clock} />
            ))}
          </div>
        ) : (
          <EmptyState
            title={
              advisories.isLoading
                ? 'Reading stored advisories…'
                : advisoriesFeed.data?.lastSuccess
                  ? 'No space weather advisories for aviation issued recently.'
                  : 'No advisories stored yet — they appear after the first successful update.'
            }
          />
        )}
        <p className="muted small">
          Issued for airlines: HF radio, GNSS and radiation effects by latitude band, observed and
          for the next 24 hours.
        </p>
      </section>
      <section className="panel" aria-labelledby="feeds-title">
        <h2 id="feeds-title" className="panel__title">
          Feed status
        </h2>
        {feeds.data.length > 0 ? (
          <FeedTable feeds={feeds.data} now={now} clock={clock} />
        ) : (
          <EmptyState title="No feed has been updated on this device yet." />
        )}
      </section>
    </Page>
  );
}
export default LiveFeedsPage;
