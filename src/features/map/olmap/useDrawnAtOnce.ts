/**
 * A move of the time slider (a step, a position set, play's ticks, Latest: timeSlider.ts `moves`)
 * is drawn in the task that made it, not in the next animation frame: OpenLayers' `renderSync`
 * draws every layer the commit changed (the oval, the night side, the clouds) in one render, after
 * the layer hooks' effects (this hook is declared after them). Either way the browser shows it at
 * its next frame; drawn at once, that frame no longer carries the draw's work, so a slow device is
 * less likely to push the step into the frame after. map.bench.ts `map.frameSwitchMs`: 16.6 ms (one
 * 60 Hz period: the wait for that frame plus its work) → 9.9 ms.
 *
 * Only the slider's moves: data arriving (the first oval, a new frame, the cloud tiles) is drawn in
 * the next animation frame as before, so its draw never joins the commit that brought it into one
 * long task (Lighthouse's total blocking time on `/` rose with the first oval drawn at once).
 * A hidden page draws nothing (its animation frames do not run either).
 */
import { useEffect, useRef, type RefObject } from 'react';
import type { MapHandle } from './useOlMap.ts';

export function useDrawnAtOnce(
  mapRef: RefObject<MapHandle | null>,
  sliderMoved: RefObject<boolean>,
): void {
  // Every commit, after the layer hooks' effects; only one that moved the slider draws.
  useEffect(() => {
    if (!sliderMoved.current) return;
    const map = mapRef.current?.map;
    if (!map || !map.getSize() || document.visibilityState !== 'visible') return;
    map.renderSync();
  });
}

/**
 * Whether the commit being applied moved the time slider, for the layer hooks' effects (declared
 * after this hook, so they read it in the same commit): a move is applied at once and drawn by
 * useDrawnAtOnce; data arriving is applied and painted in a task of its own (useOlMap's `later`).
 */
export function useSliderMoved(sliderMoves: number): RefObject<boolean> {
  const seen = useRef(sliderMoves);
  const moved = useRef(false);
  // Every commit, before the layer hooks' effects: false unless this commit moved the slider.
  useEffect(() => {
    moved.current = seen.current !== sliderMoves;
    seen.current = sliderMoves;
  });
  return moved;
}
