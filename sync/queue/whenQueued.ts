/**
 * Resolves once the outgoing queue holds a request to send: at once when one is left from an
 * earlier session, else when one is queued (in this tab or another: multi-instance events reach
 * the live query). Until then the replay has nothing to do on any of its triggers (reconnect,
 * Retry, background sync), so its code and the backend client it sends with stay unloaded —
 * nothing is queued on a first visit (src/app/dataServices.ts; bundle.initialGzipKB).
 */
import type { AuroraDatabase } from '../database.ts';

export function whenQueued(db: AuroraDatabase): Promise<void> {
  return new Promise((resolve) => {
    let done = false;
    const sub = db.queue
      .find({ selector: { state: 'pending' }, limit: 1 })
      .$.subscribe((pending) => {
        if (done || pending.length === 0) return;
        done = true;
        resolve();
        // Emitted asynchronously (after the query ran), so `sub` is set by now.
        queueMicrotask(() => sub.unsubscribe());
      });
  });
}
