/** The props of the lazily loaded map wrapper, kept apart so the page can type them without loading OpenLayers. */
import type { GridSnapshot } from '../../../core/model.ts';
import type { LatLon } from './gridLookup.ts';
import type { MapStyleName } from './olmap/palette.ts';
import type { Hemisphere, MapViewKind } from './projections.ts';

/** A cloud-cover image in lon/lat (EPSG:4326), from the weather source once it exists. */
export interface CloudImage {
  url: string;
  /** [west, south, east, north] in degrees. */
  extent: [number, number, number, number];
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
  /** Called after a render that shows `grid` (observation time, or null without a grid). */
  onRendered?: (frameTime: number | null) => void;
}
