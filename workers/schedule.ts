/**
 * When to poll, and how fresh a feed is. Pure functions: time, connectivity and visibility are
 * passed in. The worker asks `nextPollAt` for every source after each event (poll done, online,
 * visible, forced offline toggled) and sleeps until the earliest.
 */
import type { Source } from '../core/products/sources.ts';

// The feed-state rule lives with the freshness table in the core; the poller's importers keep this path.
export { dataAgeMs, feedState } from '../core/products/freshness.ts';

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
const HIDDEN_SLOWDOWN = 5;
const HIDDEN_MIN_INTERVAL_MS = 5 * 60_000;
/** Back-off for a failing upstream doubles per failure, capped at 16× cadence and 1 hour. */
const MAX_BACKOFF_MS = 60 * 60_000;

/** The wait after `failures` consecutive failures: cadence, 2×, 4×, … (capped). */
export function backoffMs(cadenceMs: number, failures: number): number {
  if (failures <= 0) return cadenceMs;
  const factor = 2 ** Math.min(failures, 4);
  return Math.min(Math.max(cadenceMs, cadenceMs * factor), Math.max(cadenceMs, MAX_BACKOFF_MS));
}

/** The interval between polls of a source under the current conditions. */
export function pollIntervalMs(
  source: Pick<Source, 'cadenceMs'>,
  memory: PollMemory,
  visible: boolean,
): number {
  const base = visible
    ? source.cadenceMs
    : Math.max(source.cadenceMs * HIDDEN_SLOWDOWN, HIDDEN_MIN_INTERVAL_MS);
  return backoffMs(base, memory.failures);
}

/** When this source should next be polled; null = not while offline or forced offline. */
export function nextPollAt(
  source: Pick<Source, 'cadenceMs'>,
  memory: PollMemory,
  c: PollConditions,
): number | null {
  if (!c.online || c.forcedOffline) return null;
  if (memory.lastAttempt === null) return c.now;
  return memory.lastAttempt + pollIntervalMs(source, memory, c.visible);
}

/**
 * Products that leave together share one exchange (request/multiFetch.ts); timed each from its own
 * last attempt they drift apart (each poll ends at its own time, the first poll defers some) and go
 * alone. So when a round runs, a product due within `max(5 s, 10 % of its interval)` joins it, and
 * so does one that would otherwise come due on its own before that round comes again (not within
 * that next round's own horizon of it, where it simply goes with the next round) — never before half its interval
 * has passed since its last attempt, and never while it is backing off (a failing upstream keeps
 * its longer wait). Products of one cadence then share every round, and slower ones ride in the
 * rounds of the faster ones.
 */
const JOIN_MIN_HORIZON_MS = 5_000;
const JOIN_HORIZON_FRACTION = 0.1;

/** How long before its own time a product may always join a round: max(5 s, 10 % of its interval). */
export function joinHorizonMs(intervalMs: number): number {
  return Math.max(JOIN_MIN_HORIZON_MS, intervalMs * JOIN_HORIZON_FRACTION);
}

/** When a round of these products comes again: the shortest of their intervals. */
function roundIntervalMs(
  members: readonly { source: Pick<Source, 'cadenceMs'>; memory: PollMemory }[],
  visible: boolean,
): number {
  return Math.min(...members.map((d) => pollIntervalMs(d.source, d.memory, visible)));
}

export interface RoundCandidate<K> {
  key: K;
  source: Pick<Source, 'cadenceMs'>;
  memory: PollMemory;
  /** Its time (and any other gate) has come. */
  due: boolean;
  /** Nothing but its time holds it back (the first-poll deferral and the Save-Data hold do). */
  mayJoin: boolean;
}

/**
 * The products a round that runs at `c.now` polls: the due ones, the ones due within their
 * horizon, then those that would otherwise come due alone before this round comes again (the
 * shortest interval among the first two groups). Empty when nothing is due.
 */
export function pollRound<K>(candidates: readonly RoundCandidate<K>[], c: PollConditions): K[] {
  if (!candidates.some((x) => x.due)) return [];
  const near = candidates.filter(
    (x) => x.due || (x.mayJoin && joinsRound(x.source, x.memory, c, 0)),
  );
  const every = roundIntervalMs(near, c.visible);
  return candidates
    .filter((x) => near.includes(x) || (x.mayJoin && joinsRound(x.source, x.memory, c, every)))
    .map((x) => x.key);
}

/**
 * Whether this source, not yet due, goes with a round that runs at `c.now` and comes again after
 * `roundEveryMs` (the shortest interval among the products it polls anyway; 0 = the horizon only).
 */
export function joinsRound(
  source: Pick<Source, 'cadenceMs'>,
  memory: PollMemory,
  c: PollConditions,
  roundEveryMs: number,
): boolean {
  if (!c.online || c.forcedOffline) return false;
  if (memory.lastAttempt === null) return true;
  if (memory.failures > 0) return false;
  const interval = pollIntervalMs(source, memory, c.visible);
  if (c.now - memory.lastAttempt < interval / 2) return false;
  const at = memory.lastAttempt + interval;
  // Due close to the next round (within that round's horizon), it goes with that one instead.
  return (
    at <= c.now + joinHorizonMs(interval) || at < c.now + roundEveryMs - joinHorizonMs(roundEveryMs)
  );
}

export function isPollDue(
  source: Pick<Source, 'cadenceMs'>,
  memory: PollMemory,
  c: PollConditions,
): boolean {
  const at = nextPollAt(source, memory, c);
  return at !== null && at <= c.now;
}

/**
 * Retention (sync/retention.ts) keeps the local database bounded. The poller runs it a little
 * after start (not during the first full refresh, which the first screen is waiting for) and then
 * hourly; a run never overlaps another and never holds up a poll.
 */
export const RETENTION_FIRST_DELAY_MS = 30_000;
/**
 * Bounds how long what retention drops stays stored past its window: the windows are days (an
 * hour more of 1-minute rows is ~60 rows a series), and each run's queries wake the worker, so
 * hourly, not every few minutes (issue 29: wake-ups in a quiet hour).
 */
export const RETENTION_INTERVAL_MS = 60 * 60_000;

export interface RetentionMemory {
  /** When the poller started its schedule, epoch ms. */
  startedAt: number;
  /** When the last retention run finished (success or failure); null = not yet. */
  lastRun: number | null;
}

/** When retention should next run. */
export function nextRetentionAt(memory: RetentionMemory): number {
  return memory.lastRun === null
    ? memory.startedAt + RETENTION_FIRST_DELAY_MS
    : memory.lastRun + RETENTION_INTERVAL_MS;
}
