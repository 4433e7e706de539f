import { act } from '@testing-library/react';
import { vi } from 'vitest';

/**
 * Stubs requestIdleCallback and cancelIdleCallback (jsdom has neither): the callbacks asked for
 * wait in `requested` until `runLatest()` runs the newest; ids count up from `firstId`, and
 * cancelled ids are kept in `cancelled`. Undo with `vi.unstubAllGlobals()`.
 */
export function stubIdleCallbacks(firstId = 1): {
  requested: IdleRequestCallback[];
  cancelled: number[];
  runLatest(): Promise<void>;
} {
  const requested: IdleRequestCallback[] = [];
  const cancelled: number[] = [];
  vi.stubGlobal('requestIdleCallback', (cb: IdleRequestCallback) => {
    requested.push(cb);
    return firstId + requested.length - 1;
  });
  vi.stubGlobal('cancelIdleCallback', (id: number) => cancelled.push(id));
  return {
    requested,
    cancelled,
    runLatest: () =>
      act(async () => requested.at(-1)!({ didTimeout: false, timeRemaining: () => 10 })),
  };
}
