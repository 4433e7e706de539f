import type { FeedReport } from '../apiErrors.ts';
import { gotNoAnswer } from './connectionLabel.ts';

/** "Network check every 60 s" (product spec §9): the longest the link goes unconfirmed. */
export const NETWORK_CHECK_INTERVAL_MS = 60_000;

/** When the newest poll that got an answer from the server (any answer: the link works) came. */
export function newestAnswerAt(reports: readonly FeedReport[]): number | null {
  let newest: number | null = null;
  for (const r of reports) if (!gotNoAnswer(r) && (newest === null || r.at > newest)) newest = r.at;
  return newest;
}

/**
 * When the next network check is due: 60 s after the last proof that the link works — a check of
 * its own (from when it started), or a poll the server answered (the poller's 1-minute products
 * answer once a minute). While the poller's answers keep coming, the check never runs; when they
 * stop (hidden tab, back-off, no server), it runs every 60 s again.
 */
export function networkCheckDueAt(proofs: readonly (number | null)[]): number {
  let last = -Infinity;
  for (const t of proofs) if (t !== null && t > last) last = t;
  return last + NETWORK_CHECK_INTERVAL_MS;
}
