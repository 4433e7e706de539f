import { useId } from 'react';
import { overallState } from './apiStatus.ts';
import { BackendStatsTable } from './BackendStatsTable.tsx';
import { useApiStatus } from './useApiStatus.ts';

const LABEL = {
  online: 'API online',
  slow: 'API slow',
  failing: 'API failing',
  unreachable: 'API unreachable',
  unknown: 'API checking…',
} as const;

/** The API status indicator — the two latency checks and the space-weather stats. */
export function ApiStatusIndicator({ expanded }: { expanded: boolean }) {
  const { results, stats, monitoring, setMonitoring, refresh } = useApiStatus(expanded);
  const overall = overallState(results);
  // The page and the overlay drawer can both show the expanded panel: ids must not collide.
  const titleId = useId();
  if (!expanded) {
    return (
      <span className="debug-pill__label">
        <span className={`debug-dot debug-dot--${overall}`} aria-hidden="true" /> {LABEL[overall]}
      </span>
    );
  }
  return (
    <section className="debug-panel" aria-labelledby={titleId}>
      <h2 id={titleId}>
        <span className={`debug-dot debug-dot--${overall}`} aria-hidden="true" /> {LABEL[overall]}
      </h2>
      <>
        <ul className="debug-list">
          {results.map((r) => (
            <li key={r.endpoint}>
              <span className="debug-mono">{r.endpoint}</span> {r.state}
              {r.latencyMs !== null ? ` · ${r.latencyMs} ms` : ''}
              {r.message ? ` · ${r.message}` : ''}
            </li>
          ))}
        </ul>
        <BackendStatsTable result={stats} />
        <div className="debug-actions">
          <button type="button" className="button" onClick={() => void refresh()}>
            Check now
          </button>
          <button type="button" className="button" onClick={() => setMonitoring(!monitoring)}>
            {monitoring ? 'Stop monitoring' : 'Start monitoring'}
          </button>
        </div>
      </>
    </section>
  );
}
