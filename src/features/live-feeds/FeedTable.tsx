import type { FeedStatus, Resource } from '../../../core/model.ts';
import { PRODUCT_NAMES } from '../../../core/products/productNames.ts';
import { liveFeedState } from '../../../core/products/freshness.ts';
import { formatAge, formatTime } from '../../lib/format.ts';
import type { Clock } from '../../lib/clock.ts';

/** What the table calls the product: its registry name (an unknown row keeps its id). */
function productName(id: string): string {
  return Object.hasOwn(PRODUCT_NAMES, id) ? PRODUCT_NAMES[id as Resource] : id;
}

/**
 * Every upstream product: its state (judged at `now` from the row's times, never the word the
 * poller stored when it last polled), how old its data is, and the last error in words.
 */
export function FeedTable({
  feeds,
  now,
  clock,
}: {
  feeds: readonly FeedStatus[];
  now: number;
  clock: Clock;
}) {
  return (
    <div className="table-scroll">
      <table className="feed-table">
        <thead>
          <tr>
            <th scope="col">Product</th>
            <th scope="col">State</th>
            <th scope="col">Newest data</th>
            <th scope="col">Last update</th>
          </tr>
        </thead>
        <tbody>
          {feeds.map((f) => {
            const state = liveFeedState(f, now);
            return (
              <tr key={f.id}>
                <th scope="row">{productName(f.id)}</th>
                <td>
                  <span className={`state state--${state}`}>{state}</span>
                  {f.schemaDrift ? (
                    <span className="state state--drift">format changed</span>
                  ) : null}
                  {f.error ? <div className="feed-table__error">{f.error}</div> : null}
                </td>
                <td>
                  {f.dataTime !== null
                    ? formatAge(now - f.dataTime)
                    : f.lastSuccess !== null
                      ? 'age unknown'
                      : '—'}
                </td>
                <td>{f.lastSuccess !== null ? formatTime(f.lastSuccess, clock) : 'never'}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
