/** The props of the lazily loaded map wrapper, kept apart so the page can type them without loading OpenLayers. */
import type { GridSnapshot } from '../../../core/model.ts';
import type { LonLatBox } from '../../../core/clouds/cloudTiles.ts';
import type { CellLattice } from './cloudImage.ts';
import type { LatLon } from './gridLookup.ts';
import type { MapStyleName } from './olmap/palette.ts';
import type { Hemisphere, MapViewKind } from './projections.ts';

/**
 * The regional cloud layer's cells for the hour shown (cloudCells.ts): cloud cover (%) of one layer
 * on a lattice of 0.5–2° cells, NO_CLOUD_VALUE where none is stored; drawn cell by cell with a
 * grey-white ramp (olmap/cloudSource.ts).
 */
export interface CloudImage extends CellLattice {
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
  /**
   * Changes when the person (or play) moves the time slider (timeSlider.ts `moves`): the map then
   * draws the new moment in that task (olmap/useDrawnAtOnce.ts). Frames arriving do not change it.
   */
  sliderMoves?: number;
  /** Accessible name of the focusable map element. */
  label: string;
  /** A click (tap) on the map: the point under it, for saving a place. */
  onPick?: (at: LatLon) => void;
  /** Called after a render that shows `grid` (observation time, or null without a grid). */
  onRendered?: (frameTime: number | null) => void;
  /** The lon/lat box the map shows, each time the view settles (the cloud layer fetches for it). */
  onViewBox?: (box: LonLatBox) => void;
}
