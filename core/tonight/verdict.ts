import { auroraAtPlace, placeView } from './auroraAtPlace.ts';
import { describeNight, SUNSET_ALTITUDE, sunAltitude, type NightSummary } from './darkness.ts';
import { judgeSlot, type SlotContext } from './judgeSlot.ts';
import { magneticCoordinates } from './magneticCoordinates.ts';
import { FRESHNESS, WEATHER_FRESHNESS } from '../products/freshness.ts';
import type { InputAge, Level, SlotVerdict, TonightInputs } from './types.ts';

export type { TonightInputs } from './types.ts';

const MIN = 60_000;
const HOUR = 60 * MIN;
const SLOT_MS = 30 * MIN;

/**
 * How old each input may be before the verdict stops trusting it (then: at most MAYBE, and it says
 * so): the windows of the one freshness table (core/products/freshness.ts), so tonight never calls
 * an input current that the feed status beside it calls stale. OVATION's 20 min, not the 30 min
 * tonight once kept: a frame three missed updates old no longer describes the sky now (then the Kp
 * forecast takes over). The alert engine (core/alerts/skyNow.ts) reads the clouds' window from here.
 */
export const MAX_AGE_MS = {
  ovation: FRESHNESS['aurora-oval'].maxAgeMs,
  kpForecast: FRESHNESS['kp-forecast'].maxAgeMs,
  clouds: WEATHER_FRESHNESS.maxAgeMs,
} as const;

/** How far past its forecast time an OVATION frame still stands for the sky (it forecasts ~30 min ahead). */
export const OVATION_REACH_MS = 30 * MIN;

export interface Verdict {
  /** magLat: AACGM-v2 latitude at 110 km, 0.1°; null near the magnetic equator, where it is undefined. */
  place: { lat: number; lon: number; magLat: number | null; hemisphere: 'north' | 'south' };
  now: number;
  /** The half hours of tonight, from the one holding `now` (or from dusk) to the next solar noon. */
  slots: SlotVerdict[];
  night: NightSummary;
  /** The longest run of the best level tonight (GO, else MAYBE), or null when every slot is NO. */
  best: { level: Level; from: number; to: number; slots: SlotVerdict[] } | null;
  inputs: { ovation: InputAge; kpForecast: InputAge; clouds: InputAge };
}

function age(time: number | null | undefined, now: number, maxAgeMs: number): InputAge {
  if (time === null || time === undefined)
    return { present: false, ageMs: null, maxAgeMs, stale: true };
  const ageMs = Math.max(0, now - time);
  return { present: true, ageMs, maxAgeMs, stale: ageMs > maxAgeMs };
}

/**
 * Tonight's span: from the half hour holding `now` to the next local solar noon (the mean-Sun noon,
 * 12:00 UTC − longitude/15 h). In daylight with the next noon less than eight hours off (the
 * morning), the span runs to the noon after, so a morning look shows the coming night. Leading
 * daylight half hours are dropped when a darker one follows, so the list starts at dusk.
 */
export function tonightSpan(now: number, lat: number, lon: number): { from: number; to: number } {
  const from = Math.floor(now / SLOT_MS) * SLOT_MS;
  const dayStart = Math.floor(now / (24 * HOUR)) * 24 * HOUR;
  let noon = dayStart + 12 * HOUR - (lon / 15) * HOUR;
  while (noon <= now) noon += 24 * HOUR;
  while (noon - 24 * HOUR > now) noon -= 24 * HOUR;
  if (noon - now < 8 * HOUR && sunAltitude(now, lat, lon) > SUNSET_ALTITUDE) noon += 24 * HOUR;
  return { from, to: Math.ceil(noon / SLOT_MS) * SLOT_MS };
}

/**
 * Tonight's verdict at a place, half hour by half hour, from local data only: a pure function
 * (time comes in as `now`), so it works offline and gives the same answer for the same inputs.
 */
export function computeVerdict(inputs: TonightInputs): Verdict {
  const { now } = inputs;
  const { lat, lon } = inputs.place;
  if (!Number.isFinite(lat) || !Number.isFinite(lon) || Math.abs(lat) > 90 || Math.abs(lon) > 180) {
    throw new RangeError(
      `A place needs a latitude within ±90° and a longitude within ±180° (got ${lat}, ${lon})`,
    );
  }
  const ages = {
    ovation: age(inputs.ovation?.observationTime, now, MAX_AGE_MS.ovation),
    kpForecast: age(inputs.kpForecast?.updatedAt, now, MAX_AGE_MS.kpForecast),
    clouds: {
      ...age(inputs.clouds?.updatedAt, now, MAX_AGE_MS.clouds),
      ...(inputs.clouds?.replay && { replay: true }),
    },
  };
  const magnetic = magneticCoordinates(lat, lon);
  const view = placeView(lat, lon, magnetic.hemisphere);
  const ovation = inputs.ovation && !ages.ovation.stale ? inputs.ovation : null;
  const ctx: SlotContext = {
    inputs,
    view,
    magnetic,
    ovationNow: ovation ? auroraAtPlace(ovation.values, view) : null,
    ovationReachesUntil: ovation ? Math.max(now, ovation.forecastTime) + OVATION_REACH_MS : null,
    kpStale: ages.kpForecast.stale,
    cloudsStale: ages.clouds.stale,
    cloudsReplay: inputs.clouds?.replay === true,
  };
  const span = tonightSpan(now, lat, lon);
  let slots: SlotVerdict[] = [];
  for (let t = span.from; t < span.to; t += SLOT_MS) slots.push(judgeSlot(ctx, t, t + SLOT_MS));
  const firstDark = slots.findIndex((s) => s.sunAltitudeDeg <= SUNSET_ALTITUDE);
  if (firstDark > 0) slots = slots.slice(firstDark);
  return {
    place: {
      lat,
      lon,
      magLat: magnetic.lat === null ? null : Math.round(magnetic.lat * 10) / 10,
      hemisphere: magnetic.hemisphere,
    },
    now,
    slots,
    night: describeNight(span.from, span.to, lat, lon),
    best: bestRun(slots),
    inputs: ages,
  };
}

/** The longest run of consecutive half hours at the best level reached tonight; the earliest on a tie. */
function bestRun(slots: readonly SlotVerdict[]): Verdict['best'] {
  const level: Level | null = slots.some((s) => s.level === 'GO')
    ? 'GO'
    : slots.some((s) => s.level === 'MAYBE')
      ? 'MAYBE'
      : null;
  if (!level) return null;
  let best: SlotVerdict[] = [];
  let run: SlotVerdict[] = [];
  for (const s of slots) {
    if (s.level === level) {
      run.push(s);
      if (run.length > best.length) best = run;
    } else run = [];
  }
  return { level, from: best[0]!.start, to: best[best.length - 1]!.end, slots: best };
}
