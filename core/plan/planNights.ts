/**
 * The coming nights at a place, from local data only (pure: time comes in as `now`): for each
 * night its darkness window (the Sun below −12°, core/tonight/darkness.ts), the Moon (phase,
 * rise/set), the Kp expected where SWPC's 3-day forecast reaches, the 27-day outlook beyond it
 * (marked low confidence: a recurrence forecast from the Sun's 27-day rotation, not a model
 * run), and tonight's verdict on the night it belongs to.
 */
import { describeNight, type NightKind } from '../tonight/darkness.ts';
import { tonightSpan, type Verdict } from '../tonight/verdict.ts';
import type { Level } from '../tonight/types.ts';
import { moonOverNight, type NightMoon } from './nightMoon.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** The plan's length: two weeks, half a lunar month, the reach people plan a trip in. */
export const PLAN_NIGHTS = 14;
/** Each Kp forecast entry covers the three hours from its time (the synoptic periods). */
const KP_PERIOD_MS = 3 * HOUR;

export interface PlanInputs {
  place: { lat: number; lon: number };
  now: number;
  /** The 'kp-forecast' product's rows (observed, estimated, predicted): time (epoch ms) and Kp. */
  kpForecast?: readonly { t: number; kp: number }[] | null;
  /** The 'twenty-seven-day-outlook' product's rows: the UTC day's start (epoch ms) and its largest Kp. */
  outlook?: readonly { day: number; kp: number }[] | null;
  /** Tonight's verdict (core/tonight), shown on the night it belongs to. */
  verdict?: Verdict | null;
}

interface NightKp {
  /** The largest Kp expected over the dark hours (or the whole night where it never gets dark). */
  kp: number;
  /** 'three-day': SWPC's Kp forecast (3-hourly); 'outlook': the 27-day outlook's daily largest Kp. */
  source: 'three-day' | 'outlook';
  /** The 27-day outlook is a recurrence estimate: low confidence, said so on the screen. */
  lowConfidence: boolean;
}

export interface PlannedNight {
  /** The evening's date at the place in mean solar time, YYYY-MM-DD: the night's name and key. */
  date: string;
  /** The night runs from one local (mean-Sun) noon to the next. */
  from: number;
  to: number;
  kind: NightKind;
  /** When the Sun is below −12° (dark enough for aurora); null in midnight sun and white nights. */
  dark: { from: number; to: number } | null;
  moon: NightMoon;
  kp: NightKp | null;
  /** Tonight's verdict (its best run, or NO) on the night it covers; null on the other nights. */
  verdict: { level: Level; from: number | null; to: number | null } | null;
}

function isoDate(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

function largestKp(
  rows: readonly { start: number; kp: number }[],
  length: number,
  from: number,
  to: number,
): number | null {
  let best: number | null = null;
  for (const r of rows) {
    if (r.start < to && r.start + length > from) best = Math.max(best ?? -Infinity, r.kp);
  }
  return best;
}

/**
 * The Kp for a window: the 3-day forecast where its entries cover it, else the 27-day outlook's
 * days it overlaps (low confidence), else nothing.
 */
function kpFor(inputs: PlanInputs, from: number, to: number): NightKp | null {
  const forecast = largestKp(
    (inputs.kpForecast ?? []).map((r) => ({ start: r.t, kp: r.kp })),
    KP_PERIOD_MS,
    from,
    to,
  );
  if (forecast !== null) return { kp: forecast, source: 'three-day', lowConfidence: false };
  const outlook = largestKp(
    (inputs.outlook ?? []).map((r) => ({ start: r.day, kp: r.kp })),
    DAY,
    from,
    to,
  );
  if (outlook !== null) return { kp: outlook, source: 'outlook', lowConfidence: true };
  return null;
}

/** The next fourteen nights at a place, tonight first (the same night tonight's verdict shows). */
export function planNights(inputs: PlanInputs, count = PLAN_NIGHTS): PlannedNight[] {
  const { lat, lon } = inputs.place;
  if (!Number.isFinite(lat) || !Number.isFinite(lon) || Math.abs(lat) > 90 || Math.abs(lon) > 180) {
    throw new RangeError(
      `A place needs a latitude within ±90° and a longitude within ±180° (got ${lat}, ${lon})`,
    );
  }
  const firstEnd = tonightSpan(inputs.now, lat, lon).to;
  // The verdict covers the night its own span ends with (the same rule, so normally tonight).
  const verdictEnd = inputs.verdict ? tonightSpan(inputs.verdict.now, lat, lon).to : null;
  const nights: PlannedNight[] = [];
  for (let i = 0; i < count; i++) {
    const to = firstEnd + i * DAY;
    const from = to - DAY;
    const summary = describeNight(from, to, lat, lon);
    const dark =
      summary.darkFrom !== null && summary.darkUntil !== null
        ? { from: summary.darkFrom, to: summary.darkUntil }
        : null;
    const verdict = inputs.verdict;
    const holdsVerdict = verdict && verdictEnd === to;
    nights.push({
      // The evening's date: mean solar time at the night's start (local noon) names the day.
      date: isoDate(from + (lon / 15) * HOUR),
      from,
      to,
      kind: summary.kind,
      dark,
      moon: moonOverNight(from, to, summary.darkestAt, lat, lon),
      kp: kpFor(inputs, dark?.from ?? from, dark?.to ?? to),
      verdict: holdsVerdict
        ? {
            level: verdict.best?.level ?? 'NO',
            from: verdict.best?.from ?? null,
            to: verdict.best?.to ?? null,
          }
        : null,
    });
  }
  return nights;
}
