/**
 * Page side of the poller: starts the worker, keeps it told about connectivity, visibility and the
 * user's Go Offline choice, and gives the shell `refreshNow` (the error banner's Retry, the
 * 30-minute periodic refresh, leaving offline mode) and `stop`.
 */
import * as Comlink from 'comlink';
import type { GridSnapshot, Resource } from '../core/model.ts';
import type { PollerWorkerApi, PollReportSummary } from './poller.worker.ts';
import type { CloudView } from './clouds/cloudLoop.ts';
// The worker's script URL. In production builds scripts/vite/sharedChunkWorkers.ts builds it in the
// app's own module graph, so it shares the page's RxDB and Dexie chunks instead of a second copy.
import pollerWorkerUrl from './poller.worker.ts?worker&url';

export interface StartPollerOptions {
  /** Backend base URL (e.g. VITE_SUPABASE_URL); null or '' = SWPC directly. */
  backendBase: string | null;
  /** Follow the user's Go Offline toggle (src/lib/network/networkMonitor.ts subscribeForcedOffline). */
  subscribeForcedOffline?: (cb: (forced: boolean) => void) => () => void;
  initialForcedOffline?: boolean;
  dbName?: string;
  /** See PollerStartOptions.schedule (default 'leader'). */
  schedule?: 'leader' | 'always' | 'manual';
  resources?: Resource[];
  /**
   * The visit began somewhere other than the map: the other screens' products and the backfill
   * need not keep out of the map's first load (poller/firstScreen.ts OTHER_SCREENS_AFTER_MS).
   */
  beganOffMap?: boolean;
  onReport?: (report: PollReportSummary) => void;
  /**
   * A first visit's oval before RxDB (poller/firstGrid.ts): told the grid the worker fetched, or
   * null when none comes; the worker loads RxDB once the promise returned settles (the page: when
   * that oval is drawn). Only the map's route asks.
   */
  onFirstGrid?: (grid: GridSnapshot | null) => Promise<void> | void;
  /** Rung at the moment last passed to `wakeAt` (the page's clock: src/ui/useNow.ts followPageClock). */
  onAlarm?: () => void;
  /** Tests and the bench may supply their own worker. */
  createWorker?: () => Worker;
}

export interface PollerControl {
  setForcedOffline(forced: boolean): void;
  /**
   * Poll now: the given products, or those not current (failing, never polled, due soon), or
   * with `everything` every product; resolves with how many failed and each poll's report.
   */
  refreshNow(
    resources?: Resource[],
    opts?: { everything?: boolean },
  ): Promise<{ failed: number; reports: PollReportSummary[] }>;
  /**
   * A screen shows these products: the worker fetches them now if the first poll deferred them or
   * the connection held them (Save-Data, 2g), and keeps them on their cadence after.
   */
  ask(resources: Resource[]): void;
  /** The map's cloud layer view (box and layer drawn), or null when it is off: the worker fetches its tiles. */
  setCloudView(view: CloudView | null): void;
  /** Ring `onAlarm` at `at` (null: not at all), on the worker's timer with its polls. */
  wakeAt(at: number | null): void;
  stop(): Promise<void>;
  /** Resolves once the worker has opened its database and started. */
  ready: Promise<void>;
}

export type { PollReportSummary };

/** The page's document, typed structurally: this file also type-checks under the worker config. */
interface PageDocument {
  visibilityState: string;
  addEventListener(type: 'visibilitychange', fn: () => void): void;
  removeEventListener(type: 'visibilitychange', fn: () => void): void;
}

/**
 * Start one poller per page (call once, e.g. from main.tsx, not from a component effect that may
 * run twice). Every tab may start one; only the worker holding the poller lock (poller/pollerLeadership.ts) polls on a schedule.
 */
export function startPoller(opts: StartPollerOptions): PollerControl {
  const doc = (globalThis as { document?: PageDocument }).document;
  const worker =
    opts.createWorker?.() ?? new Worker(pollerWorkerUrl, { type: 'module', name: 'aurora-poller' });
  const remote = Comlink.wrap<PollerWorkerApi>(worker);
  let forcedOffline = opts.initialForcedOffline ?? false;
  const visible = () => !doc || doc.visibilityState === 'visible';
  const online = () => typeof navigator === 'undefined' || navigator.onLine !== false;

  const ready = remote.start(
    {
      backendBase: opts.backendBase || null,
      online: online(),
      visible: visible(),
      forcedOffline,
      dbName: opts.dbName,
      schedule: opts.schedule,
      resources: opts.resources,
      beganOffMap: opts.beganOffMap,
    },
    opts.onReport ? Comlink.proxy(opts.onReport) : undefined,
    opts.onFirstGrid ? Comlink.proxy(opts.onFirstGrid) : undefined,
    opts.onAlarm ? Comlink.proxy(opts.onAlarm) : undefined,
  );

  const tell = (patch: { online?: boolean; visible?: boolean; forcedOffline?: boolean }) => {
    // If the worker failed to start, `ready` carries that error; nothing more to tell it.
    ready.then(() => remote.setConditions(patch)).catch(() => undefined);
  };
  const onOnline = () => tell({ online: true });
  const onOffline = () => tell({ online: false });
  const onVisibility = () => tell({ visible: visible() });
  globalThis.addEventListener?.('online', onOnline);
  globalThis.addEventListener?.('offline', onOffline);
  doc?.addEventListener('visibilitychange', onVisibility);
  const unsubscribe = opts.subscribeForcedOffline?.((forced) => {
    forcedOffline = forced;
    tell({ forcedOffline: forced });
  });

  return {
    setForcedOffline(forced) {
      forcedOffline = forced;
      tell({ forcedOffline: forced });
    },
    async refreshNow(resources, opts) {
      await ready;
      return remote.refreshNow(resources, opts);
    },
    ask(resources) {
      ready.then(() => remote.ask(resources)).catch(() => undefined);
    },
    setCloudView(view) {
      ready.then(() => remote.setCloudView(view)).catch(() => undefined);
    },
    wakeAt(at) {
      ready.then(() => remote.wakeAt(at)).catch(() => undefined);
    },
    async stop() {
      globalThis.removeEventListener?.('online', onOnline);
      globalThis.removeEventListener?.('offline', onOffline);
      doc?.removeEventListener('visibilitychange', onVisibility);
      unsubscribe?.();
      try {
        await ready;
        await remote.stop();
      } finally {
        remote[Comlink.releaseProxy]();
        worker.terminate();
      }
    },
    ready,
  };
}
