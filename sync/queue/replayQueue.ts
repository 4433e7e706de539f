import { getDatabase, type AuroraDatabase } from '../database.ts';
import type { QueueDoc } from '../schemas/queue.ts';
import { classifyResponse, nextAttemptAt } from './backoff.ts';

export interface ReplayOptions {
  /** The fetch to send with (the app passes one that adds the session's apikey/Authorization). */
  fetch: (input: string, init: RequestInit) => Promise<Response>;
  now?: () => number;
  db?: AuroraDatabase;
  /** Base URL for queued paths. */
  baseUrl?: string;
  /** Ignore back-off (a person pressed Retry, or the network just came back). */
  force?: boolean;
  /** Stop between requests (the page is going away). */
  signal?: AbortSignal;
  /**
   * Web Locks, to keep replays of one database to one at a time across tabs, the poller worker
   * and the service worker. Default `navigator.locks` where it exists; null = this realm only.
   */
  locks?: LockManagerLike | null;
}

/** The part of the Web Locks API (`navigator.locks`) a replay uses. */
export interface LockManagerLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

export interface ReplayResult {
  /** Requests that took effect (2xx) and left the queue. */
  sent: number;
  /** Requests that failed in this run: will be retried (`retry`) or were refused (`rejected`). */
  failed: number;
  rejected: number;
  /** Pending requests still queued after the run. */
  remaining: number;
}

const MAX_ERROR_TEXT = 300;

function resolveTarget(target: string, baseUrl: string | undefined): string {
  if (/^https?:\/\//i.test(target)) return target;
  if (!baseUrl) throw new Error(`Queued request to ${target} needs a base URL`);
  return baseUrl.replace(/\/+$/, '') + (target.startsWith('/') ? target : `/${target}`);
}

async function errorText(res: Response): Promise<string> {
  const text = await res.text().catch(() => '');
  return `HTTP ${res.status}${text ? `: ${text.slice(0, MAX_ERROR_TEXT)}` : ''}`;
}

/** The lock every context takes to replay a database's queue. */
function replayLockName(db: AuroraDatabase): string {
  return `aurora-queue-replay:${db.name}`;
}

function defaultLocks(): LockManagerLike | null {
  return (globalThis as { navigator?: { locks?: LockManagerLike } }).navigator?.locks ?? null;
}

interface Lane {
  /** The last run asked for; the next one starts after it. */
  tail: Promise<unknown>;
  /** A run asked for that has not started reading the queue yet: later calls join it. */
  waiting: { force: boolean; promise: Promise<ReplayResult> } | null;
}
const lanes = new WeakMap<AuroraDatabase, Lane>();

/**
 * Send every due pending request, oldest first, one at a time (so a profile write made after
 * another lands after it). Each carries `Idempotency-Key: <id>`; the document is removed only
 * after a 2xx, so a replay interrupted anywhere (tab closed mid-request, crash after the server
 * applied it) re-sends that request next time and the server's key check makes it take effect
 * once.
 *
 * One replay at a time: in this realm, runs of a database are serialised, and a call made while
 * a run is still waiting to start joins it (reconnect, the SW's sync message and its page event
 * often fire together — one run answers them all, with `force` if any asked for it, sent with the
 * first caller's fetch and base URL). A call made while a run is already sending starts after it,
 * so a request queued meanwhile is not missed. Across tabs and workers, the run holds a Web Lock.
 */
export function replayQueue(options: ReplayOptions): Promise<ReplayResult> {
  return (async () => {
    const db = options.db ?? (await getDatabase());
    let lane = lanes.get(db);
    if (!lane) lanes.set(db, (lane = { tail: Promise.resolve(), waiting: null }));
    const joined = lane.waiting;
    if (joined) {
      joined.force ||= options.force === true;
      return joined.promise;
    }
    const locks = options.locks === undefined ? defaultLocks() : options.locks;
    const slot: NonNullable<Lane['waiting']> = {
      force: options.force === true,
      promise: Promise.resolve(EMPTY_RESULT),
    };
    const l = lane;
    const start = () => {
      if (l.waiting === slot) l.waiting = null;
      return replayOnce(db, { ...options, force: slot.force });
    };
    slot.promise = l.tail
      .catch(() => undefined)
      .then(() => (locks ? locks.request(replayLockName(db), start) : start()));
    // Should the lock or the previous run fail before this one starts, later calls must not join it.
    const settled = slot.promise.finally(() => {
      if (l.waiting === slot) l.waiting = null;
    });
    slot.promise = settled;
    lane.waiting = slot;
    lane.tail = settled;
    return settled;
  })();
}

const EMPTY_RESULT: ReplayResult = { sent: 0, failed: 0, rejected: 0, remaining: 0 };

async function replayOnce(db: AuroraDatabase, options: ReplayOptions): Promise<ReplayResult> {
  const now = options.now ?? Date.now;
  const result: ReplayResult = { sent: 0, failed: 0, rejected: 0, remaining: 0 };
  const due = await db.queue
    .find({ selector: { state: 'pending' }, sort: [{ createdAt: 'asc' }, { id: 'asc' }] })
    .exec();
  for (const doc of due) {
    if (options.signal?.aborted) break;
    const req: QueueDoc = doc.toMutableJSON(false);
    if (!options.force && req.nextAttempt > now()) continue;
    let outcome: 'done' | 'retry' | 'rejected';
    let error: string | null = null;
    try {
      const res = await options.fetch(resolveTarget(req.target, options.baseUrl), {
        method: req.method,
        headers: { ...req.headers, 'Idempotency-Key': req.id },
        body: req.body ?? undefined,
        signal: options.signal,
      });
      outcome = classifyResponse(res.status);
      if (outcome !== 'done') error = await errorText(res);
      else await res.body?.cancel().catch(() => undefined);
    } catch (e) {
      if (options.signal?.aborted) break;
      outcome = 'retry';
      error = e instanceof Error ? e.message : String(e);
    }
    if (outcome === 'done') {
      await doc.getLatest().remove();
      result.sent++;
      continue;
    }
    result.failed++;
    const attempts = req.attempts + 1;
    if (outcome === 'rejected') result.rejected++;
    await doc.getLatest().incrementalPatch({
      attempts,
      lastError: error,
      nextAttempt: outcome === 'retry' ? nextAttemptAt(attempts, now()) : req.nextAttempt,
      state: outcome === 'rejected' ? 'rejected' : 'pending',
    });
  }
  result.remaining = await db.queue.count({ selector: { state: 'pending' } }).exec();
  return result;
}
