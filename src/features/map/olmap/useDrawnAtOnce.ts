/**
 * A new moment on the map (a slider step, play, a new frame from the worker) is drawn in the task
 * that made it, not in the next animation frame: OpenLayers' `renderSync` draws every layer the
 * commit changed (the oval, the night side, the clouds) in one render, and the browser shows it at
 * its next frame. Left to `map.render()`, the draw waits for that frame's animation callbacks and
 * adds its work to the frame (map.bench.ts `map.frameSwitchMs`: one 60 Hz period, 16.6 ms, against
 * 9.9 ms drawn at once). Either way the browser shows it at its next frame; drawn at once, that
 * frame no longer carries the draw's work, so a slow device is less likely to push the step into
 * the frame after. Declared after the layer hooks, so it runs after their effects.
 *
 * A hidden page draws nothing (its animation frames do not run either); a drag of the slider
 * changes the moment at most once per input event, which Chromium aligns with frames.
 */
import { useEffect, type RefObject } from 'react';
import type { MapHandle } from './useOlMap.ts';

export function useDrawnAtOnce(mapRef: RefObject<MapHandle | null>, moment: string): void {
  useEffect(() => {
    const map = mapRef.current?.map;
    if (!map || !map.getSize() || document.visibilityState !== 'visible') return;
    map.renderSync();
  }, [mapRef, moment]);
}
