import { useState } from 'react';
import { usePwaUpdate, useServiceWorkerState } from '../../pwa/usePwaUpdate.ts';
import { useNetworkStatus } from '../../lib/network/useNetworkStatus.ts';
import { showToast } from '../../lib/toast.ts';
import { formatKB, isPrecache } from './cacheStats.ts';
import { useCacheStats } from './useCacheStats.ts';

const yesNo = (b: boolean) => (b ? 'Yes' : 'No');

/** The cache and service-worker debugger, with Check Updates and Apply Update. */
export function CacheDebugger() {
  const { status, updateAvailable } = useServiceWorkerState();
  const { checkForUpdates, updateNow } = usePwaUpdate();
  const { caches, stats, error, refresh } = useCacheStats();
  const network = useNetworkStatus();
  const [checking, setChecking] = useState(false);

  const check = async () => {
    setChecking(true);
    try {
      await checkForUpdates();
      showToast('Service worker checked for updates', 'success');
    } catch {
      showToast('Failed to check for updates', 'error');
    } finally {
      setChecking(false);
    }
  };

  const clearRuntime = async () => {
    // The precache is the offline app itself: only runtime caches are cleared here.
    for (const c of caches) if (!isPrecache(c.name)) await globalThis.caches.delete(c.name);
    await refresh();
  };

  return (
    <section className="debug-panel" aria-labelledby="debug-cache-title">
      <h2 id="debug-cache-title">Cache &amp; Service Worker</h2>
      <dl className="debug-grid">
        <dt>Supported</dt>
        <dd>{yesNo(status.supported)}</dd>
        <dt>Registered</dt>
        <dd>{yesNo(status.registered)}</dd>
        <dt>Active</dt>
        <dd>{yesNo(status.active)}</dd>
        <dt>Controller</dt>
        <dd className="debug-mono">{status.controller ?? 'none'}</dd>
        <dt>Update available</dt>
        <dd>{yesNo(updateAvailable)}</dd>
        <dt>Installing</dt>
        <dd>{yesNo(status.installing)}</dd>
        <dt>Version</dt>
        <dd>{__APP_VERSION__}</dd>
      </dl>
      <div className="debug-actions">
        <button
          type="button"
          className="button"
          onClick={() => void check()}
          disabled={checking || !status.supported}
        >
          {checking ? 'Checking…' : 'Check Updates'}
        </button>
        <button
          type="button"
          className="button button--primary"
          onClick={updateNow}
          disabled={!status.waiting}
        >
          Apply Update
        </button>
      </div>

      <h3>Cache statistics</h3>
      {error ? <p className="debug-error">{error}</p> : null}
      {stats ? (
        <dl className="debug-grid">
          <dt>Cache Storage items</dt>
          <dd>{stats.memoryItems}</dd>
          <dt>Cache Storage size</dt>
          <dd>{formatKB(stats.memorySize)}</dd>
          <dt>Local cache: items</dt>
          <dd>{stats.storageItems}</dd>
          <dt>Expiring entries</dt>
          <dd>{Object.keys(stats.expirationTimes).length}</dd>
        </dl>
      ) : (
        <p>Reading caches…</p>
      )}
      {caches.length ? (
        <table className="debug-table">
          <thead>
            <tr>
              <th scope="col">Cache</th>
              <th scope="col">Items</th>
              <th scope="col">Size</th>
            </tr>
          </thead>
          <tbody>
            {caches.map((c) => (
              <tr key={c.name}>
                <td className="debug-mono">{c.name}</td>
                <td>{c.items}</td>
                <td>{formatKB(c.bytes)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {stats && Object.keys(stats.expirationTimes).length ? (
        <ul className="debug-list">
          {Object.entries(stats.expirationTimes).map(([k, t]) => (
            <li key={k}>
              <span className="debug-mono">{k}</span> expires {new Date(t).toISOString()}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="debug-actions">
        <button type="button" className="button" onClick={() => void refresh()}>
          Refresh
        </button>
        <button type="button" className="button" onClick={() => void clearRuntime()}>
          Clear runtime caches
        </button>
      </div>

      <h3>Offline mode</h3>
      <p>
        Connection: <strong>{network.condition}</strong> ({network.connectionType})
        {network.forcedOffline ? ' — offline mode is on' : ''}
      </p>
      <div className="debug-actions">
        <button
          type="button"
          className="button"
          onClick={() => network.setForcedOffline(!network.forcedOffline)}
        >
          {network.forcedOffline ? 'Go Online' : 'Go Offline'}
        </button>
      </div>
    </section>
  );
}
