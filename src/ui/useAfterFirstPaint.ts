import { startTransition, useEffect, useState } from 'react';
import { whenIdle } from '../lib/whenIdle.ts';

/** How long an idle moment may be waited for before the deferred part renders anyway. */
const AFTER_PAINT_TIMEOUT_MS = 1000;

/**
 * False for the component's first commit, true once the browser has painted it and found an idle
 * moment (or after AFTER_PAINT_TIMEOUT_MS). The switch renders as a transition, which React
 * time-slices: a part of the screen nobody needs in the first frame (the map page's side panels,
 * below the map on a phone; the footer) is not created and laid out in the same long task as the rest.
 */
export function useAfterFirstPaint(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (ready) return;
    return whenIdle(() => startTransition(() => setReady(true)), AFTER_PAINT_TIMEOUT_MS);
  }, [ready]);
  return ready;
}
