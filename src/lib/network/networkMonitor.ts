import { config } from '../config.ts';
import { createStore } from '../createStore.ts';
import { readFlag, writeFlag } from '../storage.ts';
import type { ConnectionType, NetworkCondition, TransitionalCondition } from './condition.ts';
import { conditionFrom, conditionFromPing, connectionTypeFrom } from './condition.ts';
import { persistForcedOffline } from './persistForcedOffline.ts';
import { feedReportStore } from '../apiErrors.ts';
import { networkCheckDueAt, newestAnswerAt } from './networkCheckDue.ts';
import { nextWholeMinute, onPageClock } from '../../ui/useNow.ts';

/** The network status as the indicator shows it, plus the user's forced-offline choice. */
export interface NetworkStatus {
  isOnline: boolean;
  condition: NetworkCondition | TransitionalCondition;
  connectionType: ConnectionType;
  rttMs: number | null;
  downlinkMbps: number | null;
  /** Mbps: the browser's downlink estimate; null when only a ping was possible. */
  effectiveBandwidth: number | null;
  lastCheckTime: number | null;
  /** The user pressed Go Offline: no network requests until Go Online. */
  forcedOffline: boolean;
}

/** API requests time out after 10 s; the ping is one of them. */
const PING_TIMEOUT_MS = 10_000;
const FORCED_OFFLINE_KEY = 'aurora-forced-offline';

interface NetworkInformationLike extends EventTarget {
  type?: string;
  effectiveType?: string;
  downlink?: number;
  rtt?: number;
}

function browserConnection(): NetworkInformationLike | null {
  const nav = globalThis.navigator as
    (Navigator & { connection?: NetworkInformationLike }) | undefined;
  return nav?.connection ?? null;
}

function browserOnline(): boolean {
  return globalThis.navigator?.onLine ?? true;
}

export const networkStore = createStore<NetworkStatus>({
  isOnline: browserOnline() && readFlag(FORCED_OFFLINE_KEY) !== 'true',
  condition: 'initializing',
  connectionType: 'unknown',
  rttMs: null,
  downlinkMbps: null,
  effectiveBandwidth: null,
  lastCheckTime: null,
  forcedOffline: readFlag(FORCED_OFFLINE_KEY) === 'true',
});

const forcedListeners = new Set<(forced: boolean) => void>();
const refreshHandlers = new Set<() => void>();

/** For non-React code (the poller client): follow the user's Go Offline / Go Online toggle. */
export function subscribeForcedOffline(cb: (forced: boolean) => void): () => void {
  forcedListeners.add(cb);
  return () => forcedListeners.delete(cb);
}

/** Registers what "leaving offline mode triggers a data refresh" runs. */
export function onRefreshRequested(fn: () => void): () => void {
  refreshHandlers.add(fn);
  return () => refreshHandlers.delete(fn);
}

export function setForcedOffline(forced: boolean): void {
  if (networkStore.get().forcedOffline === forced) return;
  writeFlag(FORCED_OFFLINE_KEY, String(forced));
  void persistForcedOffline(forced);
  applyForcedOffline(forced, true);
}

/**
 * This tab follows a choice made here or in another tab of the app. Only the tab where the user
 * pressed Go Online asks for a refresh; the others' pollers resume their schedule.
 */
function applyForcedOffline(forced: boolean, refresh: boolean): void {
  const was = networkStore.get().forcedOffline;
  if (was === forced) return;
  networkStore.set({ ...networkStore.get(), forcedOffline: forced });
  for (const cb of [...forcedListeners]) cb(forced);
  void checkNetwork();
  if (was && !forced && refresh) for (const fn of [...refreshHandlers]) fn();
}

export interface PingDeps {
  fetch: typeof fetch;
  now: () => number;
  url: string;
}

/** Times one round trip to the backend's ping function; null when it failed. */
export async function pingOnce(deps: PingDeps): Promise<number | null> {
  const started = deps.now();
  try {
    const response = await deps.fetch(deps.url, {
      cache: 'no-store',
      signal: AbortSignal.timeout(PING_TIMEOUT_MS),
    });
    await response.arrayBuffer();
    return response.ok ? deps.now() - started : null;
  } catch {
    return null;
  }
}

let checking: Promise<void> | null = null;

/** One check: the browser's own estimate first, the ping only when the browser says nothing. */
export function checkNetwork(): Promise<void> {
  if (checking) return checking;
  checking = (async () => {
    const previous = networkStore.get();
    const connection = browserConnection();
    const online = browserOnline() && !previous.forcedOffline;
    const downlink = typeof connection?.downlink === 'number' ? connection.downlink : null;
    const base = {
      ...previous,
      isOnline: online,
      connectionType: connectionTypeFrom(connection?.type),
      downlinkMbps: downlink,
      effectiveBandwidth: downlink && downlink > 0 ? downlink : null,
      rttMs: typeof connection?.rtt === 'number' ? connection.rtt : previous.rttMs,
    };
    let condition = conditionFrom({
      online,
      effectiveType: connection?.effectiveType,
      downlinkMbps: downlink,
    });
    if (condition === null) {
      if (previous.condition === 'initializing')
        networkStore.set({ ...base, condition: 'loading' });
      const rtt = await pingOnce({
        fetch: globalThis.fetch.bind(globalThis),
        now: () => performance.now(),
        url: config.pingUrl,
      });
      condition = conditionFromPing(rtt);
      base.rttMs = rtt === null ? null : Math.round(rtt);
    }
    networkStore.set({
      ...base,
      forcedOffline: networkStore.get().forcedOffline,
      condition,
      lastCheckTime: Date.now(),
    });
  })().finally(() => {
    checking = null;
  });
  return checking;
}

let stopMonitor: (() => void) | null = null;

/**
 * Starts the checks and the browser event listeners; idempotent. Returns a stop function. Checks
 * follow events (`online`, `offline`, the connection's `change`, another tab's Go Offline) and run
 * on time only when nothing proved the link for 60 s (networkCheckDue.ts) — on the page's shared
 * clock, at the whole minute the check falls due, so it wakes the page with the ages' tick, not
 * on a timer of its own; the clock sleeps while the page is hidden and wakes it when it is shown.
 */
export function startNetworkMonitor(): () => void {
  if (stopMonitor) return stopMonitor;
  let lastCheckStarted = Date.now();
  const check = () => {
    lastCheckStarted = Date.now();
    void checkNetwork();
  };
  const connection = browserConnection();
  // Go Offline in another tab silences this one too (its poller may be the one that polls).
  const onStorage = (e: StorageEvent) => {
    if (e.key === FORCED_OFFLINE_KEY) applyForcedOffline(e.newValue === 'true', false);
  };
  // Noted as each report comes: the store keeps each feed's latest report only, and a failure
  // replaces the answer before it.
  let lastAnswer: number | null = null;
  const noteAnswer = () => {
    const answer = newestAnswerAt(Object.values(feedReportStore.get()));
    if (answer !== null && (lastAnswer === null || answer > lastAnswer)) lastAnswer = answer;
  };
  const stopFollowingPolls = feedReportStore.subscribe(noteAnswer);
  const due = () =>
    networkCheckDueAt([lastCheckStarted, networkStore.get().lastCheckTime, lastAnswer]);
  window.addEventListener('online', check);
  window.addEventListener('offline', check);
  window.addEventListener('storage', onStorage);
  connection?.addEventListener('change', check);
  const stopClock = onPageClock(
    () => nextWholeMinute(due() - 1),
    () => {
      if (Date.now() >= due()) check();
    },
  );
  // The first check in a task of its own: its store update re-renders the indicator and the
  // layout synchronously, and run from the first screen's mount effects it made their one flush
  // a long task on a phone.
  const first = setTimeout(() => {
    check();
    // The service worker follows the stored choice (it cannot read localStorage).
    void persistForcedOffline(networkStore.get().forcedOffline);
  }, 0);
  stopMonitor = () => {
    clearTimeout(first);
    window.removeEventListener('online', check);
    window.removeEventListener('offline', check);
    window.removeEventListener('storage', onStorage);
    connection?.removeEventListener('change', check);
    stopClock();
    stopFollowingPolls();
    stopMonitor = null;
  };
  return stopMonitor;
}
