/**
 * The soak bench's clock for the poller's Web Worker. Playwright's `page.clock` installs its fake
 * timers in the page's frames only: a dedicated worker keeps the real `Date` and timers (checked
 * by the bench at start: the worker's `Date.now()` is compared with the page's). So the bench
 * serves the worker's entry script as a two-line module that first evaluates this clock, then the
 * production build's own worker script unchanged (module imports run in order), and moves it with
 * `__soakClock.advance(ms)` from `worker.evaluate`.
 *
 * Like the page's clock, time flows on its own between jumps (so zero-delay timers, RxDB's and
 * Comlink's, run as they would); `advance` jumps, firing every timer that falls due on the way in
 * time order, each at its own time, and lets the real event loop turn between them so the work a
 * timer starts (a fetch to the loopback stack, an IndexedDB write) proceeds. `fires` counts timer
 * callbacks (the worker's wake-ups) and `sources(k)` the k callers that set the most of them: first
 * those between the last two `fires()` readings (the bench reads it at the start and the end of its
 * quiet window, so these are the quiet window's, marked "quiet:"), then since load;
 * `inFlight` the fetches not yet answered (headers in).
 *
 * A string, not a function: tsx would wrap named functions in a helper the worker lacks.
 */
export function workerClockSource(start: number): string {
  // SOAK_STACK_FRAMES=10 names each source by more of its caller's stack (which RxDB call, from where).
  const frames = Math.max(2, Number(process.env.SOAK_STACK_FRAMES) || 2);
  return `
(() => {
  Error.stackTraceLimit = Math.max(Error.stackTraceLimit, ${3 + frames});
  const realSetTimeout = globalThis.setTimeout.bind(globalThis);
  const realClearTimeout = globalThis.clearTimeout.bind(globalThis);
  const RealDate = globalThis.Date;
  const realNow = RealDate.now.bind(RealDate);
  let offset = ${start} - realNow();
  const now = () => realNow() + offset;
  let seq = 0;
  let fires = 0;
  const timers = new Map();
  const sources = new Map();
  // The per-caller counts at each fires() reading.
  const readings = [];
  const arm = (id, t) => {
    t.handle = realSetTimeout(() => fire(id), Math.max(0, t.due - now()));
  };
  const fire = (id) => {
    const t = timers.get(id);
    if (!t) return;
    realClearTimeout(t.handle);
    if (t.every !== null) {
      t.due = Math.max(t.due + t.every, now());
      arm(id, t);
    } else timers.delete(id);
    fires++;
    sources.set(t.where, (sources.get(t.where) || 0) + 1);
    if (typeof t.fn === 'function') t.fn(...t.args);
  };
  const schedule = (fn, ms, args, repeat) => {
    const id = ++seq;
    const delay = Math.max(0, Number(ms) || 0);
    const where = (new Error().stack || '').split('\\n').slice(3, ${3 + frames}).join(' <- ').trim();
    const t = { fn, args, where, due: now() + delay, every: repeat ? Math.max(delay, 1) : null, handle: 0 };
    timers.set(id, t);
    arm(id, t);
    return id;
  };
  const clear = (id) => {
    const t = timers.get(id);
    if (t) realClearTimeout(t.handle);
    timers.delete(id);
  };
  globalThis.setTimeout = (fn, ms, ...args) => schedule(fn, ms, args, false);
  globalThis.setInterval = (fn, ms, ...args) => schedule(fn, ms, args, true);
  globalThis.clearTimeout = clear;
  globalThis.clearInterval = clear;
  class SoakDate extends RealDate {
    constructor(...a) {
      if (a.length === 0) super(now());
      else super(...a);
    }
    static now() {
      return now();
    }
  }
  globalThis.Date = SoakDate;
  const realFetch = globalThis.fetch.bind(globalThis);
  let inFlight = 0;
  // In flight until the body is read (the request's timeout covers the body too), or, for an
  // answer whose body nobody reads, a little after its headers.
  globalThis.fetch = (...a) => {
    inFlight++;
    return realFetch(...a).finally(() => inFlight--);
  };
  globalThis.__soakClock = {
    now,
    fires() {
      readings.push(new Map(sources));
      return fires;
    },
    sources(k) {
      const top = (m) => [...m].sort((a, b) => b[1] - a[1]).slice(0, k);
      const [from, to] = readings.slice(-2);
      const quiet = from && to
        ? [...to].map(([w, n]) => ['quiet: ' + w, n - (from.get(w) || 0)]).filter((e) => e[1] > 0)
        : [];
      return [...top(quiet), ...top(sources)];
    },
    inFlight: () => inFlight,
    /** Puts the clock at \`t\` (the page's time, when the page's clock lagged while the worker started). */
    setNow(t) {
      offset = t - realNow();
    },
    async advance(ms) {
      const target = now() + ms;
      // Bounded: a timer that re-arms itself at zero delay must not hold the bench forever.
      for (let i = 0; i < 100000; i++) {
        // The network answers in no simulated time: a request's own timeout must not fire while
        // the loopback stack is still answering it in real time (counted until the headers are
        // in: a body still arriving when its timeout falls due fails that poll).
        while (inFlight > 0) await new Promise((r) => realSetTimeout(r, 5));
        let nextId = null;
        let next = null;
        for (const [id, t] of timers)
          if (t.due <= target && (next === null || t.due < next.due)) { next = t; nextId = id; }
        if (next === null) break;
        if (next.due > now()) offset += next.due - now();
        fire(nextId);
        await new Promise((r) => realSetTimeout(r, 0));
      }
      if (target > now()) offset += target - now();
    },
  };
})();
`;
}
