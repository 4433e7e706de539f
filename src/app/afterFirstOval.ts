/**
 * What the first oval does not need waits until it is drawn: on a first visit every byte before it
 * competes with the oval for a phone's bar of signal (net.coldStartKB). The map marks the moment
 * with the User Timing mark `map:oval-drawn` (src/features/map/perfMarks.ts); this waits for that
 * mark, read through a PerformanceObserver so the shell imports nothing of the map, or for
 * `maxWaitMs` — a screen without a map, or a map that cannot draw — whichever comes first, once.
 *
 * After the mark it waits one frame more: the map makes the mark once a render has drawn the oval
 * (OpenLayers' `rendercomplete`, a task after that render), and the browser shows the canvas at its
 * next frame. Started at once, what waited (RxDB's chunks, ~240 KB evaluated, and its open; the
 * basemap's parse) ran before that frame: on an offline reload the oval reached the screen
 * ~90 ms after it was drawn (tests/bench/map.bench.ts, the frame after `map:oval-drawn`).
 */
export const FIRST_OVAL_MARK = 'map:oval-drawn';

/** The longest wait: a first oval on a phone comes within a few seconds; other screens wait this. */
const FIRST_OVAL_WAIT_MS = 5000;

export interface AfterFirstOvalDeps {
  /** Calls back once when the mark exists (also one made before this was called); returns a stop. */
  observeMark(name: string, fn: () => void): () => void;
  setTimer(fn: () => void, ms: number): () => void;
  /** Calls back once, in a task after the next frame has begun (the oval's frame is then shown). */
  afterNextFrame(fn: () => void): void;
}

export function afterFirstOval(
  run: () => void,
  deps: AfterFirstOvalDeps,
  maxWaitMs = FIRST_OVAL_WAIT_MS,
): void {
  let done = false;
  const stops: (() => void)[] = [];
  const go = () => {
    if (done) return;
    done = true;
    for (const stop of stops) stop();
    run();
  };
  stops.push(deps.setTimer(go, maxWaitMs));
  stops.push(deps.observeMark(FIRST_OVAL_MARK, () => deps.afterNextFrame(go)));
  if (done) for (const stop of stops) stop();
}

/** The browser's marks: a buffered PerformanceObserver, so a mark made earlier counts too. */
export function observePerformanceMark(name: string, fn: () => void): () => void {
  if (typeof PerformanceObserver === 'undefined') return () => undefined;
  const seen = () => performance.getEntriesByName(name, 'mark').length > 0;
  if (seen()) {
    fn();
    return () => undefined;
  }
  const observer = new PerformanceObserver((list) => {
    if (list.getEntriesByName(name, 'mark').length > 0) fn();
  });
  try {
    observer.observe({ type: 'mark', buffered: true });
  } catch {
    return () => undefined;
  }
  return () => observer.disconnect();
}

/**
 * A task after the next frame begins: requestAnimationFrame, then a timer (the frame's rendering
 * follows its animation callbacks). A hidden tab runs no frames, so there it is a timer alone.
 */
export function afterNextFrame(fn: () => void): void {
  const hidden = typeof document !== 'undefined' && document.visibilityState === 'hidden';
  if (hidden || typeof requestAnimationFrame !== 'function') setTimeout(fn, 0);
  else requestAnimationFrame(() => setTimeout(fn, 0));
}

/** The browser's mark, timers and frames, as `afterFirstOval` takes them. */
export const browserOvalTiming: AfterFirstOvalDeps = {
  observeMark: observePerformanceMark,
  setTimer: (fn, ms) => {
    const t = setTimeout(fn, ms);
    return () => clearTimeout(t);
  },
  afterNextFrame,
};
