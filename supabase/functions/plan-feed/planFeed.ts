/**
 * A saved place's 14-night plan as the calendar feed's text: `planNights` → `nightEvents` →
 * `toIcs` (core/plan, the same text the page's .ics download makes), from the newest forecasts the
 * backend holds. Pure: time and data come in. The answer's one time, `revised`, is when anything
 * the text says last changed — the place, a forecast issue, or which night comes first — so the
 * text (its DTSTAMP is that time), the ETag and Last-Modified change together, and a calendar
 * app's conditional poll gets 304 until something did.
 */
import { planNights } from '../../../core/plan/planNights.ts';
import { nightEvents, toIcs } from '../../../core/plan/nightsToIcs.ts';
import { tonightSpan } from '../../../core/tonight/verdict.ts';

/**
 * How often a calendar app should ask again, in minutes: SWPC's Kp forecast, the feed's most
 * changing input, is archived every 3 hours (archive-space-weather's schedule, migration
 * 20261128000100); calendar apps poll between hourly and daily whatever they are told.
 */
export const FEED_REFRESH_MINUTES = 180;

export interface FeedPlace {
  id: string;
  name: string;
  lat: number;
  lon: number;
  /** The row's `_modified` (epoch ms): a rename or a move changes the feed. */
  modified: number;
}

export interface FeedInputs {
  place: FeedPlace;
  /** The newest archived `kp-forecast` issue: its time and rows. */
  kpForecast: { issued: number; rows: readonly { t: number; kp: number }[] } | null;
  /** The newest archived `twenty-seven-day-outlook` issue. */
  outlook: { issued: number; rows: readonly { day: number; kp: number }[] } | null;
  now: number;
}

export interface FeedAnswer {
  body: string;
  /** When what the feed says last changed (epoch ms, whole seconds): Last-Modified and DTSTAMP. */
  revised: number;
}

const SLOT_MS = 30 * 60_000;
const DAY = 24 * 3_600_000;

/**
 * Since when the plan has started with the night it starts with at the half hour `slot`: the
 * earliest half hour of the day before whose `tonightSpan` ends where the slot's does (the span
 * only moves forward, so a binary search over the day's 48 half hours finds it).
 */
export function firstNightSince(slot: number, lat: number, lon: number): number {
  const end = tonightSpan(slot, lat, lon).to;
  let lo = 0; // half hours back from the slot: `lo` still has the same first night, `hi` not
  let hi = DAY / SLOT_MS;
  if (tonightSpan(slot - hi * SLOT_MS, lat, lon).to === end) return slot - hi * SLOT_MS;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (tonightSpan(slot - mid * SLOT_MS, lat, lon).to === end) lo = mid;
    else hi = mid;
  }
  return slot - lo * SLOT_MS;
}

export function planFeed(inputs: FeedInputs): FeedAnswer {
  const { place, kpForecast, outlook, now } = inputs;
  // The plan of the half hour (tonight's verdict's step): the same text all through it.
  const slot = Math.floor(now / SLOT_MS) * SLOT_MS;
  const revisedAt = Math.max(
    place.modified,
    kpForecast?.issued ?? 0,
    outlook?.issued ?? 0,
    firstNightSince(slot, place.lat, place.lon),
  );
  // HTTP dates have whole seconds; the text, Last-Modified and If-Modified-Since must agree.
  const revised = Math.floor(Math.min(revisedAt, now) / 1000) * 1000;
  const nights = planNights({
    place,
    now: slot,
    kpForecast: kpForecast?.rows ?? null,
    outlook: outlook?.rows ?? null,
  });
  const body = toIcs(
    nightEvents(nights, place),
    { now: revised, refreshMinutes: FEED_REFRESH_MINUTES },
    `Aurora nights: ${place.name}`,
  );
  return { body, revised };
}
