/**
 * The cloud layer's data: the stored regional forecast (the 1° lattice around the place, from
 * MET Norway through our `weather` function) as a 360×181 byte grid like OVATION's, so the aurora's
 * raster code draws it (a second AuroraSource with a grey-white ramp). Cells without a forecast
 * are 0 and draw nothing; the bilinear sampling fades the regional patch out over one degree.
 * Needed only once a place has a cloud forecast, so it travels in the tonight chunk
 * (tonight/TonightVerdict.tsx re-exports it); the layer's colours are in cloudGrid.ts.
 */
import type { WeatherPoint } from '../../../sync/react/index.ts';

const WIDTH = 360;
const HEIGHT = 181;
const HOUR = 3_600_000;
/** A forecast hour stands for the time within this of it; further, the layer says there is none. */
const CLOUD_HOUR_REACH_MS = 90 * 60_000;

export interface CloudGrid {
  values: Uint8Array;
  /** The forecast hour drawn (epoch ms). */
  time: number;
}

/** Index of the hour nearest `t` in an ascending list, or -1 when none is within reach. */
export function nearestHour(times: readonly number[], t: number): number {
  let best = -1;
  let bestGap = Infinity;
  for (let i = 0; i < times.length; i++) {
    const gap = Math.abs(times[i]! - t);
    if (gap < bestGap) {
      best = i;
      bestGap = gap;
    }
  }
  return bestGap <= CLOUD_HOUR_REACH_MS ? best : -1;
}

/**
 * Total cloud (%) of each grid point at the forecast hour nearest `t` (the time slider's frame):
 * null when no point has an hour within CLOUD_HOUR_REACH_MS of it.
 */
export function cloudGridAt(points: readonly WeatherPoint[], t: number): CloudGrid | null {
  const values = new Uint8Array(WIDTH * HEIGHT);
  let time: number | null = null;
  for (const p of points) {
    if (!p.hours) continue;
    const i = nearestHour(p.hours.time, t);
    const v = i < 0 ? null : p.hours.total[i];
    if (v === null || v === undefined) continue;
    const row = 90 - Math.round(p.lat);
    let col = Math.round(p.lon) + 180;
    if (col >= WIDTH) col -= WIDTH;
    if (row < 0 || row >= HEIGHT || col < 0) continue;
    values[row * WIDTH + col] = Math.max(0, Math.min(100, Math.round(v)));
    time ??= p.hours.time[i]!;
  }
  return time === null ? null : { values, time: Math.round(time / HOUR) * HOUR };
}
