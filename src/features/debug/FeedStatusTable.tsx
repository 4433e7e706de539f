import { useId, useMemo } from 'react';
import type { FeedStatus } from '../../../core/model.ts';
import { feedRows, feedSummary, type FeedRow } from './feedRows.ts';

export const NO_FEEDS_YET = 'No feed has been polled on this device yet.';

function FeedTableRow({ row }: { row: FeedRow }) {
  return (
    <tr className={row.problem ? `debug-row debug-row--${row.severity}` : 'debug-row'}>
      <th scope="row" className="debug-mono">
        {row.id}
      </th>
      <td>
        {row.problem ? (
          <span
            className={`debug-dot debug-dot--${row.severity === 'failing' ? 'failing' : 'slow'}`}
            aria-hidden="true"
          />
        ) : null}
        {row.stateLabel}
      </td>
      <td>{row.dataAge}</td>
      <td>{row.lastSuccess}</td>
      <td>
        {row.replay ? (
          <strong className="debug-flag" title="The backend answered from a recorded file">
            {row.replayLabel}
          </strong>
        ) : (
          row.replayLabel
        )}
      </td>
      <td>
        {row.schemaDrift ? (
          <strong className="debug-flag">{row.schemaDriftLabel}</strong>
        ) : (
          row.schemaDriftLabel
        )}
      </td>
      <td className={row.error ? 'debug-cell--wrap debug-error' : 'debug-cell--wrap'}>
        {row.error ?? '—'}
      </td>
    </tr>
  );
}

export interface FeedStatusTableProps {
  feeds: readonly FeedStatus[];
  isLoading: boolean;
  error: Error | null;
  now: number;
}

/** What this device's poller last wrote per upstream product (the `feeds` collection). */
export function FeedStatusTable({ feeds, isLoading, error, now }: FeedStatusTableProps) {
  const titleId = useId();
  const rows = useMemo(() => feedRows(feeds, now), [feeds, now]);
  return (
    <section className="debug-panel" aria-labelledby={titleId}>
      <h2 id={titleId}>This device&apos;s feeds</h2>
      {error ? (
        <p className="debug-error" role="status">
          Feed statuses unavailable: {error.message}
        </p>
      ) : rows.length === 0 ? (
        <p>{isLoading ? 'Reading feed statuses…' : NO_FEEDS_YET}</p>
      ) : (
        <>
          <p className="debug-note">{feedSummary(rows)}</p>
          <div className="debug-table-wrap">
            <table className="debug-table debug-table--status" aria-labelledby={titleId}>
              <thead>
                <tr>
                  <th scope="col">Feed</th>
                  <th scope="col">State</th>
                  <th scope="col">Data age</th>
                  <th scope="col">Last success</th>
                  <th scope="col">Replay</th>
                  <th scope="col">Schema drift</th>
                  <th scope="col">Error</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <FeedTableRow key={row.id} row={row} />
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
