import { auroraSeriesAtPlace, placeView, type GridBytes } from './auroraAtPlace.ts';
import { magneticCoordinates } from './magneticCoordinates.ts';
import type { SeenAtPlace } from './nightRecord.ts';

/**
 * What OVATION forecast at a place in each frame (the device's stored grids, or the archive's):
 * overhead and in view, as the verdict reads them (auroraAtPlace.ts, the place's magnetic
 * hemisphere's oval). Scores a kept night (nightRecord.ts `scoreNight`).
 */
export function seenAtPlace(
  place: { lat: number; lon: number },
  frames: readonly { observationTime: number; forecastTime: number; values: GridBytes }[],
): SeenAtPlace[] {
  const view = placeView(
    place.lat,
    place.lon,
    magneticCoordinates(place.lat, place.lon).hemisphere,
  );
  return auroraSeriesAtPlace(frames, view);
}
