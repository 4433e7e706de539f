/**
 * What the time slider's positions stand for: the stored OVATION frames of the last 24 h (oldest
 * first, the newest = now), then the hours of the stored cloud forecast after now, up to
 * FORECAST_REACH_MS ahead. Pure: times in, positions out (tests/unit/map/timeline.test.ts).
 *
 * On a forecast hour the cloud layer draws that hour; the aurora layer keeps the newest OVATION
 * frame — OVATION forecasts 30–90 min ahead at most, and no stored data draws a later oval — and
 * the labels say so. Nothing here invents a frame.
 */

const HOUR = 3_600_000;
/**
 * How far the slider runs past now: as far as the cloud forecast goes, up to two days — tomorrow
 * evening wherever the viewer is (the regional layer and MET Norway's place forecast both hold 48 h).
 */
export const FORECAST_REACH_MS = 48 * HOUR;

/**
 * The forecast hours the slider offers after now: stored cloud-forecast hours later than the hour
 * drawn at the newest frame (now, to the nearest hour) and at most `reachMs` after it, ascending.
 * None without a stored forecast.
 */
export function forecastHoursAhead(
  cloudHours: readonly number[] | null | undefined,
  now: number,
  reachMs: number = FORECAST_REACH_MS,
): number[] {
  if (!cloudHours) return [];
  const nowHour = Math.round(now / HOUR) * HOUR;
  return cloudHours.filter((h) => h > nowHour && h <= nowHour + reachMs).sort((a, b) => a - b);
}

export interface ShownAt {
  /** The OVATION frame drawn (its index, oldest first): the position's own, or the newest on a forecast hour; -1 with none stored. */
  frameIndex: number;
  /** The time the cloud layer looks its forecast hour up for. */
  cloudAt: number;
  /** On a forecast hour: that hour (epoch ms); null on a stored frame. */
  forecastHour: number | null;
  /** On a forecast hour: its place among the hours ahead (1 = the first); null on a stored frame. */
  hoursAhead: number | null;
}

/**
 * What the slider at `index` shows. A stored frame: that frame, and the clouds of its forecast time
 * (now on the newest frame: however old that frame is, the sky above the user is the one of now).
 * A position past the newest frame: the forecast hour, with the newest frame under it.
 */
export function shownAt(
  index: number,
  frames: readonly { forecastTime: number }[],
  ahead: readonly number[],
  now: number,
): ShownAt {
  const newest = frames.length - 1;
  const k = index - newest;
  if (k >= 1 && k <= ahead.length) {
    const hour = ahead[k - 1]!;
    return { frameIndex: newest, cloudAt: hour, forecastHour: hour, hoursAhead: k };
  }
  const i = index >= 0 && index <= newest ? index : newest;
  return {
    frameIndex: i,
    cloudAt: i === newest || i < 0 ? now : frames[i]!.forecastTime,
    forecastHour: null,
    hoursAhead: null,
  };
}
