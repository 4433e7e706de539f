/**
 * Tonight's verdict at a saved place the person is not looking at (issue 27): the poller worker
 * keeps one for every saved place (workers/nights/), the page only for the place it shows. Pure:
 * the stored inputs and `now` in, the record to keep out (core/tonight/nightRecord.ts decides
 * whether it replaces the night's record).
 */
import type { GridSnapshot, ProductRecord } from '../model.ts';
import type { WeatherData } from '../products/weather.ts';
import { computeVerdict, OVATION_REACH_MS } from './verdict.ts';
import { formatVerdictLine } from './formatVerdictLine.ts';
import { nightRecordOf, type NightRecord } from './nightRecord.ts';
import { tonightInputs, type KpForecastProduct } from './tonightInputs.ts';

export interface SavedPlace {
  id: string;
  name: string;
  lat: number;
  lon: number;
}

export interface PlaceNightInputs {
  ovation: GridSnapshot | null;
  kpForecast: ProductRecord<KpForecastProduct> | null;
  /** The place's own cloud forecast when this device stored one for its 0.1° cell, else null. */
  weather: { data: WeatherData; issued: number } | null;
}

/** The verdict's half hours start at the one holding `now`: within one, the same inputs give the same night. */
const SLOT_MS = 30 * 60_000;

/**
 * Whether an OVATION frame can touch a verdict whose first half hour starts at `firstSlot`: a
 * frame speaks for the slots up to its forecast time + OVATION_REACH_MS (verdict.ts); later
 * slots are judged from the Kp forecast. Null (no verdict yet): it can.
 */
export function ovationCanReach(
  firstSlot: number | null,
  ovation: GridSnapshot | null,
  now: number,
): boolean {
  if (firstSlot === null || ovation === null) return true;
  return firstSlot < Math.max(now, ovation.forecastTime) + OVATION_REACH_MS;
}

/**
 * What the verdict at a place depends on, as one string: the place, each input's own time and the
 * half hour — the OVATION frame's only when it can reach the night (`ovationCanReach`): in the
 * day a new frame every 5 min changes no night that starts hours later. The worker works a
 * place's verdict out again only when this changes.
 */
export function placeNightFingerprint(
  place: SavedPlace,
  inputs: PlaceNightInputs,
  now: number,
  ovationReaches = true,
): string {
  return [
    place.lat,
    place.lon,
    place.name,
    ovationReaches ? (inputs.ovation?.observationTime ?? '-') : 'beyond',
    inputs.kpForecast?.issued ?? '-',
    inputs.weather?.issued ?? '-',
    Math.floor(now / SLOT_MS),
  ].join('|');
}

/**
 * True while the place's newest kept night is in its hours: its record can no longer change
 * (keepNight), so no verdict need be worked out until they are over.
 */
export function nightUnderWay(latest: NightRecord | null, now: number): boolean {
  return (
    latest !== null &&
    latest.window_from !== null &&
    latest.window_to !== null &&
    latest.window_from <= now &&
    now < latest.window_to
  );
}

/**
 * The record of tonight's verdict at a saved place. The line is written in UTC and says so (the
 * worker has no screen clock; the page's own line, for the place it shows, is in the screen's).
 * Without a stored cloud forecast for the place's cell the verdict is worked out with clouds
 * unknown, as the page does without one: no slot can be GO, and the line ends "(no clouds)".
 */
export function placeNightRecord(
  place: SavedPlace,
  inputs: PlaceNightInputs,
  now: number,
): { record: NightRecord; firstSlot: number | null } {
  const verdict = computeVerdict(
    tonightInputs({
      place: { lat: place.lat, lon: place.lon },
      now,
      ovation: inputs.ovation,
      kpForecast: inputs.kpForecast,
      weather: inputs.weather,
    }),
  );
  const line = formatVerdictLine(verdict, { timeZone: 'UTC' }).replace(
    /\d{2}:\d{2}–\d{2}:\d{2}/,
    (range) => `${range} UTC`,
  );
  return {
    record: nightRecordOf(verdict, line, { id: place.id, name: place.name }, now),
    firstSlot: verdict.slots[0]?.start ?? null,
  };
}
