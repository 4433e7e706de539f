import { useSyncExternalStore } from 'react';
import { nightModeStore, type NightMode } from './nightMode.ts';

/** The device's night-mode choice, live (every control and canvas sees a change at once). */
export function useNightMode(): NightMode {
  return useSyncExternalStore(nightModeStore.subscribe, nightModeStore.get, nightModeStore.get);
}
