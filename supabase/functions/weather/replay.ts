import type { WeatherReplayLoader } from './service.ts';
import type { PointForecast } from './parseLocationforecast.ts';
import { readTextFile } from '../_shared/readTextFile.ts';

const HOUR = 3_600_000;

/** Reads a file next to this module. */
function readBesideModule(relative: string): Promise<string> {
  return readTextFile(new URL(relative, import.meta.url));
}

/** The default loader: `replay/<key>.json` (see replay/SOURCES.md), read once per key; null when there is none. */
export function createFileReplayLoader(
  read: (relative: string) => Promise<string> = readBesideModule,
): WeatherReplayLoader {
  const cache = new Map<string, Promise<string | null>>();
  return (key) => {
    if (!/^-?\d{1,2}\.\d_-?\d{1,3}\.\d$/.test(key)) return Promise.resolve(null);
    let pending = cache.get(key);
    if (!pending) {
      pending = read(`./replay/${key}.json`).then(
        (body) => body,
        () => null,
      );
      cache.set(key, pending);
    }
    return pending;
  };
}

/** A replayed forecast moved to the present, with what it was moved from. */
export interface ShiftedReplay {
  forecast: PointForecast;
  /** The file's own model-run time (epoch ms), before the move. */
  fileUpdatedAt: number | null;
  /** How far every time was moved (a whole number of hours; negative when the file is in the future). */
  shiftMs: number;
}

/** How far `shiftReplayToPresent` moves the copy at `now`: the same all hour long. */
export function replayShiftMs(forecast: PointForecast, now: number): number {
  const first = forecast.hours.time[0];
  return first === undefined ? 0 : Math.floor(now / HOUR) * HOUR - first;
}

/**
 * A replay copy describes one fixed evening; served as it is, its hours cover none of today and a
 * client whose clock is today's finds no cloud hour at all. So every time in it — each hour and the
 * model run alike — moves by the same whole number of hours, chosen so its first hour is the hour
 * holding `now`. The sky it describes is unchanged, and so is the replay's age: the model run stays
 * as far before the first hour as in the file (for the shipped copies, 40 min), so a replay reads as
 * a run made this hour. The answer still says `source: "replay"` and carries the file's own run time
 * and the shift, so no one mistakes it for a live forecast.
 */
export function shiftReplayToPresent(forecast: PointForecast, now: number): ShiftedReplay {
  const shiftMs = replayShiftMs(forecast, now);
  return {
    forecast: {
      updatedAt: forecast.updatedAt === null ? null : forecast.updatedAt + shiftMs,
      hours: { ...forecast.hours, time: forecast.hours.time.map((t) => t + shiftMs) },
    },
    fileUpdatedAt: forecast.updatedAt,
    shiftMs,
  };
}
