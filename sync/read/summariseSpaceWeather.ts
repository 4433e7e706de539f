import type { FeedState, FeedStatus, Resource } from '../../core/model.ts';
import { kpAcrossReset } from '../../core/kp/kpAcrossReset.ts';

/** One number of the summary: value (null when missing — never 0), when it was measured, how old. */
export interface SummaryValue {
  value: number | null;
  /** Sample time, or null when there is no value. */
  time: number | null;
  /** now − time in ms, or null when there is no value. */
  ageMs: number | null;
  /** The state of the feed the value came from, or null when the feed has never reported. */
  state: FeedState | null;
  feed: Resource;
}

/** The current space-weather summary (kpIndex, solarWindSpeed, solarWindDensity, magneticFieldBz, timestamp), plus what the UI needs to say how old each number is. */
export interface SpaceWeatherSummary {
  /** The product's rule: these four numbers read 0 when missing; `details` keeps missing as null for every screen. */
  kpIndex: number;
  solarWindSpeed: number;
  solarWindDensity: number;
  magneticFieldBz: number;
  /** Time of the newest of the four values; 0 when none is known. */
  timestamp: number;
  details: {
    kpIndex: SummaryValue;
    solarWindSpeed: SummaryValue;
    solarWindDensity: SummaryValue;
    magneticFieldBz: SummaryValue;
  };
}

export interface LatestSamples {
  /** Newest 1-minute estimated Kp (thirds), from 'kp-1m'. */
  kp1m: { value: number; t: number } | null;
  /** Newest 1-minute Kp before the 3-hour boundary of `kp1m` (held across the estimate's reset). */
  kp1mBeforeBoundary?: { value: number; t: number } | null;
  /** Newest 3-hourly planetary Kp, from 'kp-3h'. */
  kp3h: { value: number; t: number } | null;
  speed: { value: number; t: number } | null;
  density: { value: number; t: number } | null;
  bz: { value: number; t: number } | null;
}

/**
 * Pure: the newest value of each list → the summary. Kp takes whichever of the 1-minute estimate
 * and the 3-hourly index is newer (the 1-minute feed is the current one; the 3-hourly one is what
 * is left when it is missing); just after a 3-hour boundary the 1-minute estimate's restart from 0
 * is not shown as a drop (`kpAcrossReset`). A value that is missing is null in `details`
 * (what screens read), so a missing Kp never shows as a measured 0; only the summary's top-level fields
 * read 0, as the product's summary rule says (a value is zero when missing).
 */
export function summariseSpaceWeather(
  latest: LatestSamples,
  feeds: ReadonlyMap<string, Pick<FeedStatus, 'state'>>,
  now: number,
): SpaceWeatherSummary {
  const kp1m =
    latest.kp1m && kpAcrossReset(latest.kp1m, latest.kp1mBeforeBoundary ?? null, latest.kp3h);
  const useKp1m = kp1m !== null && (latest.kp3h === null || kp1m.t >= latest.kp3h.t);
  const kp = useKp1m ? kp1m : latest.kp3h;
  const make = (sample: { value: number; t: number } | null, feed: Resource): SummaryValue => ({
    value: sample?.value ?? null,
    time: sample?.t ?? null,
    ageMs: sample ? Math.max(0, now - sample.t) : null,
    state: feeds.get(feed)?.state ?? null,
    feed,
  });
  const details = {
    kpIndex: make(kp, useKp1m || kp === null ? 'kp-1m' : 'kp-index'),
    solarWindSpeed: make(latest.speed, 'solar-wind'),
    solarWindDensity: make(latest.density, 'solar-wind'),
    magneticFieldBz: make(latest.bz, 'magnetic-field'),
  };
  const times = Object.values(details)
    .map((d) => d.time)
    .filter((t): t is number => t !== null);
  return {
    kpIndex: details.kpIndex.value ?? 0,
    solarWindSpeed: details.solarWindSpeed.value ?? 0,
    solarWindDensity: details.solarWindDensity.value ?? 0,
    magneticFieldBz: details.magneticFieldBz.value ?? 0,
    timestamp: times.length ? Math.max(...times) : 0,
    details,
  };
}
