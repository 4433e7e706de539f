/**
 * Runs jobs one per task, first come first served. A screen with several charts created them all
 * in the one task in which uPlot finished loading (each `then` of the same promise runs in the
 * same microtask checkpoint): on /live-feeds that made one long task of every chart's setup and
 * first draw. One chart per task keeps each under a phone's frame budget and lets a tap in between.
 */
export function oneTaskEach(
  schedule: (run: () => void) => void = (run) => setTimeout(run, 0),
): (job: () => void) => void {
  const queue: (() => void)[] = [];
  let scheduled = false;
  const next = () => {
    scheduled = false;
    const job = queue.shift();
    if (queue.length > 0) {
      scheduled = true;
      schedule(next);
    }
    job?.();
  };
  return (job) => {
    queue.push(job);
    if (!scheduled) {
      scheduled = true;
      schedule(next);
    }
  };
}
