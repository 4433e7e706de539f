/**
 * A sky where aurora is likely visible right now, for tests that run on the real clock (the stack,
 * the browser): a constructed OVATION frame of Kp 9 observed 3 minutes ago (54 % overhead inside the
 * oval, enough to outshine any moon), a clear sky from a model run 10 minutes old, and a place near
 * local midnight in the winter hemisphere that tonight's verdict calls GO under them.
 */
import { skyNow } from '../../core/alerts/skyNow.ts';
import { subSolarPoint } from '../../core/tonight/sun.ts';
import { ovationValues } from '../fixtures/constructed/stormNight.ts';

const MIN = 60_000;
const HOUR = 3_600_000;

export function strongFrame(now: number) {
  return { observationTime: now - 3 * MIN, forecastTime: now + 30 * MIN, values: ovationValues(9) };
}

/** The clear sky as the weather function answers it (`place.hours`, model run 10 min ago). */
export function clearSkyAnswer(now: number) {
  const hour = Math.floor(now / HOUR) * HOUR;
  const time = Array.from({ length: 48 }, (_, h) => hour + h * HOUR);
  return {
    attribution: 'Data from MET Norway (CC BY 4.0)',
    place: {
      lat: 0,
      lon: 0,
      source: 'upstream',
      updatedAt: new Date(now - 10 * MIN).toISOString(),
      hours: {
        time,
        total: time.map(() => 4),
        low: time.map(() => 0),
        medium: time.map(() => 0),
        high: time.map(() => 8),
      },
    },
    grid: [],
  };
}

/** The same sky as MET Norway's locationforecast `complete` body, for a MET Norway stand-in. */
export function clearSkyLocationforecast(now: number): string {
  const a = clearSkyAnswer(now).place;
  return JSON.stringify({
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [0, 0, 0] },
    properties: {
      meta: { updated_at: a.updatedAt.replace('.000Z', 'Z'), units: {} },
      timeseries: a.hours.time.map((t, i) => ({
        time: new Date(t).toISOString().replace('.000Z', 'Z'),
        data: {
          instant: {
            details: {
              cloud_area_fraction: a.hours.total[i],
              cloud_area_fraction_low: a.hours.low[i],
              cloud_area_fraction_medium: a.hours.medium[i],
              cloud_area_fraction_high: a.hours.high[i],
            },
          },
        },
      })),
    },
  });
}

/** A place (to 4 decimals, as a person would save it) where the verdict is GO now under this sky. */
export function darkPlaceNow(now: number): { lat: number; lon: number } {
  const sun = subSolarPoint(now);
  const south = sun.lat > 0;
  const midnightLon = ((sun.lon + 360) % 360) - 180;
  const frame = strongFrame(now);
  const clouds = clearSkyAnswer(now).place;
  for (const dLon of [0, 10, -10, 20, -20, 30, -30])
    for (const lat of [60.3456, 56.3456, 64.3456, 52.3456, 68.3456]) {
      const p = { lat: south ? -lat : lat, lon: ((midnightLon + dLon + 540) % 360) - 180 + 0.0123 };
      const sky = skyNow({
        place: p,
        now,
        ovation: frame,
        clouds: { ...clouds.hours, updatedAt: Date.parse(clouds.updatedAt) },
      });
      if (sky.level === 'GO') return p;
    }
  throw new Error('no place is dark under the oval now');
}
