/**
 * The poll loop: after every event (start, a poll finishing, online/offline, visibility, forced
 * offline, refresh) it polls what is due and sleeps until the next source is due. Nothing is
 * polled while offline or forced offline; coming back online or visible re-evaluates at once.
 * The first full poll asks for what `/` draws first; the rest follows once that is in, and on
 * Save-Data or 2g the images and large optional products wait until a screen asks (firstScreen.ts).
 * Beside it runs retention (sync/retention.ts through the store): shortly after start, then hourly,
 * on its own timer, so a poll never waits for it — offline too, as it is local work.
 */
import { RESOURCES, type Resource } from '../../core/model.ts';
import {
  nextPollAt,
  pollRound,
  nextRetentionAt,
  pollIntervalMs,
  joinHorizonMs,
  type PollConditions,
  type PollMemory,
  type RetentionMemory,
  type RoundCandidate,
} from '../schedule.ts';
import type { RetentionPlan } from '../../sync/retention.ts';
import { pollOrder, sourceFor } from '../../core/products/sources.ts';
import { createBatcher } from '../request/batcher.ts';
import { createInFlight } from '../request/inFlight.ts';
import { realTimers, type Timers } from '../request/timers.ts';
import type { FetchLike } from '../request/requestWithRetry.ts';
import { pollResource, roundPollEnded, roundStarts, type PollReport } from './pollResource.ts';
import { earliestPollAt, firstScreenTried, isHeld, type ConnectionInfo } from './firstScreen.ts';
import type { PollerStore } from './store.ts';
import { feedRowsInMemory } from './feedRows.ts';

export interface PollerOptions {
  fetch: FetchLike;
  backendBase: string | null;
  store: PollerStore;
  now?: () => number;
  timers?: Timers;
  resources?: readonly Resource[];
  conditions?: Partial<Omit<PollConditions, 'now'>>;
  /** The connection as the browser rates it (`navigator.connection`), read at every evaluation. */
  connection?: () => ConnectionInfo | null;
  /** Called after each poll (the worker forwards reports to the page for the debug overlay). */
  onReport?: (report: PollReport) => void;
  /** Called after each retention run (tests; the debug overlay could show it). */
  onRetention?: (report: RetentionReport) => void;
  /**
   * Fill what the device missed from the backend's archive (poller/backfill.ts): run once the
   * first screen's products are in, and again each time polling is allowed again (back online,
   * Go Online), never two at once; `mayContinue` turns false the moment polling is not allowed.
   */
  backfill?: (ctx: { signal: AbortSignal; mayContinue: () => boolean }) => Promise<unknown>;
  /**
   * Whether another tab may read the feed rows this poller keeps (poller/feedRows.ts): its page has
   * every poll's report, another tab only what is stored. Default: yes.
   */
  othersRead?: () => Promise<boolean>;
  /** See firstScreen.ts `FirstScreenState.otherScreensAfterMs`. */
  otherScreensAfterMs?: number;
  /** Rung at the moment `setAlarm` asked for (the page's clock, src/ui/clock/sharedClock.ts `follow`). */
  onAlarm?: () => void;
}

export interface RetentionReport {
  /** The `now` the run used. */
  at: number;
  plan: RetentionPlan | null;
  error: string | null;
}

export interface Poller {
  start(): void;
  stop(): void;
  setConditions(patch: Partial<Omit<PollConditions, 'now'>>): void;
  /**
   * Poll now (still not while offline): the given resources (they count as asked for, see `ask`),
   * or every resource not held on this connection — on a running schedule only those failing,
   * never polled or due (it keeps the rest current), or all of them with `everything` (leaving
   * offline mode: the spec's "triggers a data refresh"). Resolves with how many failed.
   */
  refreshNow(
    resources?: readonly Resource[],
    opts?: { everything?: boolean },
  ): Promise<{ failed: number; reports: PollReport[] }>;
  /**
   * A screen shows these products: they leave the first-poll deferral and the Save-Data hold for
   * good and follow their cadence (polled at once when never polled). A poller that does not poll
   * on a schedule (another tab does) polls the held ones it has never polled, once.
   */
  ask(resources: readonly Resource[]): void;
  /**
   * Rings `onAlarm` at `at` (null: no alarm), on the poller's own timer, also when it does not poll
   * (another tab does, offline): the page's clock wants a tick at the minute the worker wakes
   * anyway. The schedule moves onto the alarm (`pollDue`), so the rounds ring it: one wake-up a
   * minute, not two.
   */
  setAlarm(at: number | null): void;
  /** A tab opened that reads the feed rows as stored: every row whose check times moved is written. */
  flushFeedRows(): Promise<void>;
  readonly running: boolean;
}

/** Longest sleep between evaluations, so clock jumps (sleep/resume) are noticed. */
const MAX_SLEEP_MS = 60_000;
/**
 * How far a poll may move, late or early, to go with the page clock's alarm (`setAlarm`): half its
 * interval (so a product is never polled twice as often, and from any phase one of the two
 * directions reaches the alarm), and at most 30 s (bounds how late a minute's data may come once).
 */
const alarmShiftMs = (intervalMs: number): number => Math.min(intervalMs / 2, 30_000);

export function createPoller(opts: PollerOptions): Poller {
  const now = opts.now ?? (() => Date.now());
  const timers = opts.timers ?? realTimers;
  const resources = pollOrder(opts.resources ?? RESOURCES);
  const conditions = { online: true, forcedOffline: false, visible: true, ...opts.conditions };
  const memory = new Map<Resource, PollMemory>(
    resources.map((r) => [r, { lastAttempt: null, failures: 0 }]),
  );
  const polling = new Set<Resource>();
  const connection = opts.connection ?? (() => null);
  const asked = new Set<Resource>();
  const tried = (r: Resource) => (memory.get(r) as PollMemory).lastAttempt !== null;
  // When the first screen's products were all tried once; -Infinity: this poller polls none of them.
  let firstScreenDoneAt: number | null = firstScreenTried(resources, () => false)
    ? Number.NEGATIVE_INFINITY
    : null;
  const abort = new AbortController();
  const inFlight = createInFlight();
  const batcher = createBatcher({ timers });
  let timer: unknown = null;
  let running = false;
  const retention: RetentionMemory = { startedAt: 0, lastRun: null };
  let retentionTimer: unknown = null;
  let retentionRunning = false;
  let backfilling = false;
  let alarmAt: number | null = null;
  let stopped = false;

  // The feed rows this poller writes, in its memory: an unchanged answer writes nothing (feedRows.ts).
  const feedRows = feedRowsInMemory(opts.store, {
    now,
    othersRead: opts.othersRead,
    // A round's rows are written together, once its polls are in (one change event, not one each).
    pollsInFlight: () => polling.size,
    timers,
    nextPollInMs: (r) =>
      pollIntervalMs(
        sourceFor(r),
        memory.get(r) ?? { lastAttempt: null, failures: 0 },
        conditions.visible,
      ),
  });
  const deps = {
    fetch: opts.fetch,
    backendBase: opts.backendBase,
    store: Object.assign(Object.create(opts.store) as PollerStore, {
      readFeedStatus: feedRows.read,
      writeFeedStatus: feedRows.write,
    }),
    now,
    inFlight,
    batcher,
    timers,
    signal: abort.signal,
  };

  function mayPoll(): boolean {
    return running && conditions.online && !conditions.forcedOffline;
  }

  /** The backfill after a gap: after the first screen's products, and at every reconnect. */
  function maybeBackfill(): void {
    if (!opts.backfill || backfilling || !mayPoll() || firstScreenDoneAt === null) return;
    backfilling = true;
    opts
      .backfill({ signal: abort.signal, mayContinue: mayPoll })
      .catch(() => {
        // A backfill that failed leaves a gap the charts show; the next reconnect tries again.
      })
      .finally(() => {
        backfilling = false;
      });
  }

  async function pollOne(resource: Resource): Promise<PollReport | null> {
    if (polling.has(resource)) return null;
    polling.add(resource);
    try {
      const report = await pollResource(resource, deps);
      const m = memory.get(resource) as PollMemory;
      m.lastAttempt = now();
      m.failures = report.outcome === 'failed' ? m.failures + 1 : 0;
      opts.onReport?.(report);
      return report;
    } catch {
      // Only the store failing to write the feed row gets here; count it and carry on.
      const m = memory.get(resource) as PollMemory;
      m.lastAttempt = now();
      m.failures++;
      return null;
    } finally {
      polling.delete(resource);
      feedRows.pollEnded();
      roundPollEnded(deps, resource);
      if (firstScreenDoneAt === null && firstScreenTried(resources, tried)) {
        firstScreenDoneAt = now();
        maybeBackfill();
      }
      if (running) evaluate();
    }
  }

  /**
   * Whether a refresh without a list (Retry, the page's periodic and on-visible refreshes) polls
   * this product: a running schedule keeps the others current, and polling every product again
   * every 30 min woke the worker for a round of unchanged answers and knocked the rounds out of
   * step (issue 29). Failing, never polled, or due within its horizon: polled.
   */
  function stale(r: Resource): boolean {
    if (!running) return true;
    const m = memory.get(r) as PollMemory;
    const c: PollConditions = { ...conditions, now: now() };
    const at = nextPollAt(sourceFor(r), m, c);
    return (
      m.failures > 0 ||
      at === null ||
      at <= c.now + joinHorizonMs(pollIntervalMs(sourceFor(r), m, conditions.visible))
    );
  }

  function evaluate(): void {
    if (timer !== null) timers.clearTimeout(timer);
    timer = null;
    if (stopped) return;
    const t = now();
    const ringing = alarmAt !== null && alarmAt <= t;
    if (ringing) {
      alarmAt = null;
      opts.onAlarm?.();
    }
    let sleep = alarmAt === null ? Infinity : alarmAt - t;
    const next = mayPoll() ? pollDue(t, ringing) : Infinity;
    if (next !== Infinity) sleep = Math.min(sleep, MAX_SLEEP_MS, Math.max(1_000, next - t));
    if (sleep !== Infinity) timer = timers.setTimeout(evaluate, Math.max(0, sleep));
  }

  /**
   * Starts the round due at `t` and says when the next product comes due. With an alarm set, the
   * schedule moves onto it: a product due up to `alarmShiftMs` before the alarm waits for it, and
   * one due up to that much after it goes with it (`awake`: the alarm is ringing), so after at most
   * one poll that much late or early the rounds ring the alarm (one wake-up a minute, not two).
   */
  function pollDue(t: number, awake: boolean): number {
    const c: PollConditions = { ...conditions, now: t };
    let next = Infinity;
    const conn = connection();
    const candidates: RoundCandidate<Resource>[] = [];
    for (const r of resources) {
      if (polling.has(r)) continue;
      const m = memory.get(r) as PollMemory;
      const gate = earliestPollAt(r, {
        firstScreenDoneAt,
        asked: asked.has(r),
        connection: conn,
        otherScreensAfterMs: opts.otherScreensAfterMs,
      });
      const at = nextPollAt(sourceFor(r), m, c);
      if (gate === null || at === null) continue;
      // A product backing off keeps its whole wait; one never polled goes at once.
      const shift =
        m.failures === 0 && m.lastAttempt !== null
          ? alarmShiftMs(pollIntervalMs(sourceFor(r), m, c.visible))
          : 0;
      let when = Math.max(at, gate);
      if (alarmAt !== null && when < alarmAt && alarmAt - when <= shift) when = alarmAt;
      const due = when <= c.now + (awake ? shift : 0);
      candidates.push({ key: r, source: sourceFor(r), memory: m, due, mayJoin: gate <= c.now });
      if (!due) next = Math.min(next, when);
    }
    // A round that runs takes along what is due soon (schedule.ts pollRound), so the products
    // keep leaving together and share one exchange.
    const round = pollRound(candidates, c);
    roundStarts(deps, round);
    for (const r of round) void pollOne(r);
    return next;
  }

  function scheduleRetention(): void {
    if (retentionTimer !== null) timers.clearTimeout(retentionTimer);
    retentionTimer = null;
    if (!running || retentionRunning) return;
    const t = now();
    const at = nextRetentionAt(retention);
    if (at <= t) void runRetention();
    // One timer until it is due, not a check every minute: a late run after a clock jump is harmless.
    else retentionTimer = timers.setTimeout(scheduleRetention, at - t);
  }

  async function runRetention(): Promise<void> {
    retentionRunning = true;
    const at = now();
    let plan: RetentionPlan | null = null;
    let error: string | null = null;
    try {
      plan = await opts.store.applyRetention(at);
    } catch (e) {
      // A failed run (database closing, storage error) is tried again at the next interval.
      error = e instanceof Error ? e.message : String(e);
    }
    retentionRunning = false;
    retention.lastRun = now();
    opts.onRetention?.({ at, plan, error });
    scheduleRetention();
  }

  return {
    start() {
      if (running) return;
      running = true;
      retention.startedAt = now();
      evaluate();
      scheduleRetention();
      // A poller that polls none of the first screen's products has nothing to wait for.
      maybeBackfill();
    },
    stop() {
      running = false;
      stopped = true;
      alarmAt = null;
      abort.abort();
      if (timer !== null) timers.clearTimeout(timer);
      timer = null;
      if (retentionTimer !== null) timers.clearTimeout(retentionTimer);
      retentionTimer = null;
    },
    setConditions(patch) {
      const wasBlocked = !conditions.online || conditions.forcedOffline;
      const wasHidden = !conditions.visible;
      Object.assign(conditions, patch);
      if (wasBlocked && mayPoll()) maybeBackfill();
      // Back online or visible again: whatever is overdue goes now, not after the old sleep.
      if ((wasBlocked && mayPoll()) || (wasHidden && conditions.visible)) evaluate();
      // Not polling now: the timer is kept for the alarm alone.
      else if (!mayPoll()) evaluate();
    },
    async refreshNow(only, opts) {
      for (const r of only ?? []) asked.add(r);
      const conn = connection();
      const list =
        only ??
        resources.filter(
          (r) => (asked.has(r) || !isHeld(r, conn)) && (opts?.everything === true || stale(r)),
        );
      if (!conditions.online || conditions.forcedOffline)
        return { failed: list.length, reports: [] };
      roundStarts(
        deps,
        list.filter((r) => !polling.has(r)),
      );
      const reports = (await Promise.all(list.map((r) => pollOne(r)))).filter(
        (r): r is PollReport => r !== null,
      );
      return { failed: reports.filter((r) => r.outcome === 'failed').length, reports };
    },
    ask(wanted) {
      const mine = wanted.filter((r) => memory.has(r));
      for (const r of mine) asked.add(r);
      if (running) evaluate();
      else if (conditions.online && !conditions.forcedOffline)
        for (const r of mine) if (isHeld(r, connection()) && !tried(r)) void pollOne(r);
    },
    flushFeedRows: () => feedRows.flush(),
    setAlarm(at) {
      if (stopped || at === alarmAt) return;
      alarmAt = at;
      evaluate();
    },
    get running() {
      return running;
    },
  };
}
