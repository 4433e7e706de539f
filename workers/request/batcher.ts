/**
 * Request batching: requests asked for within a 50 ms window go out together, at most
 * 20 at a time (the rest wait for the next window); high-priority requests go at once. This keeps
 * a full poll of every product from opening fifteen connections in the same millisecond while the
 * map's OVATION request is never held back.
 */
import { realTimers, type Timers } from './timers.ts';

export const BATCH_WINDOW_MS = 50;
const MAX_BATCH = 20;

export interface Batcher {
  schedule<T>(task: () => Promise<T>, priority?: 'high' | 'normal' | 'low'): Promise<T>;
  /** Tasks waiting for their window. */
  readonly queued: number;
  /** Batches sent so far (for tests and the debug overlay). */
  readonly batchesSent: number;
}

interface Queued {
  run: () => void;
}

export function createBatcher(
  opts: { windowMs?: number; maxBatch?: number; timers?: Timers } = {},
): Batcher {
  const windowMs = opts.windowMs ?? BATCH_WINDOW_MS;
  const maxBatch = opts.maxBatch ?? MAX_BATCH;
  const timers = opts.timers ?? realTimers;
  const queue: Queued[] = [];
  let timer: unknown = null;
  let batchesSent = 0;

  function flush(): void {
    timer = null;
    const batch = queue.splice(0, maxBatch);
    if (batch.length > 0) batchesSent++;
    for (const item of batch) item.run();
    if (queue.length > 0) arm();
  }

  function arm(): void {
    if (timer === null) timer = timers.setTimeout(flush, windowMs);
  }

  return {
    schedule<T>(
      task: () => Promise<T>,
      priority: 'high' | 'normal' | 'low' = 'normal',
    ): Promise<T> {
      if (priority === 'high') return task();
      return new Promise<T>((resolve, reject) => {
        queue.push({ run: () => void task().then(resolve, reject) });
        arm();
      });
    },
    get queued() {
      return queue.length;
    },
    get batchesSent() {
      return batchesSent;
    },
  };
}
