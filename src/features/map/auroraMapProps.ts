/** The props of the lazily loaded map wrapper, kept apart so the page can type them without loading OpenLayers. */
import type { GridSnapshot } from '../../../core/model.ts';
import type { LatLon } from './gridLookup.ts';
import type { MapStyleName } from './olmap/palette.ts';
import type { Hemisphere, MapViewKind } from './projections.ts';

/**
 * Cloud cover (total %) on the OVATION grid's lattice (360×181, row 0 = lat +90, col 0 = lon −180),
 * 0 where there is no forecast: drawn by the aurora's raster code with a grey-white ramp.
 */
export interface CloudImage {
  values: Uint8Array;
  /** The forecast hour shown (epoch ms). */
  time: number;
}

export interface AuroraMapProps {
  grid: GridSnapshot | null;
  /** True while the stored grid is still being read: the basemap waits for the oval, not for nothing. */
  gridPending?: boolean;
  view: MapViewKind;
  hemisphere: Hemisphere;
  mapStyle: MapStyleName;
  showAurora: boolean;
  showClouds: boolean;
  cloudImage: CloudImage | null;
  /**
   * The user's position: just located, or the one remembered on this device (map page data). The
   * flat map opens over the auroral zone at its longitude (olmap/initialView.ts).
   */
  userLocation: LatLon | null;
  /** UTC time the day/night shading is drawn for (the shown frame's forecast time, else now). */
  terminatorTime: number;
  /** Accessible name of the focusable map element. */
  label: string;
  /** A click (tap) on the map: the point under it, for saving a place. */
  onPick?: (at: LatLon) => void;
  /** Called after a render that shows `grid` (observation time, or null without a grid). */
  onRendered?: (frameTime: number | null) => void;
}
