import { lazy, Suspense, useMemo } from 'react';
import { Link } from 'react-router';
import { useFeedStatus, useProduct, useSpaceWeatherSummary } from '../../../sync/react/index.ts';
// Straight from their files, not the hooks' index: the index is in `/`'s first load, the scoring is not.
import { useTrackRecord } from '../../../sync/react/useTrackRecord.ts';
import { useNights } from '../../../sync/react/useNights.ts';
import { NightsList } from '../../ui/NightsList.tsx';
import type {
  KpForecastData,
  SolarCycleData,
  ThreeDayForecastData,
  ThreeDayGeomagForecastData,
  TwentySevenDayOutlookData,
} from '../../../core/normalise/index.ts';
import { formatTime, formatUtcMonth } from '../../lib/format.ts';
import { AdSlot } from '../../ui/AdSlot.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { FeedAge } from '../../ui/FeedAge.tsx';
import { Page } from '../../ui/Page.tsx';
import { useClock } from '../../lib/useClock.ts';
import { useNow } from '../../ui/useNow.ts';
import { useProductsShown } from '../../lib/useProductsShown.ts';
import { fresherKpForecast, KP_SOURCE_NAME } from './fresherKpForecast.ts';
import { KpBreakdown } from './KpBreakdown.tsx';
import { KpForecastBars } from './KpForecastBars.tsx';
import { kpForecastPeriods } from './kpTimelineData.ts';
import { StormProbabilities } from './StormProbabilities.tsx';
import { OutlookStrip } from './OutlookStrip.tsx';
import { TrackRecord } from './TrackRecord.tsx';
// Data-screen styles travel with the data screens' chunks, not the shell.
import '../../styles/data.css';
import { ROUTE_TEXT } from '../../ui/routeText.ts';
import { InTurn } from '../../ui/InTurn.tsx';
import { useScrollToHash } from '../../ui/useScrollToHash.ts';

// The charts (and uPlot) load with their own chunk, after the page's text.
const KpTimeline = lazy(() => import('./KpTimeline.tsx').then((m) => ({ default: m.KpTimeline })));
const SolarCycleSummary = lazy(() => import('./SolarCycleSummary.tsx'));

const NO_FORECAST = 'No forecast stored yet — it appears after the first successful update.';

function stormWord(g: number): string {
  return [
    'no storm',
    'a minor storm (G1)',
    'a moderate storm (G2)',
    'a strong storm (G3)',
    'a severe storm (G4)',
    'an extreme storm (G5)',
  ][Math.max(0, Math.min(5, g))]!;
}

/** What this screen shows: fetched when it opens even if the first poll deferred or held them. */
const SHOWN = [
  'kp-gfz',
  'three-day-forecast',
  'three-day-geomag-forecast',
  'kp-forecast',
  'twenty-seven-day-outlook',
  'observed-solar-cycle',
  'predicted-solar-cycle',
] as const;

/** /forecast — the official outlooks, read from the local database. */
function ForecastPage() {
  useProductsShown(SHOWN);
  // A link to a part further down (the map's "The numbers" → #track-record) renders every part at
  // once and is brought into view.
  const linkedPart = useScrollToHash() !== '';
  const now = useNow();
  const threeDay = useProduct<ThreeDayForecastData>('three-day-forecast');
  const outlook = useProduct<TwentySevenDayOutlookData>('twenty-seven-day-outlook');
  const observed = useProduct<SolarCycleData>('observed-solar-cycle');
  const predicted = useProduct<SolarCycleData>('predicted-solar-cycle');
  const geomag = useProduct<ThreeDayGeomagForecastData>('three-day-geomag-forecast');
  const kpJson = useProduct<KpForecastData>('kp-forecast');
  const threeDayFeed = useFeedStatus('three-day-forecast', now);
  const geomagFeed = useFeedStatus('three-day-geomag-forecast', now);
  const kpJsonFeed = useFeedStatus('kp-forecast', now);
  const outlookFeed = useFeedStatus('twenty-seven-day-outlook', now);
  const cycleFeed = useFeedStatus('observed-solar-cycle', now);
  const predictedFeed = useFeedStatus('predicted-solar-cycle', now);
  const forecast = threeDay.data;
  const loadError =
    threeDay.error ?? outlook.error ?? observed.error ?? geomag.error ?? kpJson.error;
  const kp = fresherKpForecast(
    forecast ? { data: forecast.data, time: threeDayFeed.data?.dataTime ?? forecast.issued } : null,
    kpJson.data
      ? { data: kpJson.data.data, time: kpJsonFeed.data?.dataTime ?? kpJson.data.issued }
      : null,
  );
  const kpFeed = kp?.source === 'kp-forecast' ? kpJsonFeed.data : threeDayFeed.data;
  const summary = useSpaceWeatherSummary(now);
  const record = useTrackRecord(now);
  const nights = useNights(10);
  const clock = useClock();
  const kpRows = kpJson.data?.data.rows ?? null;
  const bulletinCells = forecast?.data.kp ?? null;
  const forecastPeriods = useMemo(
    () => kpForecastPeriods(kpRows, bulletinCells),
    [kpRows, bulletinCells],
  );
  const hasProbabilities = Boolean(
    geomag.data?.data.probabilities ||
    forecast?.data.solarRadiation ||
    forecast?.data.radioBlackout,
  );

  return (
    <Page title={ROUTE_TEXT['/forecast'].title} lead={ROUTE_TEXT['/forecast'].lead}>
      <AdSlot id="forecast-banner" />
      {loadError ? (
        <p className="inline-error" role="alert">
          The stored forecasts could not be read: {loadError.message}
        </p>
      ) : null}
      <section className="panel" aria-labelledby="kp-timeline-title">
        <div className="panel__head">
          <h2 id="kp-timeline-title" className="panel__title">
            Kp — the last 7 days and the next 3
          </h2>
        </div>
        {/* The fallback has the chart's final height, so the sections below do not move when
            the chart's chunk arrives. */}
        <Suspense fallback={<p className="muted small kp-timeline-loading">Loading the chart…</p>}>
          <KpTimeline
            forecast={forecastPeriods}
            now={now}
            newestKnown={summary.data.details.kpIndex.time}
          />
        </Suspense>
      </section>
      <section className="panel" aria-labelledby="kp3-title">
        <div className="panel__head">
          <h2 id="kp3-title" className="panel__title">
            Kp forecast — next 3 days
          </h2>
          <FeedAge
            status={kpFeed}
            now={now}
            dataTime={kp?.time ?? null}
            label={kp?.source === 'kp-forecast' ? 'newest period' : 'issued'}
          />
        </div>
        {kp?.source === 'three-day-forecast' ? (
          <>
            <p className="forecast-headline">
              Largest Kp expected: <strong>{kp.data.maxKp?.toFixed(2) ?? '–'}</strong>,{' '}
              {stormWord(kp.data.maxG)}.{' '}
              <span className="muted">
                From {KP_SOURCE_NAME[kp.source]} issued {formatTime(kp.time, clock)}, the fresher of
                NOAA's two Kp forecasts.
              </span>
            </p>
            <KpBreakdown data={kp.data} />
          </>
        ) : kp?.source === 'kp-forecast' ? (
          <>
            <p className="forecast-headline">
              Largest Kp forecast: <strong>{kp.maxKp?.toFixed(2) ?? '–'}</strong>,{' '}
              {stormWord(kp.maxG)}.{' '}
              <span className="muted">
                From {KP_SOURCE_NAME[kp.source]} (newest observed period{' '}
                {formatTime(kp.time, clock)}), the fresher of NOAA's two Kp forecasts.
              </span>
            </p>
            <KpForecastBars rows={kp.rows} />
          </>
        ) : (
          <EmptyState
            title={
              threeDay.isLoading || kpJson.isLoading ? 'Reading stored forecast…' : NO_FORECAST
            }
          >
            <p>
              The 3-day forecast is issued twice a day. Kp 5 or more means a geomagnetic storm
              (G1+); see{' '}
              <Link to="/news-guides/understanding-aurora-forecasts-kp-index">
                Understanding Aurora Forecasts and the Kp Index
              </Link>
              .
            </p>
          </EmptyState>
        )}
        {kp ? (
          <p className="muted small">
            Kp 5 or more is a geomagnetic storm.{' '}
            <Link to="/news-guides/understanding-aurora-forecasts-kp-index">
              What the Kp index means
            </Link>
            .
          </p>
        ) : null}
      </section>
      {/* The parts below the first screen on a phone join one per idle moment after the first
          paint, so the first commit creates and lays out only the first screen. */}
      <InTurn allAtOnce={linkedPart}>
        <section className="panel" aria-labelledby="track-title" id="track-record">
          <div className="panel__head">
            <h2 id="track-title" className="panel__title">
              How good have the forecasts been?
            </h2>
          </div>
          <TrackRecord record={record.data} loading={record.isLoading} />
          <h3 className="panel__subtitle">Your last 10 nights</h3>
          <NightsList nights={nights.data} more={nights.more} now={now} clock={clock} />
        </section>
        <section className="panel" aria-labelledby="storm-title">
          <div className="panel__head">
            <h2 id="storm-title" className="panel__title">
              Storm chances — next 3 days
            </h2>
          </div>
          {/* Two products, issued at different times: each part carries its own issue time and age. */}
          {hasProbabilities ? (
            <StormProbabilities
              geomag={
                geomag.data
                  ? { data: geomag.data.data, issued: geomag.data.issued, status: geomagFeed.data }
                  : null
              }
              threeDay={
                forecast
                  ? { data: forecast.data, issued: forecast.issued, status: threeDayFeed.data }
                  : null
              }
              now={now}
              clock={clock}
            />
          ) : (
            <EmptyState
              title={
                geomag.isLoading
                  ? 'Reading stored forecast…'
                  : 'No storm probabilities stored yet — they appear after the first successful update of the geomagnetic forecast.'
              }
            />
          )}
        </section>
        <section className="panel" aria-labelledby="bulletin-title">
          <h2 id="bulletin-title" className="panel__title">
            Forecaster discussion
          </h2>
          {forecast ? (
            <>
              {forecast.data.rationale.geomagnetic ? (
                <p>{forecast.data.rationale.geomagnetic}</p>
              ) : null}
              {forecast.data.rationale.solarRadiation ? (
                <p>{forecast.data.rationale.solarRadiation}</p>
              ) : null}
              {forecast.data.rationale.radioBlackout ? (
                <p>{forecast.data.rationale.radioBlackout}</p>
              ) : null}
              {forecast.raw ? (
                <details className="raw-text">
                  <summary>Full bulletin as issued by NOAA SWPC</summary>
                  <pre>{forecast.raw}</pre>
                </details>
              ) : null}
            </>
          ) : (
            <EmptyState title={NO_FORECAST} />
          )}
        </section>
        <section className="panel" aria-labelledby="outlook-title">
          <div className="panel__head">
            <h2 id="outlook-title" className="panel__title">
              27-day outlook
            </h2>
            <FeedAge status={outlookFeed.data} now={now} dataTime={outlook.data?.issued ?? null} />
          </div>
          {outlook.data && outlook.data.data.rows.length > 0 ? (
            <OutlookStrip data={outlook.data.data} now={now} />
          ) : (
            <EmptyState title="No 27-day outlook stored yet — it appears after the first successful update." />
          )}
        </section>
        <section className="panel" aria-labelledby="cycle-title">
          <div className="panel__head">
            <h2 id="cycle-title" className="panel__title">
              Solar cycle
            </h2>
            <FeedAge status={cycleFeed.data} now={now} />
          </div>
          {predicted.data ? (
            <p className="muted small">
              NOAA prediction: <FeedAge status={predictedFeed.data} now={now} label="issued" />{' '}
              (starts {formatUtcMonth(predicted.data.issued)}).
            </p>
          ) : null}
          {observed.data || predicted.data ? (
            <Suspense fallback={<p className="muted small">Loading the chart…</p>}>
              <SolarCycleSummary
                observed={observed.data?.data ?? null}
                predicted={predicted.data?.data ?? null}
                now={now}
                clock={clock}
              />
            </Suspense>
          ) : (
            <EmptyState title="No solar-cycle data stored yet — it appears after the first successful update." />
          )}
        </section>
      </InTurn>
    </Page>
  );
}
export default ForecastPage;
