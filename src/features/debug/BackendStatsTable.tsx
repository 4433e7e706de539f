import { useId } from 'react';
import { formatUtc } from '../../lib/format.ts';
import { statsView, type StatsFetch, type StatsRow } from './statsRows.ts';

function StatsTableRow({ row }: { row: StatsRow }) {
  const classes = ['debug-row', row.problem ? `debug-row--${row.severity}` : '']
    .filter(Boolean)
    .join(' ');
  return (
    <tr className={classes}>
      <th scope="row" className="debug-mono">
        {row.resource}
      </th>
      <td>{row.upstreamFetches}</td>
      <td>{row.cacheHits}</td>
      <td>{row.lastStatus}</td>
      <td>{row.dataAge}</td>
      <td>
        {row.replay ? (
          <strong className="debug-flag" title="Served from a recorded real upstream file">
            {row.source}
          </strong>
        ) : (
          row.source
        )}
      </td>
      <td className={row.lastError ? 'debug-cell--wrap debug-error' : 'debug-cell--wrap'}>
        {row.lastError ?? '—'}
      </td>
    </tr>
  );
}

/** The space-weather function's per-resource counters (`GET space-weather/stats`) as a table. */
export function BackendStatsTable({ result }: { result: StatsFetch | null }) {
  const titleId = useId();
  const view = statsView(result);
  return (
    <>
      <h3 id={titleId}>Backend statistics</h3>
      {view.kind === 'waiting' ? (
        <p>Asking the space-weather function for its statistics…</p>
      ) : view.kind === 'unavailable' || view.kind === 'unreadable' ? (
        <p className="debug-error" role="status">
          {view.message}
        </p>
      ) : view.rows.length === 0 ? (
        <p>The space-weather function reports no resources.</p>
      ) : (
        <>
          {view.serverTime !== null ? (
            <p className="debug-note">Server time {formatUtc(view.serverTime)}</p>
          ) : null}
          <div className="debug-table-wrap">
            <table className="debug-table debug-table--status" aria-labelledby={titleId}>
              <thead>
                <tr>
                  <th scope="col">Resource</th>
                  <th scope="col">Upstream fetches</th>
                  <th scope="col">Cache hits</th>
                  <th scope="col">Last upstream status</th>
                  <th scope="col">Data age</th>
                  <th scope="col">Source</th>
                  <th scope="col">Last error</th>
                </tr>
              </thead>
              <tbody>
                {view.rows.map((row) => (
                  <StatsTableRow key={row.key} row={row} />
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </>
  );
}
