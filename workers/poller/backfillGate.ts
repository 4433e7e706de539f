/**
 * When the backfill after a gap (backfill.ts, then scoreNights.ts) may start. `/`'s first screen
 * shows the newest values, not the history the backfill fills in (the charts, the track record,
 * the kept nights' scores), so on a start it waits with the other screens' products
 * (firstScreen.ts `OTHER_SCREENS_AFTER_MS`) — its code and its requests stay out of a first
 * visit's first seconds — unless a screen asks for products first (its charts may show the gap).
 * Once open it stays open: a reconnect's backfill starts at once.
 */
import type { Timers } from '../request/timers.ts';
import { OTHER_SCREENS_AFTER_MS } from './firstScreen.ts';

export interface BackfillGate {
  /** Resolves once the gate is open; the first call starts the wait. */
  opened(): Promise<void>;
  /** A screen asked for products: open now. */
  open(): void;
}

export function createBackfillGate(timers: Timers, waitMs = OTHER_SCREENS_AFTER_MS): BackfillGate {
  let resolve!: () => void;
  const open = new Promise<void>((r) => (resolve = r));
  let isOpen = false;
  let timer: unknown = null;
  const openNow = () => {
    if (isOpen) return;
    isOpen = true;
    if (timer !== null) timers.clearTimeout(timer);
    timer = null;
    resolve();
  };
  return {
    opened() {
      if (!isOpen && timer === null) timer = timers.setTimeout(openNow, waitMs);
      return open;
    },
    open: openNow,
  };
}
