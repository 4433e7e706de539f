/**
 * The shapes that cross the line between the poller (workers/) and the local database (sync/).
 * Normalisers produce these; sync/ turns them into stored documents; hooks hand views of them
 * to the UI. All times are UTC epoch milliseconds.
 */

import { PRODUCTS, type Resource } from './products/products.ts';

export type { Resource };

/**
 * Every upstream product the poller knows, in the registry's order (core/products/products.ts: a
 * product is one entry there). The space-weather paths /functions/v1/space-weather/{resource} name them.
 */
export const RESOURCES = Object.keys(PRODUCTS) as readonly Resource[];

/** Time series kept as chunked columns in the `series` collection. */
export type SeriesProduct =
  | 'kp-3h' // planetary Kp, 3-hourly: fields kp, ap, stations
  | 'kp-1m' // estimated Kp, 1-minute: fields kp (thirds), kpIndex (integer)
  | 'solar-wind-plasma' // fields speed, density, temperature
  | 'solar-wind-mag' // fields bx, by, bz, bt, lon, lat (GSM, nT / degrees)
  | 'hemi-power' // fields north, south (GW), keyed by observation time
  | 'kp-gfz'; // GFZ Potsdam's Kp, 3-hourly: fields kp, status (2 definitive, 1 nowcast, 0 replay)

/** A run of samples for one product, as one poll saw it. Columns share `t`'s length. */
export interface SeriesBatch {
  product: SeriesProduct;
  /** Ascending, unique, epoch ms UTC. */
  t: number[];
  /** Column per field; null means missing (never zero). */
  fields: Record<string, (number | null)[]>;
  /** Spacecraft the samples came from ("DSCOVR", "ACE"), where the product says. */
  source: string | null;
}

/** One OVATION snapshot. `values` is row-major, row 0 = lat +90, column 0 = lon -180. */
export interface GridSnapshot {
  observationTime: number;
  forecastTime: number;
  width: 360;
  height: 181;
  /** Aurora probability 0–100 per cell; index = (90 - lat) * 360 + (lon + 180), lon in -180..179. */
  values: Uint8Array;
}

export type ProductKind =
  | 'three-day-forecast'
  | 'three-day-geomag-forecast'
  | 'twenty-seven-day-outlook'
  | 'observed-solar-cycle'
  | 'predicted-solar-cycle'
  | 'kp-forecast'
  | 'alert'
  | 'icao-advisory'
  | 'sdo-images'
  // The Kp forecast issues of one UTC day, kept to score (core/verification/forecastIssues.ts).
  | 'forecast-history';

/** A parsed forecast, bulletin or table. `data` is the parsed JSON-safe payload. */
export interface ProductRecord<T = unknown> {
  /** Stable id: kind for single-copy products; kind/productId/issueTime for alerts and advisories. */
  id: string;
  kind: ProductKind;
  /** Issue time (or the newest data time where the product has no issue time). */
  issued: number;
  data: T;
  /** The upstream text, for text products and bulletins. */
  raw: string | null;
}

export type FeedState = 'fresh' | 'stale' | 'frozen' | 'error';

/** One row per upstream product: what the UI uses to say how old every number is. */
export interface FeedStatus {
  id: Resource;
  lastAttempt: number | null;
  lastSuccess: number | null;
  /** Time of the newest data point the feed has delivered (not when it was fetched). */
  dataTime: number | null;
  etag: string | null;
  lastModified: string | null;
  state: FeedState;
  error: string | null;
  schemaDrift: boolean;
  /** True when the data came from the backend's replay of recorded files. */
  replay: boolean;
}

/** The map preferences, kept locally and mirrored to the profile. */
export interface Preferences {
  defaultMapView: '3d' | 'flat';
  defaultMapStyle: string;
  showAuroraOnLoad: boolean;
  showCloudsOnLoad: boolean;
}

export const DEFAULT_PREFERENCES: Preferences = {
  defaultMapView: 'flat',
  defaultMapStyle: 'dark',
  showAuroraOnLoad: true,
  showCloudsOnLoad: false,
};

/** What every React data hook returns. */
export interface HookResult<T> {
  data: T;
  isLoading: boolean;
  error: Error | null;
}
