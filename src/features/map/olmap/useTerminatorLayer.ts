/** The night side and the terminator line for the time shown, in the view's projection. */
import { useEffect } from 'react';
import type { ProjectionSpec } from '../projections.ts';
import type { Overlays } from './useOverlayLayers.ts';

export function useTerminatorLayer(
  overlays: Overlays | null,
  active: ProjectionSpec | null,
  terminatorTime: number,
): void {
  useEffect(() => {
    if (overlays && active) overlays.code.showNight(overlays.layers, active, terminatorTime);
  }, [overlays, active, terminatorTime]);
}
