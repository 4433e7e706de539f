/** This device's feed status rows (what the poller last wrote per upstream product) as table rows. */
import type { FeedState, FeedStatus } from '../../../core/model.ts';
import { liveFeedState } from '../../../core/products/freshness.ts';
import { formatAge } from '../../lib/format.ts';

export interface FeedRow {
  id: string;
  state: FeedState;
  stateLabel: string;
  /** now − dataTime: how old the newest data point is. */
  dataAge: string;
  lastSuccess: string;
  replay: boolean;
  replayLabel: string;
  schemaDrift: boolean;
  schemaDriftLabel: string;
  error: string | null;
  /** An error, or any state but fresh: the row is marked. */
  problem: boolean;
  /** How the row is marked: failing (error) beats slow (stale or frozen). */
  severity: 'ok' | 'slow' | 'failing';
}

const STATE_LABEL: Record<FeedState, string> = {
  fresh: 'fresh',
  stale: 'stale',
  frozen: 'frozen (upstream stopped updating)',
  error: 'error',
};

function age(now: number, t: number | null, none: string): string {
  return t === null || !Number.isFinite(t) ? none : formatAge(now - t);
}

/** The state is judged at `now` from the row's own times (core/products/freshness.ts), as on every screen. */
export function feedRow(feed: FeedStatus, now: number): FeedRow {
  const error = feed.error?.trim() ? feed.error.trim() : null;
  const state = liveFeedState({ ...feed, error }, now);
  const severity: FeedRow['severity'] =
    error !== null || state === 'error' ? 'failing' : state === 'fresh' ? 'ok' : 'slow';
  return {
    id: feed.id,
    state,
    stateLabel: STATE_LABEL[state] ?? String(state),
    dataAge: age(now, feed.dataTime, 'no data yet'),
    lastSuccess: age(now, feed.lastSuccess, feed.lastAttempt === null ? 'never tried' : 'never'),
    replay: feed.replay,
    replayLabel: feed.replay ? 'REPLAY' : '—',
    schemaDrift: feed.schemaDrift,
    schemaDriftLabel: feed.schemaDrift ? 'DRIFT' : '—',
    error,
    problem: severity !== 'ok',
    severity,
  };
}

/** Rows in the order given (useFeedStatuses sorts by RESOURCES). */
export function feedRows(feeds: readonly FeedStatus[], now: number): FeedRow[] {
  return feeds.map((f) => feedRow(f, now));
}

/** A one-line summary above the table: "15 feeds · 2 need a look". */
export function feedSummary(rows: readonly FeedRow[]): string {
  const problems = rows.filter((r) => r.problem).length;
  const feeds = `${rows.length} feed${rows.length === 1 ? '' : 's'}`;
  return problems === 0
    ? `${feeds} · all fresh`
    : `${feeds} · ${problems} need${problems === 1 ? 's' : ''} a look`;
}
