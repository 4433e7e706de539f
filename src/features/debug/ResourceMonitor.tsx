import { healthByDomain, tableRows } from './resourceHealth.ts';
import { useResourceMonitor } from './useResourceMonitor.ts';

/** The third-party resource monitor: third-party resources, their status, per-service health and recent errors. */
export function ResourceMonitor() {
  const { resources, errors, started } = useResourceMonitor();
  const now = Date.now();
  const health = healthByDomain(resources, errors, now);
  const rows = tableRows(resources);
  return (
    <section className="debug-panel" aria-labelledby="debug-resources-title">
      <h2 id="debug-resources-title">Third-party resources</h2>
      {!started ? <p>Monitoring starts 5 s after load.</p> : null}
      {started && health.size === 0 ? (
        <p>
          No third-party resources have loaded. Third-party scripts load only in production on a
          real host.
        </p>
      ) : null}
      {health.size ? (
        <ul className="debug-list">
          {[...health].map(([domain, h]) => (
            <li key={domain}>
              <span className={`debug-dot debug-dot--${h.status}`} aria-hidden="true" />
              <span className="debug-mono">{domain}</span> {h.status} · avg{' '}
              {Math.round(h.avgLoadTime)} ms · errors {Math.round(h.errorRate * 100)}%
            </li>
          ))}
        </ul>
      ) : null}
      {rows.length ? (
        <table className="debug-table">
          <thead>
            <tr>
              <th scope="col">Resource</th>
              <th scope="col">Domain</th>
              <th scope="col">Load</th>
              <th scope="col">Size</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={`${r.url}@${r.timestamp}`}>
                <td className="debug-mono" title={r.url}>
                  {r.name}
                </td>
                <td>{r.domain}</td>
                <td>{r.loadTime} ms</td>
                <td>{(r.size / 1024).toFixed(1)} KB</td>
                <td className={`debug-status debug-status--${r.status}`}>{r.status}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {errors.length ? (
        <>
          <h3>Errors ({errors.length})</h3>
          <ul className="debug-list">
            {[...errors].reverse().map((e, i) => (
              <li key={`${e.url}@${e.timestamp}@${i}`}>
                {new Date(e.timestamp).toISOString().slice(11, 19)} {e.message}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
