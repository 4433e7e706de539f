/**
 * The forecasts' track record, computed on the device from what it holds: every Kp forecast the
 * app kept (forecastIssues.ts) against the Kp observed later.
 *
 * - The next-day question "will Kp reach storm level (5, G1) on UTC day D?": the forecast is the
 *   largest Kp of day D in the newest issue made before D began (and at most 48 h before); the
 *   answer is the largest observed Kp of D, a case only when all eight 3-hour periods of D are
 *   observed. Two references answer the same question on the same days: persistence ("tomorrow
 *   is like today": the largest Kp of D − 1) and 27-day recurrence (the Sun turns once in about
 *   27 days as seen from Earth, so the largest Kp of D − 27). Scored with POD, FAR and HSS
 *   (contingency.ts), never percent correct.
 * - Kp error by lead time: for every forecast 3-hour period observed since, |forecast − observed|,
 *   by how long before the period began the forecast was made; one value per period and lead band
 *   (the newest issue in the band), so a file re-read every 15 minutes does not count ten times.
 *   Persistence at the same lead is the newest observed period at or before the issue.
 *
 * Why these references: SWPC's own verification finds its next-day Kp forecast no better than
 * persistence on mean absolute error (1.14 against 1.10), and SIDC reports next-day K ≥ 5 skill
 * as HSS 0.34 against 0.07 for persistence (issue 27 cites both); a forecast earns trust by
 * beating the forecast anyone can make without a model.
 */
import { DAY_MS, utcDayStart } from '../time/dayKey.ts';
import { binaryScores, tally, type BinaryScores } from './contingency.ts';
import type { ForecastIssue } from './forecastIssues.ts';

const HOUR_MS = 3_600_000;
const PERIOD_MS = 3 * HOUR_MS;
/** Kp 5- (4.67) and above: the level SWPC labels G1 (core/normalise/values.ts gScaleFromKp). */
export const STORM_KP = 5 - 1 / 3;
/** A day's forecast comes from an issue at most this long before the day began. */
const NEXT_DAY_MAX_LEAD_MS = 48 * HOUR_MS;
/** Recurrence: one solar rotation as seen from Earth (synodic, about 27.3 days), in whole days. */
export const RECURRENCE_DAYS = 27;
/** The lead bands of the error table: up to 1, 2 and 3 days before the period began. */
export const LEAD_BANDS_H: readonly (readonly [number, number])[] = [
  [0, 24],
  [24, 48],
  [48, 72],
];

interface LeadError {
  /** Lead band in hours: [from, to). */
  leadHours: readonly [number, number];
  /** Mean absolute error of the forecast, Kp units; null without a case. */
  forecast: number | null;
  /** Mean absolute error of persistence on the same periods. */
  persistence: number | null;
  /** Periods scored. */
  periods: number;
}

export interface WindowRecord {
  /** Window length in days, ending with the last complete UTC day before `now`. */
  days: number;
  /** First and last UTC day of the window (epoch ms of their midnights). */
  from: number;
  to: number;
  forecast: BinaryScores;
  persistence: BinaryScores;
  recurrence: BinaryScores;
  errors: LeadError[];
}

export interface TrackRecordInput {
  issues: readonly ForecastIssue[];
  /** Observed Kp by the start of its 3-hour period. */
  observed: ReadonlyMap<number, number>;
  now: number;
}

/** The largest Kp of each UTC day whose eight periods are all observed. */
export function observedDailyMax(observed: ReadonlyMap<number, number>): Map<number, number> {
  const byDay = new Map<number, { n: number; max: number }>();
  for (const [t, kp] of observed) {
    if (t % PERIOD_MS !== 0) continue;
    const day = utcDayStart(t);
    const d = byDay.get(day) ?? { n: 0, max: -Infinity };
    d.n++;
    d.max = Math.max(d.max, kp);
    byDay.set(day, d);
  }
  const out = new Map<number, number>();
  for (const [day, d] of byDay) if (d.n === 8) out.set(day, d.max);
  return out;
}

/** The forecast largest Kp of each day from the newest issue before it began that covers all of it. */
export function nextDayForecastMax(issues: readonly ForecastIssue[]): Map<number, number> {
  const best = new Map<number, { issued: number; max: number }>();
  for (const issue of issues) {
    const perDay = new Map<number, { n: number; max: number }>();
    issue.t.forEach((t, i) => {
      const day = utcDayStart(t);
      const d = perDay.get(day) ?? { n: 0, max: -Infinity };
      d.n++;
      d.max = Math.max(d.max, issue.kp[i] as number);
      perDay.set(day, d);
    });
    for (const [day, d] of perDay) {
      if (d.n !== 8 || issue.issued >= day || day - issue.issued > NEXT_DAY_MAX_LEAD_MS) continue;
      const cur = best.get(day);
      if (!cur || issue.issued > cur.issued) best.set(day, { issued: issue.issued, max: d.max });
    }
  }
  return new Map([...best].map(([day, b]) => [day, b.max]));
}

const isStorm = (kp: number) => kp >= STORM_KP - 1e-6;

function leadErrors(
  issues: readonly ForecastIssue[],
  observed: ReadonlyMap<number, number>,
  from: number,
  to: number,
): LeadError[] {
  const observedTimes = [...observed.keys()].sort((a, b) => a - b);
  /** The newest observed period that had started by `t` (what persistence would forecast). */
  const persistenceAt = (t: number): number | null => {
    let lo = 0;
    let hi = observedTimes.length - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if ((observedTimes[mid] as number) <= t - PERIOD_MS) {
        found = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return found < 0 ? null : (observed.get(observedTimes[found] as number) as number);
  };
  return LEAD_BANDS_H.map((band) => {
    // Per period: the newest issue whose lead falls in the band.
    const chosen = new Map<number, { issued: number; kp: number }>();
    for (const issue of issues) {
      issue.t.forEach((t, i) => {
        if (t < from || t >= to || !observed.has(t)) return;
        const leadH = (t - issue.issued) / HOUR_MS;
        if (leadH < band[0] || leadH >= band[1]) return;
        const cur = chosen.get(t);
        if (!cur || issue.issued > cur.issued)
          chosen.set(t, { issued: issue.issued, kp: issue.kp[i] as number });
      });
    }
    let sumF = 0;
    let sumP = 0;
    let n = 0;
    for (const [t, c] of chosen) {
      const persisted = persistenceAt(c.issued);
      if (persisted === null) continue;
      const obs = observed.get(t) as number;
      sumF += Math.abs(c.kp - obs);
      sumP += Math.abs(persisted - obs);
      n++;
    }
    return {
      leadHours: band,
      forecast: n === 0 ? null : sumF / n,
      persistence: n === 0 ? null : sumP / n,
      periods: n,
    };
  });
}

/** The track record over each window (default the last 30 and 90 complete UTC days). */
export function trackRecord(
  input: TrackRecordInput,
  windows: readonly number[] = [30, 90],
): WindowRecord[] {
  const dailyMax = observedDailyMax(input.observed);
  const forecastMax = nextDayForecastMax(input.issues);
  const lastDay = utcDayStart(input.now) - DAY_MS;
  return windows.map((days) => {
    const from = lastDay - (days - 1) * DAY_MS;
    const cases: {
      observed: boolean;
      forecast: boolean;
      persistence: boolean;
      recurrence: boolean;
    }[] = [];
    for (let day = from; day <= lastDay; day += DAY_MS) {
      const obs = dailyMax.get(day);
      const fc = forecastMax.get(day);
      const yesterday = dailyMax.get(day - DAY_MS);
      const rotationAgo = dailyMax.get(day - RECURRENCE_DAYS * DAY_MS);
      // One set of days for all three, so their scores compare like with like.
      if (obs === undefined || fc === undefined || yesterday === undefined) continue;
      if (rotationAgo === undefined) continue;
      cases.push({
        observed: isStorm(obs),
        forecast: isStorm(fc),
        persistence: isStorm(yesterday),
        recurrence: isStorm(rotationAgo),
      });
    }
    const score = (key: 'forecast' | 'persistence' | 'recurrence') =>
      binaryScores(tally(cases.map((c) => ({ forecast: c[key], observed: c.observed }))));
    return {
      days,
      from,
      to: lastDay,
      forecast: score('forecast'),
      persistence: score('persistence'),
      recurrence: score('recurrence'),
      errors: leadErrors(input.issues, input.observed, from, lastDay + DAY_MS),
    };
  });
}

/**
 * Observed Kp by period from GFZ Potsdam's definitive or nowcast Kp (preferred: the official
 * index) and SWPC's 3-hourly estimate where GFZ has none. `status` per GFZ value: 2 definitive,
 * 1 nowcast, 0 a constructed replay (never scored).
 */
export function observedKp(
  gfz: { t: readonly number[]; kp: readonly (number | null)[]; status: readonly (number | null)[] },
  swpc: { t: readonly number[]; kp: readonly (number | null)[] },
): Map<number, number> {
  const out = new Map<number, number>();
  swpc.t.forEach((t, i) => {
    const kp = swpc.kp[i];
    if (kp !== null && kp !== undefined) out.set(t, kp);
  });
  gfz.t.forEach((t, i) => {
    const kp = gfz.kp[i];
    const status = gfz.status[i];
    if (kp !== null && kp !== undefined && status !== null && status !== undefined && status >= 1)
      out.set(t, kp);
  });
  return out;
}
