/**
 * What the time slider's positions stand for: the stored OVATION frames of the last 24 h (oldest
 * first, the newest = now), then the hours of the stored cloud forecast after now, up to
 * FORECAST_REACH_MS ahead. Pure: times in, positions out (tests/unit/map/timeline.test.ts).
 *
 * On a forecast hour the cloud layer draws that hour. The aurora layer draws the newest OVATION
 * frame only on the hour its forecast time falls nearest (OVATION looks 30–90 min ahead at most:
 * its lead is the solar wind's travel time from L1 to Earth, as SWPC's "Aurora – 30 Minute
 * Forecast" product describes it, and the file's own Forecast Time says how far);
 * on every later hour it draws no oval, and the labels say so. Nothing here invents a frame, and
 * nothing draws a frame for an hour it was not forecast for.
 */

const HOUR = 3_600_000;
/**
 * How far the slider runs past now: as far as the cloud forecast goes, up to two days — tomorrow
 * evening wherever the viewer is (the regional layer and MET Norway's place forecast both hold 48 h).
 */
export const FORECAST_REACH_MS = 48 * HOUR;
/** How far an OVATION frame's forecast time may be from a forecast hour for its oval to stand for that hour: the nearest hour only. */
const OVAL_HOUR_MS = 30 * 60_000;

/**
 * Whether the newest frame's oval is the forecast for `hour`: its forecast time is within half an
 * hour of it. Null (no frame) never is.
 */
export function ovalReaches(hour: number, forecastTime: number | null | undefined): boolean {
  return typeof forecastTime === 'number' && Math.abs(hour - forecastTime) <= OVAL_HOUR_MS;
}

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
  /** The OVATION frame the position is about (its index, oldest first): its own, or the newest on a forecast hour; -1 with none stored. */
  frameIndex: number;
  /** Whether that frame's oval is drawn: on a stored frame always, on a forecast hour only where `ovalReaches`. */
  ovalDrawn: boolean;
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
 * A position past the newest frame: the forecast hour, with the newest frame's oval only where its
 * forecast reaches that hour.
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
    return {
      frameIndex: newest,
      ovalDrawn: ovalReaches(hour, frames[newest]?.forecastTime),
      cloudAt: hour,
      forecastHour: hour,
      hoursAhead: k,
    };
  }
  const i = index >= 0 && index <= newest ? index : newest;
  return {
    frameIndex: i,
    ovalDrawn: i >= 0,
    cloudAt: i === newest || i < 0 ? now : frames[i]!.forecastTime,
    forecastHour: null,
    hoursAhead: null,
  };
}
