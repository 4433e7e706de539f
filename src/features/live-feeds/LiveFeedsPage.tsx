import { EmptyState } from '../../ui/EmptyState.tsx';
import { Page } from '../../ui/Page.tsx';

/** /live-feeds (and /alerts) — bulletins, the solar wind and how fresh each feed is. */
export function LiveFeedsPage() {
  return (
    <Page title="Live Aurora Feeds" lead="Alerts, watches and warnings from NOAA SWPC, and the solar wind measured upstream of Earth.">
      <section className="panel" aria-labelledby="alerts-title">
        <h2 id="alerts-title" className="panel__title">Alerts, watches and warnings</h2>
        <EmptyState title="No alerts stored yet — they appear after the first successful update." />
      </section>
      <section className="panel" aria-labelledby="wind-title">
        <h2 id="wind-title" className="panel__title">Solar wind now</h2>
        <EmptyState title="No solar-wind data stored yet — it appears after the first successful update." />
      </section>
      <section className="panel" aria-labelledby="feeds-title">
        <h2 id="feeds-title" className="panel__title">Feed status</h2>
        <EmptyState title="No feed has been updated on this device yet." />
      </section>
    </Page>
  );
}
export default LiveFeedsPage;
