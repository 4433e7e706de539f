/** What the map page reads from the local database, in the shape its components want. */
import type { FeedState, GridSnapshot, Preferences } from '../../../core/model.ts';
import type { PreferencesResult } from '../../../sync/react/index.ts';
import type { Hemisphere } from './projections.ts';

/** A position the user shared on this device: lat, lon, accuracyM, at (when). */
export type RememberedLocation = NonNullable<PreferencesResult['device']['data']['location']>;

export interface TimedValue {
  value: number | null;
  /** When the value was measured (epoch ms), for its age. */
  time: number | null;
}

export interface SpaceWeatherNow {
  kp: TimedValue;
  speed: TimedValue;
  density: TimedValue;
  bz: TimedValue;
  hemiPowerNorth: TimedValue;
  hemiPowerSouth: TimedValue;
}

/**
 * The map's choices as the page shows them. View, style and layers are the user's preferences
 * (the four profile columns: they replicate once signed in); the hemisphere stays on this device.
 */
export interface MapChoices {
  view: Preferences['defaultMapView'];
  mapStyle: string;
  showAurora: boolean;
  showClouds: boolean;
  /** null: never chosen on this device (the page then goes by the user's latitude). */
  hemisphere: Hemisphere | null;
}

/**
 * Map choices kept outside RxDB (the one-record store, sync/grids/newestGridRecord.ts), checked
 * field by field: anything not a choice the page could have made reads as none (null), and the
 * page then waits for the stored preferences as before.
 */
export function mapChoicesFrom(value: Record<string, unknown> | null): MapChoices | null {
  if (!value) return null;
  const { view, mapStyle, showAurora, showClouds, hemisphere } = value;
  if (view !== 'flat' && view !== '3d') return null;
  if (typeof mapStyle !== 'string') return null;
  if (typeof showAurora !== 'boolean' || typeof showClouds !== 'boolean') return null;
  if (hemisphere !== null && hemisphere !== 'north' && hemisphere !== 'south') return null;
  return { view, mapStyle, showAurora, showClouds, hemisphere };
}

/** A choice made on this page that the stored value has not caught up with yet. */
export interface PendingChoice<T> {
  value: T;
  /** The stored value when the choice was made. */
  over: T;
  /** The stored document (as the page read it) when the choice was made. */
  base?: object;
  /** The choice's write has finished: the next stored document read is the answer. */
  written?: boolean;
}

/**
 * Whether a pending choice has given way to the stored value: the stored value moved, or the
 * choice's write has finished and a newer stored document has been read since it was made. The
 * second case is the write landing together with a change from elsewhere that put the value
 * back (another device, another tab): read in one go, the value never looks as if it moved.
 */
export function choiceSettled<T>(pending: PendingChoice<T>, stored: T, storedDoc: object): boolean {
  return (
    !Object.is(pending.over, stored) || (pending.written === true && pending.base !== storedDoc)
  );
}

/**
 * The latest choice wins, wherever it was made. A control's choice shows at once; once the
 * stored value moves (this choice's write landing, or another device's change arriving by
 * replication, or another tab's) the stored value is the answer again. So the open map follows a
 * change synced from another device even after the user used that control here: both are the
 * user's own choices, and the newer one is what they want now. Also what the settings page does.
 */
export function resolveChoice<T>(stored: T, pending: PendingChoice<T> | undefined): T {
  return pending && Object.is(pending.over, stored) ? pending.value : stored;
}

export interface MapPageData {
  /** Stored grids of the last 24 h, oldest first. */
  frames: GridSnapshot[];
  gridsLoading: boolean;
  gridsError: Error | null;
  preferences: Preferences;
  /** The aurora-oval feed's state as the poller last wrote it; null before the first poll. */
  feedState: FeedState | null;
  feedError: string | null;
  choices: MapChoices;
  /** Change map choices: shown at once, stored (view, style, layers in the preferences; hemisphere on this device). */
  choose(patch: Partial<MapChoices>): void;
  /**
   * The position the user last shared on this device (kept across visits, never replicated);
   * null before they ever did. The flat map may open on it.
   */
  rememberedLocation: RememberedLocation | null;
  /** The device's store is still being read: `rememberedLocation` is not known yet. */
  rememberedLocationLoading: boolean;
  rememberLocation(location: RememberedLocation): void;
}

export const NO_VALUE: TimedValue = { value: null, time: null };

/** Grids sorted oldest first, de-duplicated by observation time (the slider's frame list). */
export function orderFrames(
  grids: readonly GridSnapshot[],
  latest: GridSnapshot | null,
): GridSnapshot[] {
  const byTime = new Map<number, GridSnapshot>();
  for (const g of grids) byTime.set(g.observationTime, g);
  if (latest) byTime.set(latest.observationTime, latest);
  return [...byTime.values()].sort((a, b) => a.observationTime - b.observationTime);
}

/** The newest non-null sample of one column of a columnar series. */
export function lastValue(
  t: readonly number[],
  column: readonly (number | null)[] | undefined,
): TimedValue {
  if (!column) return NO_VALUE;
  for (let i = Math.min(t.length, column.length) - 1; i >= 0; i--) {
    const v = column[i];
    if (v !== null && v !== undefined && Number.isFinite(v))
      return { value: v, time: t[i] ?? null };
  }
  return NO_VALUE;
}

/**
 * Where the map opens and which pole it turns to: the place in use; while that is still being
 * read from the database, the place the map last opened on (kept beside the early grid,
 * earlyMap.ts), so a user in the south does not see the north first; once read, no place is no
 * place (the northern default).
 */
export function openingHome<P extends { lat: number; lon: number }>(
  inUse: P | null,
  placeLoading: boolean,
  kept: P | null,
): P | null {
  return inUse ?? (placeLoading ? kept : null);
}
