/** What the map page reads from the local database, in the shape its components want. */
import type { FeedState, GridSnapshot, Preferences } from '../../../sync/model.ts';

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

export interface MapPageData {
  /** Stored grids of the last 24 h, oldest first. */
  frames: GridSnapshot[];
  gridsLoading: boolean;
  gridsError: Error | null;
  preferences: Preferences;
  /** The aurora-oval feed's state as the poller last wrote it; null before the first poll. */
  feedState: FeedState | null;
  feedError: string | null;
  summary: SpaceWeatherNow;
  summaryLoading: boolean;
}

export const NO_VALUE: TimedValue = { value: null, time: null };

/** Whether two snapshots are the same grid (same times and cells), whichever read decoded them. */
export function sameGrid(a: GridSnapshot, b: GridSnapshot): boolean {
  if (a === b) return true;
  if (a.observationTime !== b.observationTime || a.forecastTime !== b.forecastTime || a.values.length !== b.values.length) return false;
  for (let i = 0; i < a.values.length; i++) if (a.values[i] !== b.values[i]) return false;
  return true;
}

/** Grids sorted oldest first, de-duplicated by observation time (the slider's frame list). */
export function orderFrames(grids: readonly GridSnapshot[], latest: GridSnapshot | null): GridSnapshot[] {
  const byTime = new Map<number, GridSnapshot>();
  for (const g of grids) byTime.set(g.observationTime, g);
  if (latest) byTime.set(latest.observationTime, latest);
  return [...byTime.values()].sort((a, b) => a.observationTime - b.observationTime);
}

/** The newest non-null sample of one column of a columnar series. */
export function lastValue(t: readonly number[], column: readonly (number | null)[] | undefined): TimedValue {
  if (!column) return NO_VALUE;
  for (let i = Math.min(t.length, column.length) - 1; i >= 0; i--) {
    const v = column[i];
    if (v !== null && v !== undefined && Number.isFinite(v)) return { value: v, time: t[i] ?? null };
  }
  return NO_VALUE;
}
