import type { FeedStatus } from '../../sync/model.ts';
import { formatAge } from '../lib/format.ts';

const STATE_LABEL: Record<FeedStatus['state'], string> = {
  fresh: 'Current',
  stale: 'Stale',
  frozen: 'Not advancing',
  error: 'Update failed',
};

/**
 * How old a product's data is and what state its feed is in — every number the app shows says
 * this (DESIGN.md: "say honestly how old each number is").
 */
export function FeedAge({ status, now, dataTime }: { status: FeedStatus | null; now: number; dataTime?: number | null }) {
  const time = dataTime ?? status?.dataTime ?? status?.lastSuccess ?? null;
  if (!status && time === null) return <span className="feed-age feed-age--unknown">Not updated on this device yet</span>;
  const state = status?.state ?? 'fresh';
  return (
    <span className={`feed-age feed-age--${state}`} title={status?.error ?? undefined}>
      <span className="feed-age__dot" aria-hidden="true" />
      {STATE_LABEL[state]}
      {time !== null ? ` · data from ${formatAge(now - time)}` : ''}
      {status?.replay ? ' · recorded data' : ''}
    </span>
  );
}
