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

/**
 * Runs the first job of a task at once and the task's other jobs later, one per task
 * (`later`, a oneTaskEach queue). For new data: a live minute on one chart is drawn at once
 * (chart.appendMs), but a screen whose charts all get new data in one commit (/forecast when
 * its series arrive) drew every chart in the one microtask checkpoint where uPlot commits.
 */
export function firstNowRestLater(
  later: (job: () => void) => void,
  endOfTask: (run: () => void) => void = (run) => setTimeout(run, 0),
): (job: () => void) => void {
  let busy = false;
  return (job) => {
    if (busy) {
      later(job);
      return;
    }
    busy = true;
    endOfTask(() => {
      busy = false;
    });
    job();
  };
}
