/**
 * Wraps an async task so that runs never overlap: a call made while a run is under way starts
 * when that run ends (whether it succeeded or failed). Each call gets its own run's outcome.
 */
export function oneAtATime(task: () => Promise<void>): () => Promise<void> {
  let last: Promise<void> = Promise.resolve();
  return () => {
    const run = last.then(task, task);
    last = run.catch(() => undefined);
    return run;
  };
}
