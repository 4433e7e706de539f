/**
 * What the connection indicator says. The browser (or a ping) can say the link is excellent while
 * every request to the data service fails: then the link is fine and the data is not, and the
 * indicator must not claim "Excellent connection" on its own.
 */
import { CORE_FEEDS } from '../coreFeeds.ts';
import type { NetworkCondition, TransitionalCondition } from './condition.ts';

/** The latest poll outcome of one feed, as the poller reports it (workers/poller/reportSummary.ts). */
export interface FeedPollOutcome {
  resource: string;
  outcome: string;
  error: string | null;
}

/**
 * Several core feeds must agree before we blame the service: one request without an answer can be
 * that feed's own timeout.
 */
const UNREACHABLE_MIN_REPORTS = 3;

/**
 * Whether the data service looks unreachable, judged on the core feeds (src/lib/coreFeeds.ts):
 * at least three of them have reported and every latest report is a failure with no answer from
 * the server (a network error or a timeout, in the product's wording). One core feed answering,
 * or a server that answers it with an HTTP error, means it can be reached. The API error banner
 * and the connection indicator both ask this, so one never praises what the other says is down;
 * the secondary feeds (the SDO images' own function, the alerts) say nothing about it.
 */
export function dataServiceUnreachable(reports: readonly FeedPollOutcome[]): boolean {
  const core = reports.filter((r) => CORE_FEEDS.has(r.resource));
  if (core.length < UNREACHABLE_MIN_REPORTS) return false;
  return core.every(gotNoAnswer);
}

/** A poll that got no answer at all: a network error or a timeout, in the product's wording. */
export function gotNoAnswer(r: FeedPollOutcome): boolean {
  return (
    r.outcome === 'failed' && r.error !== null && /^(Network error|Request timed out)/.test(r.error)
  );
}

const CONDITION_LABEL: Record<NetworkCondition | TransitionalCondition, string> = {
  excellent: 'Excellent connection',
  good: 'Good connection',
  fair: 'Fair connection',
  poor: 'Poor connection',
  offline: 'Offline',
  loading: 'Checking connection…',
  initializing: 'Checking connection…',
};

export interface ConnectionLabelInput {
  condition: NetworkCondition | TransitionalCondition;
  rttMs: number | null;
  forcedOffline: boolean;
  dataServiceUnreachable: boolean;
}

/** The indicator's words and dot: "Excellent connection · 100 ms", or "Connected · data service unreachable". */
export function connectionLabel(input: ConnectionLabelInput): {
  text: string;
  dot: NetworkCondition | TransitionalCondition;
} {
  if (input.forcedOffline) return { text: CONDITION_LABEL.offline, dot: 'offline' };
  // The browser's link check may still be running: the failed requests already say enough.
  if (input.condition !== 'offline' && input.dataServiceUnreachable)
    return { text: 'Connected · data service unreachable', dot: 'poor' };
  const linkUp =
    input.condition !== 'offline' &&
    input.condition !== 'loading' &&
    input.condition !== 'initializing';
  const rtt = input.rttMs !== null && linkUp ? ` · ${input.rttMs} ms` : '';
  return { text: `${CONDITION_LABEL[input.condition]}${rtt}`, dot: input.condition };
}
