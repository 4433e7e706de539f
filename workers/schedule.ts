/**
 * When to poll, and how fresh a feed is. Pure functions: time, connectivity and visibility are
 * passed in. The worker asks `nextPollAt` for every source after each event (poll done, online,
 * visible, forced offline toggled) and sleeps until the earliest.
 */
import type { FeedState, FeedStatus } from '../core/model.ts';
import type { FreshnessWindow } from '../core/products/freshness.ts';
import type { Source } from '../core/products/sources.ts';

export interface PollConditions {
  now: number;
  online: boolean;
  forcedOffline: boolean;
  /** The page is visible. Hidden tabs poll more slowly; the service worker covers background. */
  visible: boolean;
}

export interface PollMemory {
  /** Last time a poll of this source finished (success or failure), epoch ms; null = never. */
  lastAttempt: number | null;
  /** Consecutive failures since the last success. */
  failures: number;
}

/** A hidden tab still refreshes, but five times less often (and never more than every 5 min). */
export const HIDDEN_SLOWDOWN = 5;
export const HIDDEN_MIN_INTERVAL_MS = 5 * 60_000;
/** Back-off for a failing upstream doubles per failure, capped at 16× cadence and 1 hour. */
export const MAX_BACKOFF_MS = 60 * 60_000;

/** The wait after `failures` consecutive failures: cadence, 2×, 4×, … (capped). */
export function backoffMs(cadenceMs: number, failures: number): number {
  if (failures <= 0) return cadenceMs;
  const factor = 2 ** Math.min(failures, 4);
  return Math.min(Math.max(cadenceMs, cadenceMs * factor), Math.max(cadenceMs, MAX_BACKOFF_MS));
}

/** The interval between polls of a source under the current conditions. */
export function pollIntervalMs(source: Pick<Source, 'cadenceMs'>, memory: PollMemory, visible: boolean): number {
  const base = visible ? source.cadenceMs : Math.max(source.cadenceMs * HIDDEN_SLOWDOWN, HIDDEN_MIN_INTERVAL_MS);
  return backoffMs(base, memory.failures);
}

/** When this source should next be polled; null = not while offline or forced offline. */
export function nextPollAt(source: Pick<Source, 'cadenceMs'>, memory: PollMemory, c: PollConditions): number | null {
  if (!c.online || c.forcedOffline) return null;
  if (memory.lastAttempt === null) return c.now;
  return memory.lastAttempt + pollIntervalMs(source, memory, c.visible);
}

export function isPollDue(source: Pick<Source, 'cadenceMs'>, memory: PollMemory, c: PollConditions): boolean {
  const at = nextPollAt(source, memory, c);
  return at !== null && at <= c.now;
}

/**
 * The freshness of a feed at `now`, from the row's own times only (so the page can re-evaluate it
 * as the clock moves and gets the same answer the poller would):
 * - error: the last attempt failed (the last good data is still shown, with its age);
 * - fresh: the data (or, for alerts and advisories, the last fetch) is within the max age;
 * - frozen: when we last heard from upstream (`lastSuccess`, itself within the max age) its newest
 *   data was already older than `frozenAfterMs` — upstream keeps serving the same old file (e.g. an
 *   OVATION Observation Time that stops moving). Judged from the data time against the fetch time,
 *   never against how often we poll: a hidden tab or a back-off between polls does not turn it into
 *   "stale" and back at the next poll (the flicker of session 10);
 * - stale: older than max age for any other reason (offline, forced offline, failures), and a
 *   product measured by its data time that has none (its age is unknown, so it is not "fresh").
 * Data replayed by the backend from recorded files is never "frozen": it is old by design and
 * the UI labels it as a replay; its age is always its data time, even for alerts and advisories.
 */
export function feedState(
  status: Pick<FeedStatus, 'lastSuccess' | 'dataTime' | 'error' | 'replay'>,
  window: FreshnessWindow,
  now: number,
): FeedState {
  // The error is cleared by every success or 304, so its presence means the last attempt failed.
  if (status.error !== null) return 'error';
  if (status.lastSuccess === null) return 'stale';
  if (window.ageFrom === 'data' && status.dataTime === null) return 'stale';
  // A replay is as old as the data in it, whatever the source's rule: the fetch that brought an
  // old recording must not make it "current".
  const since = (window.ageFrom === 'data' || status.replay) && status.dataTime !== null ? status.dataTime : status.lastSuccess;
  if (now - since <= window.maxAgeMs) return 'fresh';
  if (status.replay || window.ageFrom === 'fetch' || status.dataTime === null || window.frozenAfterMs === null) return 'stale';
  const heardRecently = now - status.lastSuccess <= window.maxAgeMs;
  return heardRecently && status.lastSuccess - status.dataTime > window.frozenAfterMs ? 'frozen' : 'stale';
}

/** How old the feed's data is, for "updated 12 min ago" texts; null when there is none. */
export function dataAgeMs(status: Pick<FeedStatus, 'lastSuccess' | 'dataTime'>, source: Pick<FreshnessWindow, 'ageFrom'>, now: number): number | null {
  // Measured by its data time but it has none: the age is unknown, not "the last fetch".
  const since = source.ageFrom === 'data' ? status.dataTime : status.lastSuccess;
  return since === null ? null : Math.max(0, now - since);
}

/**
 * Retention (sync/retention.ts) keeps the local database bounded. The poller runs it a little
 * after start (not during the first full refresh, which the first screen is waiting for) and then
 * every few minutes; a run never overlaps another and never holds up a poll.
 */
export const RETENTION_FIRST_DELAY_MS = 30_000;
export const RETENTION_INTERVAL_MS = 5 * 60_000;

export interface RetentionMemory {
  /** When the poller started its schedule, epoch ms. */
  startedAt: number;
  /** When the last retention run finished (success or failure); null = not yet. */
  lastRun: number | null;
}

/** When retention should next run. */
export function nextRetentionAt(memory: RetentionMemory): number {
  return memory.lastRun === null ? memory.startedAt + RETENTION_FIRST_DELAY_MS : memory.lastRun + RETENTION_INTERVAL_MS;
}
