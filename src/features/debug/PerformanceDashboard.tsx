import { usePerformanceSummary } from './usePerformanceSummary.ts';

const ms = (n: number) => `${Math.round(n)} ms`;

/** The performance dashboard: per operation, counts and average times, cached vs network. Refreshes every 2 s. */
export function PerformanceDashboard() {
  const { summary, navigation } = usePerformanceSummary(true);
  return (
    <section className="debug-panel" aria-labelledby="debug-perf-title">
      <h2 id="debug-perf-title">Performance</h2>
      {navigation ? (
        <p>
          DOM ready {ms(navigation.domContentLoaded)} · load {ms(navigation.load)}
        </p>
      ) : null}
      {summary.size === 0 ? (
        <p>No requests recorded yet.</p>
      ) : (
        <table className="debug-table">
          <thead>
            <tr>
              <th scope="col">Operation</th>
              <th scope="col">Count</th>
              <th scope="col">Avg</th>
              <th scope="col">Cached</th>
              <th scope="col">Network</th>
              <th scope="col">Improvement</th>
            </tr>
          </thead>
          <tbody>
            {[...summary].map(([op, s]) => (
              <tr key={op}>
                <td className="debug-mono">{op}</td>
                <td>{s.count}</td>
                <td>{ms(s.avgDuration)}</td>
                <td>
                  {s.cachedCount} · {ms(s.cachedAvgDuration)}
                </td>
                <td>
                  {s.networkCount} · {ms(s.networkAvgDuration)}
                </td>
                <td>{s.improvement ? `${Math.round(s.improvement)}%` : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
