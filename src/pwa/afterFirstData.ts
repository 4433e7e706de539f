/**
 * Runs `run` once the first screen's data has been asked for and answered (the poller's first
 * report, success or failure), or after `maxWaitMs`, whichever comes first. The service worker's
 * precache (the whole app, several hundred KB) waits for it: the page now loads its JavaScript
 * after the first paint, so the window's `load` comes before any data, and a precache started then
 * shared one bar of signal with the oval the screen is waiting for.
 */
export interface FirstDataSignal {
  /** True when a report is already there. */
  hasData: () => boolean;
  /** Calls the listener on every new report; returns the unsubscribe. */
  subscribe: (listener: () => void) => () => void;
  setTimer: (fn: () => void, ms: number) => () => void;
}

export function afterFirstData(signal: FirstDataSignal, maxWaitMs: number, run: () => void): void {
  if (signal.hasData()) {
    run();
    return;
  }
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    unsubscribe();
    cancelTimer();
    run();
  };
  const unsubscribe = signal.subscribe(finish);
  const cancelTimer = signal.setTimer(finish, maxWaitMs);
}
