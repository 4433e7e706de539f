import type { AuroraDatabase } from '../database.ts';
import { replayQueue, type ReplayOptions, type ReplayResult } from './replayQueue.ts';

/** The window event src/pwa/registerServiceWorker.ts fires when the SW's background sync runs. */
export const PAGE_BACKGROUND_SYNC_EVENT = 'aurora:sync-aurora-data';
/** The message the service worker posts to open pages on `sync-aurora-data`. */
const SW_SYNC_MESSAGE_TYPE = 'sync-aurora-data';

interface EventSource {
  addEventListener(type: string, listener: (event: Event) => void): void;
  removeEventListener(type: string, listener: (event: Event) => void): void;
}

export interface ReplayTriggerOptions extends Omit<ReplayOptions, 'force' | 'db'> {
  db: AuroraDatabase;
  /** src/lib/apiErrors.ts setRetryHandler: the error banner's Retry replays the queue. */
  setRetryHandler?: (fn: (() => Promise<{ failed: number }>) | null) => () => void;
  /** Where `online` and the page's background-sync event fire (default: globalThis). */
  events?: EventSource;
  /** Where the SW's `{ type: 'sync-aurora-data' }` message arrives (default: navigator.serviceWorker). */
  serviceWorker?: EventSource | null;
  /** Told about every run (e.g. to show "Some requests still failed"). */
  onResult?: (result: ReplayResult) => void;
  /**
   * True while the user has chosen Go Offline: nothing is sent, no trigger runs and no back-off
   * timer is kept; `resumed` says when that ends (a replay then runs at once, as on reconnect).
   */
  paused?: () => boolean;
  resumed?: (listener: () => void) => () => void;
  /** Timers, injectable for tests. */
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

/**
 * Wire the queue's replay triggers: reconnect (`online`), the banner's Retry, the service
 * worker's background sync (its message, and the page event the PWA layer re-fires), and a timer
 * for the earliest back-off. Reconnect and Retry ignore back-off; the timer respects it.
 * Returns a function that removes every trigger.
 */
export function installReplayTriggers(options: ReplayTriggerOptions): () => void {
  const { db, onResult } = options;
  const events = options.events ?? (globalThis as unknown as EventSource);
  const sw =
    options.serviceWorker === undefined
      ? ((globalThis as { navigator?: { serviceWorker?: EventSource } }).navigator?.serviceWorker ??
        null)
      : options.serviceWorker;
  const setTimer = options.setTimer ?? ((fn: () => void, ms: number) => setTimeout(fn, ms));
  const clearTimer =
    options.clearTimer ?? ((h: unknown) => clearTimeout(h as ReturnType<typeof setTimeout>));
  let timer: unknown = null;
  let stopped = false;

  const schedule = async () => {
    if (stopped) return;
    if (timer !== null) clearTimer(timer);
    timer = null;
    const next = await db.queue
      .findOne({ selector: { state: 'pending' }, sort: [{ nextAttempt: 'asc' }] })
      .exec();
    if (!next || stopped) return;
    const now = (options.now ?? Date.now)();
    timer = setTimer(() => void run(false), Math.max(0, next.nextAttempt - now));
  };

  const run = async (force: boolean): Promise<ReplayResult> => {
    if (options.paused?.()) {
      if (timer !== null) clearTimer(timer);
      timer = null;
      const remaining = await db.queue.count({ selector: { state: 'pending' } }).exec();
      return { sent: 0, failed: remaining, rejected: 0, remaining };
    }
    const result = await replayQueue({ ...options, db, force });
    onResult?.(result);
    await schedule();
    return result;
  };
  const runSafely = (force: boolean) => () => {
    if (!db.closed) run(force).catch(() => undefined);
  };

  const onOnline = runSafely(true);
  const onBackgroundSync = runSafely(true);
  const onSwMessage = (event: Event) => {
    const data = (event as MessageEvent<{ type?: unknown } | null>).data;
    if (data && data.type === SW_SYNC_MESSAGE_TYPE) onBackgroundSync();
  };
  events.addEventListener('online', onOnline);
  events.addEventListener(PAGE_BACKGROUND_SYNC_EVENT, onBackgroundSync);
  sw?.addEventListener('message', onSwMessage);
  const unsubscribeResumed = options.resumed?.(runSafely(true));
  const unregisterRetry = options.setRetryHandler?.(async () => ({
    failed: (await run(true)).failed,
  }));
  // Anything left from an earlier session goes out as soon as it is due.
  runSafely(false)();

  return () => {
    stopped = true;
    if (timer !== null) clearTimer(timer);
    events.removeEventListener('online', onOnline);
    events.removeEventListener(PAGE_BACKGROUND_SYNC_EVENT, onBackgroundSync);
    sw?.removeEventListener('message', onSwMessage);
    unregisterRetry?.();
    unsubscribeResumed?.();
  };
}

/**
 * Page start-up wiring: open the page database and install the triggers. The app calls this once
 * (e.g. from main.tsx) with `backendFetch` and the backend URL from src/auth, and
 * `setRetryHandler` from src/lib/apiErrors.ts.
 */
export async function startQueueReplay(
  options: Omit<ReplayTriggerOptions, 'db'> & { db?: AuroraDatabase },
): Promise<() => void> {
  const { getDatabase } = await import('../database.ts');
  const db = options.db ?? (await getDatabase());
  return installReplayTriggers({ ...options, db });
}
