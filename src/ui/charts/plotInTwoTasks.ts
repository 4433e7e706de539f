/** What the two steps need of a plot (uPlot: `destroy`). */
interface Destroyable {
  destroy(): void;
}

/**
 * Builds a plot in one task and initialises and draws it in a later one. uPlot's constructor does
 * both at once (its options, series, axes and DOM, then `setData`, the size and the first draw in
 * a microtask of the same task): on a phone at 4× CPU that was one long task per chart, the
 * largest share of /live-feeds' and /forecast's total blocking time. uPlot's third constructor
 * argument may be a function `(self, init)` instead of the target element: uPlot then neither
 * attaches `self.root` nor initialises, and the caller runs `init` when it wants (uPlot 1.6.32,
 * the end of the constructor in `dist/uPlot.esm.js`: `then(self, _init)`).
 *
 * `make(then)` constructs the plot and must pass `then` to the constructor; `ready(plot)` runs
 * right after `init`, in the second task (the draw itself follows in that task's microtask): it
 * attaches `plot.root` and brings in data that changed since `make`. Returns a dispose function: before the first task
 * nothing is built, between the two the plot is destroyed without ever drawing.
 */
export function plotInTwoTasks<P extends Destroyable>(
  make: (then: (plot: P, init: () => void) => void) => P,
  inOwnTask: (job: () => void) => void,
  ready: (plot: P) => void,
): () => void {
  let disposed = false;
  let plot: P | null = null;
  inOwnTask(() => {
    if (disposed) return;
    let init: (() => void) | null = null;
    plot = make((_, start) => {
      init = start;
    });
    const built = plot;
    inOwnTask(() => {
      if (disposed || !init) return;
      init();
      ready(built);
    });
  });
  return () => {
    disposed = true;
    plot?.destroy();
    plot = null;
  };
}
