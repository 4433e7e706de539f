import { describe, expect, it } from 'vitest';
import {
  nextDayForecastMax,
  observedDailyMax,
  observedKp,
  trackRecord,
} from '../../../../core/verification/trackRecord.ts';
import type { ForecastIssue } from '../../../../core/verification/forecastIssues.ts';
import { skillVerdict } from '../../../../core/verification/skillSentence.ts';

const DAY = 86_400_000;
const H = 3_600_000;
const NOW = Date.parse('2026-11-26T18:10:00Z');
/** Window day k (1…30): day 30 is yesterday, the last complete UTC day. */
const dayOf = (k: number) => Date.parse('2026-11-25T00:00:00Z') + (k - 30) * DAY;

/**
 * Observed Kp 2 in every period, and 5.33 in the 00–03 UT period of the storm days; forecasts
 * issued at 12:30 UT the day before, for that day only, Kp 2 except 5.33 at 00 UT on the days
 * forecast to storm. Days are numbered within the 30-day window (1 = first, 30 = yesterday).
 */
function scenario(observedStorms: number[], forecastStorms: number[], fromK = -26) {
  const observed = new Map<number, number>();
  for (let k = fromK; k <= 30; k++)
    for (let p = 0; p < 8; p++)
      observed.set(dayOf(k) + p * 3 * H, p === 0 && observedStorms.includes(k) ? 5.33 : 2);
  const issues: ForecastIssue[] = [];
  for (let k = 1; k <= 30; k++) {
    const t = Array.from({ length: 8 }, (_, p) => dayOf(k) + p * 3 * H);
    issues.push({
      source: 'three-day-forecast',
      issued: dayOf(k) - DAY + 12.5 * H,
      t,
      kp: t.map((_, p) => (p === 0 && forecastStorms.includes(k) ? 5.33 : 2)),
    });
  }
  return { observed, issues };
}

describe('the forecasts’ track record', () => {
  // Observed storms on days 5, 6, 15, 22 and, 27 days before the window's days 5, 15 and 20, on
  // days −22, −12 and −7 (so recurrence says "storm" on 5, 15, 20).
  const OBSERVED = [-22, -12, -7, 5, 6, 15, 22];
  const FORECAST = [5, 6, 16, 22, 25];

  it('scores next-day storm forecasts, persistence and 27-day recurrence against a hand-computed table', () => {
    const { observed, issues } = scenario(OBSERVED, FORECAST);
    const [w30] = trackRecord({ issues, observed, now: NOW });
    expect(w30!.days).toBe(30);
    expect(new Date(w30!.to).toISOString()).toBe('2026-11-25T00:00:00.000Z');
    // Forecast: hits 5, 6, 22; false alarms 16, 25; miss 15; 24 quiet days forecast quiet.
    expect(w30!.forecast.table).toEqual({
      hits: 3,
      falseAlarms: 2,
      misses: 1,
      correctNegatives: 24,
    });
    expect(w30!.forecast.hss).toBeCloseTo(140 / 230, 12);
    expect(w30!.forecast.pod).toBe(0.75);
    expect(w30!.forecast.far).toBe(0.4);
    // Persistence says storm on 6, 7, 16, 23: hit 6; false alarms 7, 16, 23; misses 5, 15, 22.
    expect(w30!.persistence.table).toEqual({
      hits: 1,
      falseAlarms: 3,
      misses: 3,
      correctNegatives: 23,
    });
    expect(w30!.persistence.hss).toBeCloseTo((2 * (23 - 9)) / (4 * 26 + 4 * 26), 12);
    // Recurrence says storm on 5, 15, 20: hits 5, 15; false alarm 20; misses 6, 22.
    expect(w30!.recurrence.table).toEqual({
      hits: 2,
      falseAlarms: 1,
      misses: 2,
      correctNegatives: 25,
    });
    expect(w30!.recurrence.hss).toBeCloseTo(96 / 186, 12);
  });

  it('gives the mean absolute Kp error by lead time, one value per period, beside persistence', () => {
    const { observed, issues } = scenario(OBSERVED, FORECAST);
    const [w30] = trackRecord({ issues, observed, now: NOW });
    // Issued 12:30 the day before: 00–12 UT start 11.5–23.5 h later (5 periods a day, first
    // band), 15–21 UT 26.5–32.5 h later (3 a day, second band). Wrong by 3.33 at 00 UT on days
    // 15, 16 and 25; persistence (Kp 2 from 09 UT the day before) on the 4 storm days.
    const [day1, day2, day3] = w30!.errors;
    expect(day1).toMatchObject({ leadHours: [0, 24], periods: 150 });
    expect(day1!.forecast).toBeCloseTo((3 * 3.33) / 150, 12);
    expect(day1!.persistence).toBeCloseTo((4 * 3.33) / 150, 12);
    expect(day2).toMatchObject({ leadHours: [24, 48], periods: 90, forecast: 0, persistence: 0 });
    expect(day3).toMatchObject({ leadHours: [48, 72], periods: 0, forecast: null });
  });

  it('counts only days with a forecast and every period observed, in the longer window too', () => {
    const { observed, issues } = scenario(OBSERVED, FORECAST);
    observed.delete(dayOf(10) + 6 * 3 * H);
    const [w30, w90] = trackRecord({ issues, observed, now: NOW });
    // Day 10 is no longer complete, and day 11 has no persistence.
    expect(w30!.forecast.cases).toBe(28);
    expect(w90!.days).toBe(90);
    expect(w90!.forecast.cases).toBe(28);
    expect(observedDailyMax(observed).has(dayOf(10))).toBe(false);
  });

  it('takes each day’s forecast from the newest issue made before the day began', () => {
    const t = Array.from({ length: 8 }, (_, p) => dayOf(30) + p * 3 * H);
    const older: ForecastIssue = {
      source: 'three-day-forecast',
      issued: dayOf(29) + 0.5 * H,
      t,
      kp: t.map(() => 6),
    };
    const newer: ForecastIssue = { ...older, issued: dayOf(29) + 12.5 * H, kp: t.map(() => 3) };
    const during: ForecastIssue = { ...older, issued: dayOf(30) + 0.5 * H, kp: t.map(() => 8) };
    expect(nextDayForecastMax([older, newer, during]).get(dayOf(30))).toBe(3);
  });

  it('says in words that the forecasts beat persistence, with the numbers', () => {
    const { observed, issues } = scenario(OBSERVED, FORECAST);
    const verdict = skillVerdict(trackRecord({ issues, observed, now: NOW })[0]!);
    expect(verdict.better).toBe(true);
    expect(verdict.sentence).toBe(
      'Better than assuming tomorrow is like today over the last 30 days: yes — next-day storm ' +
        '(Kp ≥ 5) forecasts scored HSS 0.61 against 0.13 for persistence, on 30 days with 4 days of storm.',
    );
    expect(verdict.sentence).not.toMatch(/%/);
  });

  it('falls back to the Kp error one day ahead in a quiet spell, and says no when persistence did better', () => {
    const { observed, issues } = scenario([], []);
    for (const issue of issues) issue.kp[1] = 3;
    const verdict = skillVerdict(trackRecord({ issues, observed, now: NOW })[0]!);
    expect(verdict.better).toBe(false);
    expect(verdict.sentence).toMatch(
      /^Better than assuming tomorrow is like today over the last 30 days: no — /,
    );
    expect(verdict.sentence).toMatch(/storm skill cannot be measured/);
    expect(verdict.sentence).toMatch(/off by 0\.20 on average against 0\.00 for persistence/);
  });

  it('says there is not enough yet when the device holds no scored forecast', () => {
    const verdict = skillVerdict(trackRecord({ issues: [], observed: new Map(), now: NOW })[0]!);
    expect(verdict.better).toBeNull();
    expect(verdict.sentence).toMatch(/^Not enough yet/);
  });

  it('reads observed Kp from GFZ where it has a real value and from SWPC elsewhere', () => {
    const t0 = dayOf(30);
    const map = observedKp(
      { t: [t0, t0 + 3 * H, t0 + 6 * H], kp: [3, 4, 7], status: [2, 1, 0] },
      { t: [t0, t0 + 3 * H, t0 + 6 * H, t0 + 9 * H], kp: [2.67, 4.33, 2, null] },
    );
    expect([...map]).toEqual([
      [t0, 3],
      [t0 + 3 * H, 4],
      [t0 + 6 * H, 2],
    ]);
  });
});
