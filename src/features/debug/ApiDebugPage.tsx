import { useFeedStatuses } from '../../../sync/react/index.ts';
import { Page } from '../../ui/Page.tsx';
import { useNetworkStatus } from '../../lib/network/useNetworkStatus.ts';
import { useServiceWorkerState } from '../../pwa/usePwaUpdate.ts';
import { ApiStatusIndicator } from './ApiStatusIndicator.tsx';
import { FeedStatusTable } from './FeedStatusTable.tsx';
import { PerformanceDashboard } from './PerformanceDashboard.tsx';
import { PING_ENDPOINTS, STATS_ENDPOINT } from './apiStatus.ts';
import { useNow } from '../../ui/useNow.ts';
import './debug.css';

/** The poller's feed rows on this device, live; the ages move on the page's shared clock. */
function DeviceFeeds() {
  const now = useNow();
  const feeds = useFeedStatuses(now);
  return (
    <FeedStatusTable feeds={feeds.data} isLoading={feeds.isLoading} error={feeds.error} now={now} />
  );
}

/** /debug/api (debug mode only): the backend's health as this browser sees it, and this device's feeds. */
export default function ApiDebugPage() {
  const network = useNetworkStatus();
  const { status } = useServiceWorkerState();
  return (
    <Page
      title="API Debug"
      lead="Latency checks, the space-weather function's statistics, this device's feeds, and what this browser is connected to."
    >
      <div className="debug-page">
        <ApiStatusIndicator expanded />
        <DeviceFeeds />
        <section className="debug-panel" aria-labelledby="debug-conn-title">
          <h2 id="debug-conn-title">Connection</h2>
          <dl className="debug-grid">
            <dt>Online</dt>
            <dd>{network.isOnline ? 'Yes' : 'No'}</dd>
            <dt>Condition</dt>
            <dd>{network.condition}</dd>
            <dt>Type</dt>
            <dd>{network.connectionType}</dd>
            <dt>Round trip</dt>
            <dd>
              {network.rttMs !== null && network.rttMs !== undefined
                ? `${network.rttMs} ms`
                : 'not measured'}
            </dd>
            <dt>Service worker</dt>
            <dd>
              {status.controller
                ? 'controls this page'
                : status.registered
                  ? 'registered'
                  : 'not registered'}
            </dd>
            <dt>Version</dt>
            <dd>{__APP_VERSION__}</dd>
          </dl>
          <h3>Endpoints</h3>
          <ul className="debug-list">
            {[...PING_ENDPOINTS, STATS_ENDPOINT].map((e) => (
              <li key={e} className="debug-mono">
                GET {e}
              </li>
            ))}
          </ul>
        </section>
        <PerformanceDashboard />
      </div>
    </Page>
  );
}
