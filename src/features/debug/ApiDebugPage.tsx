import { Page } from '../../ui/Page.tsx';
import { useNetworkStatus } from '../../lib/network/useNetworkStatus.ts';
import { useServiceWorkerState } from '../../pwa/usePwaUpdate.ts';
import { ApiStatusIndicator } from './ApiStatusIndicator.tsx';
import { PerformanceDashboard } from './PerformanceDashboard.tsx';
import { PING_ENDPOINTS, STATS_ENDPOINT } from './apiStatus.ts';
import './debug.css';

/** /debug/api (debug mode only): the backend's health as this browser sees it. */
export default function ApiDebugPage() {
  const network = useNetworkStatus();
  const { status } = useServiceWorkerState();
  return (
    <Page
      title="API Debug"
      lead="Latency checks, the space-weather function's statistics, and what this browser is connected to."
    >
      <div className="debug-page">
        <ApiStatusIndicator expanded />
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
