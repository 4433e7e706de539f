/**
 * When the worker keeps tonight's verdict at every saved place (keepPlaceNights.ts): after each
 * poll that brought a new input of the verdict (the OVATION frame, the Kp forecast:
 * `inputsChanged()`, called by poller.worker.ts) and when the saved places change. One
 * pass at a time; what comes in during a pass runs one more pass after it. The verdict code (with
 * the magnetic grid) loads at the first pass that has a place: a visit without places never loads it.
 */
import type { Subscription } from 'rxjs';
import type { AuroraDatabase } from '../../sync/database.ts';
import type * as KeepModule from './keepPlaceNights.ts';

export interface NightsLoop {
  /** An input of the verdict was polled: work the places' verdicts out again where it changed them. */
  inputsChanged(): void;
  stop(): void;
  /** Resolves when no pass is running or waiting (tests). */
  idle(): Promise<void>;
}

export function startNightsLoop(opts: {
  db: AuroraDatabase;
  now?: () => number;
  onPass?: (r: KeepModule.KeepPlaceNightsResult) => void;
}): NightsLoop {
  const now = opts.now ?? (() => Date.now());
  // Each place's inputs at its last verdict: unchanged inputs are not worked out again.
  const seen = new Map<string, KeepModule.PlaceSeen>();
  let keep: Promise<typeof KeepModule> | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let hasPlaces = false;

  function run(): void {
    if (stopped || !hasPlaces) return;
    if (running) {
      again = true;
      return;
    }
    keep ??= import('./keepPlaceNights.ts');
    running = keep
      .then(({ keepPlaceNights }) => keepPlaceNights(opts.db, now(), seen))
      .then((r) => opts.onPass?.(r))
      .catch(() => {
        // The database closing, or a chunk that failed to load: the next poll tries again.
        keep = null;
      })
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          run();
        }
      });
  }

  // The places as stored at the start only arm the loop: the first pass waits for the first poll
  // of an input, so it never competes with the first screen's products for the worker and the core.
  let started = false;
  const sub: Subscription = opts.db.places.find().$.subscribe((docs) => {
    hasPlaces = docs.length > 0;
    if (started) run();
    started = true;
  });

  return {
    inputsChanged: run,
    stop() {
      stopped = true;
      sub.unsubscribe();
    },
    async idle() {
      while (running) await running;
    },
  };
}
