import type { FeedStatus } from '../../core/model.ts';
import { FRESHNESS, liveFeedState } from '../../core/products/freshness.ts';
import { formatAge } from '../lib/format.ts';

const STATE_LABEL: Record<FeedStatus['state'], string> = {
  fresh: 'Current',
  stale: 'Stale',
  frozen: 'Not advancing',
  error: 'Update failed',
};

/**
 * How old a product's data is and what state its feed is in — every number the app shows says
 * this (docs/architecture.md: "every number says how old it is"). The state is judged at `now` from the
 * row's own times (core/products/freshness.ts), so a screen left open, or opened offline days later,
 * never keeps saying "Current" about old data. `dataTime` overrides the time shown (a product's
 * own issue time); `label` names what the time is ("issued", "prediction from").
 */
export function FeedAge({
  status,
  now,
  dataTime,
  label = 'data from',
}: {
  status: FeedStatus | null;
  now: number;
  dataTime?: number | null;
  label?: string;
}) {
  // The last fetch stands in for the data's time only where age is measured from it (alerts).
  const fetchTime = status && FRESHNESS[status.id].ageFrom === 'fetch' ? status.lastSuccess : null;
  const time = dataTime ?? status?.dataTime ?? fetchTime ?? null;
  if (!status && time === null)
    return <span className="feed-age feed-age--unknown">Not updated on this device yet</span>;
  // Without a feed row there is no window to judge by: say the age, claim no state.
  if (!status)
    return (
      <span className="feed-age feed-age--unknown">{`${label[0]!.toUpperCase()}${label.slice(1)} ${formatAge(now - (time ?? now))}`}</span>
    );
  const state = liveFeedState(status, now);
  return (
    <span className={`feed-age feed-age--${state}`} title={status?.error ?? undefined}>
      <span className="feed-age__dot" aria-hidden="true" />
      {STATE_LABEL[state]}
      {time !== null ? ` · ${label} ${formatAge(now - time)}` : ' · age unknown'}
      {status?.replay ? ' · recorded data' : ''}
    </span>
  );
}
