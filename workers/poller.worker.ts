/**
 * The poller Web Worker: the only code that talks to the agencies. It opens its own RxDB on the
 * same IndexedDB as the page (multi-instance events reach the page's live queries), so fetching,
 * parsing and writing never block the main thread. Only one tab's worker polls on a schedule: the
 * one holding the poller's Web Lock (poller/pollerLeadership.ts); any tab's worker answers an
 * explicit refresh.
 */
import * as Comlink from 'comlink';
import type { AuroraDatabase } from '../sync/database.ts';
import type { GridSnapshot, Resource } from '../core/model.ts';
import type { Poller } from './poller/createPoller.ts';
import type { PollReport } from './poller/pollResource.ts';
import type { ConnectionInfo } from './poller/firstScreen.ts';
import { summariseReport, type PollReportSummary } from './poller/reportSummary.ts';
import type { WeatherLoop } from './weather/weatherLoop.ts';
import type { CloudLoop, CloudView } from './clouds/cloudLoop.ts';
import type { NightsLoop } from './nights/nightsLoop.ts';
import type { LockManagerLike, PollerLeadership } from './poller/pollerLeadership.ts';
import { fetchFirstGrid } from './poller/firstGrid.ts';
import { createBackfillGate } from './poller/backfillGate.ts';
import { realTimers } from './request/timers.ts';
import { keepNewestGridRecord, readEarlyMapRecord } from '../sync/grids/newestGridRecord.ts';

export interface PollerStartOptions {
  /** Backend base URL (`{base}/functions/v1/space-weather/…`); null = SWPC directly. */
  backendBase: string | null;
  online: boolean;
  visible: boolean;
  forcedOffline: boolean;
  /** Database name; tests and the bench use their own. */
  dbName?: string;
  /**
   * 'leader' (default): poll on a schedule once this worker holds the poller lock
   * (poller/pollerLeadership.ts: one tab at a time, signed in or not);
   * 'always': schedule at once; 'manual': only `refreshNow` (tests, bench).
   */
  schedule?: 'leader' | 'always' | 'manual';
  resources?: Resource[];
  /** See workers/client.ts StartPollerOptions.beganOffMap. */
  beganOffMap?: boolean;
}

export type { PollReportSummary };

let db: AuroraDatabase | null = null;
let poller: Poller | null = null;
let listener: ((r: PollReportSummary) => void) | null = null;
let leadership: PollerLeadership | null = null;
let weather: WeatherLoop | null = null;
let clouds: CloudLoop | null = null;
/**
 * Starts the regional cloud loop (workers/clouds/), loaded at the first view the map's cloud layer
 * shows: the layer is off by default, so a first visit never downloads it.
 */
let startClouds: (() => void) | null = null;
/** The latest conditions, for a cloud loop started after they changed. */
const cloudConditions: { online?: boolean; forcedOffline?: boolean } = {};
/** The view the page told last (it may change while the loop's code loads). */
let lastCloudView: CloudView | null = null;
let nights: NightsLoop | null = null;
let alarm: { at: number | null; ring: (() => void) | null } = { at: null, ring: null };
let readers: BroadcastChannel | null = null;

/** The channel on which a tab's poller says its page reads the feed rows of database `name`. */
const readersName = (name: string) => `aurora-feed-readers:${name}`;
/** The backfill waits with the other screens' products, or until a screen asks (poller/backfillGate.ts). */
const backfillGate = createBackfillGate(realTimers);

/** The polled products a verdict is worked out from (core/tonight): a new one re-judges the saved places. */
const VERDICT_INPUTS: ReadonlySet<Resource> = new Set<Resource>(['aurora-oval', 'kp-forecast']);

const summarise = (r: PollReport): PollReportSummary => summariseReport(r, Date.now());

/** Save-Data and the effective type, as the browser rates the connection now (Chromium: WorkerNavigator). */
function readConnection(): ConnectionInfo | null {
  const c = (globalThis.navigator as { connection?: ConnectionInfo } | undefined)?.connection;
  return c ? { saveData: c.saveData, effectiveType: c.effectiveType } : null;
}

const api = {
  /**
   * `onFirstGrid`: the page wants a first visit's oval before RxDB (poller/firstGrid.ts): it is
   * told the grid, or null when none comes, and this worker loads RxDB once its answer comes
   * (the page answers when the oval is drawn).
   */
  async start(
    opts: PollerStartOptions,
    onReport?: (r: PollReportSummary) => void,
    onFirstGrid?: (grid: GridSnapshot | null) => unknown,
    onAlarm?: () => void,
  ): Promise<void> {
    if (poller) return;
    listener = onReport ?? null;
    alarm = { ...alarm, ring: onAlarm ?? null };
    if (onFirstGrid) {
      const first = await fetchFirstGrid({
        fetch: (url, init) => fetch(url, init),
        backendBase: opts.backendBase,
        now: () => Date.now(),
        online: opts.online,
        forcedOffline: opts.forcedOffline,
        kept: async () => (await readEarlyMapRecord(Date.now(), opts.dbName)).newest !== null,
      });
      // The page answers once that oval is drawn (or it gave up waiting): RxDB's chunks then
      // download after it, not beside it on the first visit's bar of signal.
      const drawn = Promise.resolve(onFirstGrid(first)).catch(() => undefined);
      if (first) await keepNewestGridRecord(first, { fetchedAt: Date.now() }, opts.dbName);
      await drawn;
    }
    const {
      DEFAULT_DATABASE_NAME,
      openDatabase,
      createPoller,
      databaseStore,
      foldBackgroundUpdates,
      readBackgroundUpdates,
      openAuroraTrackingDb,
      startWeatherLoop,
      startNightsLoop,
      claimPollerLeadership,
      otherPollersWaiting,
      DEFER_IDLE_MS,
    } = await import('./pollerParts.ts');
    db = await openDatabase({ name: opts.dbName });
    const store = databaseStore(db);
    try {
      const tracking = await openAuroraTrackingDb();
      await foldBackgroundUpdates(await readBackgroundUpdates(tracking), store);
      tracking.close();
    } catch {
      // No background updates (first run, private mode): nothing to fold in.
    }
    const locks = (globalThis.navigator as { locks?: LockManagerLike } | undefined)?.locks;
    const dbName = opts.dbName ?? DEFAULT_DATABASE_NAME;
    if (opts.beganOffMap) backfillGate.open();
    poller = createPoller({
      otherScreensAfterMs: opts.beganOffMap ? DEFER_IDLE_MS : undefined,
      // With the poller lock, another tab open on the database waits for it (pollerLeadership.ts).
      othersRead:
        (opts.schedule ?? 'leader') === 'leader'
          ? () => otherPollersWaiting(dbName, locks)
          : undefined,
      fetch: (url, init) => fetch(url, init),
      backendBase: opts.backendBase,
      store,
      resources: opts.resources,
      conditions: { online: opts.online, visible: opts.visible, forcedOffline: opts.forcedOffline },
      connection: readConnection,
      // A page gone or closing does not answer: nothing to do about it here.
      onAlarm: () => void Promise.resolve(alarm.ring?.()).catch(() => undefined),
      onReport: (r) => {
        if (r.outcome === 'updated' && VERDICT_INPUTS.has(r.resource)) nights?.inputsChanged();
        listener?.(summarise(r));
      },
      // After a gap: what the device missed from the archive, then tonight's verdicts scored.
      backfill: opts.backendBase
        ? async ({ signal, mayContinue }) => {
            await backfillGate.opened();
            if (!mayContinue()) return;
            const deps = {
              fetch: (url: string, init: RequestInit) => fetch(url, init),
              backendBase: opts.backendBase as string,
              store,
              now: () => Date.now(),
              mayContinue,
              signal,
            };
            // Loaded when first needed, once the gate opens: not part of the worker's start.
            const [{ backfill }, { scoreNights }] = await Promise.all([
              import('./poller/backfill.ts'),
              import('./poller/scoreNights.ts'),
            ]);
            await backfill(deps);
            await scoreNights(deps);
          }
        : undefined,
    });
    const p = poller;
    p.setAlarm(alarm.at);
    // A tab opening reads the feed rows as stored; the polling tab's are behind by up to an hour in
    // their check times (poller/feedRows.ts): it says so, and the polling worker writes them.
    readers =
      typeof BroadcastChannel === 'function' ? new BroadcastChannel(readersName(dbName)) : null;
    readers?.addEventListener('message', () => {
      if (p.running) void p.flushFeedRows().catch(() => undefined);
    });
    readers?.postMessage('reading');
    const schedule = opts.schedule ?? 'leader';
    // The regional cloud layer follows this tab's map (setCloudView), in every tab: it polls only
    // while a map here shows it.
    const d0 = db;
    const backendBase = opts.backendBase;
    if (backendBase) {
      Object.assign(cloudConditions, { online: opts.online, forcedOffline: opts.forcedOffline });
      let loading = false;
      startClouds = () => {
        if (loading) return;
        loading = true;
        void import('./clouds/cloudLoop.ts').then(({ startCloudLoop }) => {
          if (db !== d0) return;
          clouds = startCloudLoop({
            db: d0,
            fetch: (url, init) => fetch(url, init),
            backendBase,
            online: cloudConditions.online ?? opts.online,
            forcedOffline: cloudConditions.forcedOffline ?? opts.forcedOffline,
          });
          clouds.setView(lastCloudView);
        });
      };
      // A view told before the worker was ready.
      if (lastCloudView) startClouds();
    }
    // The cloud forecast of the user's place polls beside the SWPC products, from the same tab;
    // so does keeping tonight's verdict at every saved place (workers/nights/), once per tab set.
    const startWeather = () => {
      if (poller === p) nights = startNightsLoop({ db: d0 });
      if (opts.backendBase && poller === p)
        weather = startWeatherLoop({
          db: d0,
          fetch: (url, init) => fetch(url, init),
          backendBase: opts.backendBase,
          online: opts.online,
          forcedOffline: opts.forcedOffline,
        });
    };
    if (schedule === 'always') {
      p.start();
      startWeather();
    } else if (schedule === 'leader') {
      const d = db;
      leadership = claimPollerLeadership(dbName, locks, () => d.waitForLeadership());
      void leadership.acquired.then(() => {
        if (poller === p) p.start();
        startWeather();
      });
    }
  },

  setConditions(patch: { online?: boolean; visible?: boolean; forcedOffline?: boolean }): void {
    poller?.setConditions(patch);
    weather?.setConditions(patch);
    if (patch.online !== undefined) cloudConditions.online = patch.online;
    if (patch.forcedOffline !== undefined) cloudConditions.forcedOffline = patch.forcedOffline;
    clouds?.setConditions(patch);
  },

  /** What this tab's map shows of the cloud layer (null: the layer is off or no map is open). */
  setCloudView(view: CloudView | null): void {
    lastCloudView = view;
    if (clouds) clouds.setView(view);
    else if (view) startClouds?.();
  },

  async refreshNow(
    resources?: Resource[],
    opts?: { everything?: boolean },
  ): Promise<{ failed: number; reports: PollReportSummary[] }> {
    if (!poller) return { failed: 0, reports: [] };
    const { failed, reports } = await poller.refreshNow(resources, opts);
    return { failed, reports: reports.map(summarise) };
  },

  /**
   * The page's clock wants a tick at `at` (null: none): rung through `onAlarm` on the poller's
   * timer, with the minute's polls (Poller.setAlarm).
   */
  wakeAt(at: number | null): void {
    alarm = { ...alarm, at };
    poller?.setAlarm(at);
  },

  /** A screen shows these products: see Poller.ask (poller/createPoller.ts). */
  ask(resources: Resource[]): void {
    backfillGate.open();
    poller?.ask(resources);
  },

  async stop(): Promise<void> {
    leadership?.release();
    leadership = null;
    poller?.stop();
    poller = null;
    weather?.stop();
    weather = null;
    clouds?.stop();
    clouds = null;
    startClouds = null;
    lastCloudView = null;
    nights?.stop();
    nights = null;
    listener = null;
    alarm = { at: null, ring: null };
    readers?.close();
    readers = null;
    const d = db;
    db = null;
    if (d && !d.closed) await d.close();
  },
};

export type PollerWorkerApi = typeof api;

Comlink.expose(api);
