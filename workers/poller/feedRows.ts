/**
 * The feed rows the poller owns (one per product, last write wins), kept in its memory. Read from
 * the database once per product; after that each poll's row is worked out from memory, and written
 * only when the page would read something else from it: an answer that changed nothing (304, the
 * same version, no new rows) changes only the check times, and writing those every minute woke the
 * worker (RxDB's query, document and change-event timers) and every live query of the page
 * (issue 29: wake-ups while nothing changes on screen).
 *
 * What the page reads from the check times: the feed state, judged live from the row
 * (core/products/freshness.ts: alerts and advisories are fresh from their last successful fetch;
 * "frozen" needs a recent success), and /live-feeds' "Last update". This poller's own page has
 * them from the report posted after every poll (workers/poller/reportSummary.ts, laid over the
 * stored rows by sync/feeds/reportedChecks.ts). Another tab reads only the stored row: while one
 * is open (`othersRead`), the check times are also written when the row as stored would read
 * another state there before the next poll can write again. And at least every
 * `CHECK_TIMES_LAG_MS`, for the next start.
 *
 * The rows of one poll round are written together, in one write (`pollsInFlight`): each write is
 * one change event, and each event wakes the worker's RxDB (its change-event buffer, document
 * cache and event ids, each on a timer) and every live query of the page. The hourly check-time
 * writes came as 8 rows in a round, one event each (issue 29's soak: 15 row writes in a quiet
 * hour). A row waits until every poll still running has written its row or ended, at most
 * `ROUND_WAIT_MS`.
 */
import type { FeedStatus, Resource } from '../../core/model.ts';
import { liveFeedState } from '../../core/products/freshness.ts';
import type { PollerStore } from './store.ts';
import { realTimers, type Timers } from '../request/timers.ts';

/** Bounds how far the stored check times may lag the poller's own (/live-feeds' "Last update"). */
export const CHECK_TIMES_LAG_MS = 60 * 60_000;
/**
 * A row written anyway takes along check times at least this part of their lag bound old, so the
 * rows' hourly writes fall in the same round (one burst of database work, not one per row).
 */
const JOIN_FRACTION = 0.5;

const sameExceptCheckTimes = (a: FeedStatus, b: FeedStatus): boolean =>
  a.id === b.id &&
  a.dataTime === b.dataTime &&
  a.etag === b.etag &&
  a.lastModified === b.lastModified &&
  a.state === b.state &&
  a.error === b.error &&
  a.schemaDrift === b.schemaDrift &&
  a.replay === b.replay &&
  (a.lastSuccess === null) === (b.lastSuccess === null) &&
  (a.lastAttempt === null) === (b.lastAttempt === null);

/**
 * Whether the poll's row must be written over the stored one at `now`, with the next poll at most
 * `nextPollInMs` away (the source's interval; a round may run it a little late, hence twice).
 * `joining`: another row is being written in this round, so a check time half its bound old goes too.
 * `takenAlong`: a write of the round is going anyway, so any check time that moved goes with it.
 * `othersRead`: another tab may read the stored row (default: yes).
 */
export function mustWriteFeedRow(
  stored: FeedStatus | null,
  next: FeedStatus,
  ctx: {
    now: number;
    nextPollInMs: number;
    joining?: boolean;
    takenAlong?: boolean;
    othersRead?: boolean;
  },
): boolean {
  if (stored === null || !sameExceptCheckTimes(stored, next)) return true;
  if (stored.lastAttempt === next.lastAttempt && stored.lastSuccess === next.lastSuccess)
    return false;
  // The state another tab would read from the stored row, now and until the next poll, is the row's own.
  const asStored = { ...next, lastSuccess: stored.lastSuccess };
  if (ctx.othersRead !== false)
    for (const at of [ctx.now, ctx.now + 2 * ctx.nextPollInMs])
      if (liveFeedState(asStored, at) !== liveFeedState(next, at)) return true;
  const lag = ctx.now - Math.min(stored.lastAttempt ?? ctx.now, stored.lastSuccess ?? ctx.now);
  return lag >= (ctx.takenAlong ? 0 : CHECK_TIMES_LAG_MS * (ctx.joining ? JOIN_FRACTION : 1));
}

/** How long rows written within this span of each other count as one round's. */
const ROUND_SPAN_MS = 30_000;
/**
 * How long a row waits for the round's other polls: a round's answers come in one exchange
 * (multiFetch), so its polls end within tens of ms; a slow one does not hold the others' rows.
 */
export const ROUND_WAIT_MS = 1_000;

export interface FeedRows {
  read(id: Resource): Promise<FeedStatus | null>;
  /**
   * Keeps the row in memory; writes it when `mustWriteFeedRow` says so, with the rows the round's
   * other polls write (resolves once it is written).
   */
  write(status: FeedStatus): Promise<void>;
  /** Writes every row whose check times moved since it was stored (a tab opened that reads them). */
  flush(): Promise<void>;
  /** A poll ended (the poller calls it): the rows waiting for it are written if none is left. */
  pollEnded(): void;
}

interface WaitingRow {
  status: FeedStatus;
  written: () => void;
  failed: (err: unknown) => void;
}

export function feedRowsInMemory(
  store: Pick<PollerStore, 'readFeedStatus' | 'writeFeedStatuses'>,
  opts: {
    now: () => number;
    nextPollInMs: (id: Resource) => number;
    /** Whether another tab may read the stored rows now (default: yes). */
    othersRead?: () => Promise<boolean>;
    /**
     * How many polls are running, those waiting in `write` included: a row waits for the others
     * (without it, each row is written at once).
     */
    pollsInFlight?: () => number;
    timers?: Timers;
  },
): FeedRows {
  const stored = new Map<Resource, FeedStatus | null>();
  const current = new Map<Resource, FeedStatus | null>();
  const timers = opts.timers ?? realTimers;
  let lastWriteAt = Number.NEGATIVE_INFINITY;
  let waiting: WaitingRow[] = [];
  let waitTimer: unknown = null;

  function writeWaiting(): void {
    if (waitTimer !== null) timers.clearTimeout(waitTimer);
    waitTimer = null;
    const rows = waiting;
    waiting = [];
    if (rows.length === 0) return;
    // Every other row whose check times moved goes along (`takenAlong`): the write is one event
    // whatever it holds, and the rows' next hourly writes then fall together. Taking along only
    // check times half their bound old left rows a state change wrote alone on an hour of their
    // own: the soak's quiet hour held two feed writes (107 wake-ups), one with this (94).
    const now = opts.now();
    for (const [id, row] of current) {
      const kept = stored.get(id) ?? null;
      if (row === null || row === kept || rows.some((r) => r.status.id === id)) continue;
      const ctx = { now, nextPollInMs: opts.nextPollInMs(id), takenAlong: true, othersRead: false };
      if (mustWriteFeedRow(kept, row, ctx))
        rows.push({ status: row, written: () => undefined, failed: () => undefined });
    }
    store.writeFeedStatuses(rows.map((r) => r.status)).then(
      () => {
        for (const r of rows) {
          stored.set(r.status.id, r.status);
          r.written();
        }
      },
      (err: unknown) => {
        for (const r of rows) r.failed(err);
      },
    );
  }

  /** Writes the waiting rows once no running poll can add one (or they have waited long enough). */
  function writeWhenRoundIsIn(): void {
    if (waiting.length === 0) return;
    if (waiting.length >= (opts.pollsInFlight?.() ?? 0)) writeWaiting();
    else waitTimer ??= timers.setTimeout(writeWaiting, ROUND_WAIT_MS);
  }

  return {
    async read(id) {
      if (!current.has(id)) {
        const row = await store.readFeedStatus(id);
        if (!current.has(id)) {
          stored.set(id, row);
          current.set(id, row);
        }
      }
      return current.get(id) ?? null;
    },
    async write(status) {
      current.set(status.id, status);
      const now = opts.now();
      const ctx = {
        now,
        nextPollInMs: opts.nextPollInMs(status.id),
        joining: now - lastWriteAt <= ROUND_SPAN_MS,
      };
      const kept = stored.get(status.id) ?? null;
      // Another tab is asked about (a Web Locks query) only when its answer decides the write.
      const write =
        mustWriteFeedRow(kept, status, { ...ctx, othersRead: false }) ||
        (mustWriteFeedRow(kept, status, { ...ctx, othersRead: true }) &&
          (opts.othersRead ? await opts.othersRead().catch(() => true) : true));
      if (!write) return;
      lastWriteAt = now;
      await new Promise<void>((written, failed) => {
        waiting.push({ status, written, failed });
        writeWhenRoundIsIn();
      });
    },
    async flush() {
      const rows: FeedStatus[] = [];
      for (const [id, row] of current)
        if (row !== null && row !== (stored.get(id) ?? null)) rows.push(row);
      await store.writeFeedStatuses(rows);
      for (const row of rows) stored.set(row.id, row);
      lastWriteAt = opts.now();
    },
    pollEnded: writeWhenRoundIsIn,
  };
}
