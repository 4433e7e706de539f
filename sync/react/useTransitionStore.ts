import { startTransition, useEffect, useState } from 'react';

/**
 * A store's value, as `useSyncExternalStore` reads it, except that a change renders as a
 * transition: React time-slices it and batches changes that come close together. For what may
 * change while the map's first oval is drawn — the newest grid, the poller's later check times —
 * each of which re-renders the whole map page: with `useSyncExternalStore` every such change is a
 * render that cannot yield, and the first grid's was the longest task of a first visit of `/`.
 * `get` must return the same value while the store is unchanged.
 */
export function useTransitionStore<T>(
  subscribe: (listener: () => void) => () => void,
  get: () => T,
): T {
  const [state, setState] = useState(() => ({ get, value: get() }));
  useEffect(() => {
    const update = () =>
      startTransition(() =>
        setState((s) => (s.get === get && Object.is(s.value, get()) ? s : { get, value: get() })),
      );
    const unsubscribe = subscribe(update);
    // A change between the render and the subscription.
    update();
    return unsubscribe;
  }, [subscribe, get]);
  // Another store (a provided database's own source) is read at once, not one commit later.
  return state.get === get ? state.value : get();
}
