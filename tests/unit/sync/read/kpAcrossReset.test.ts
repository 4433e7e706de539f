import { describe, expect, it } from 'vitest';
import { normalise } from '../../../../core/normalise/index.ts';
import { isSynopticReset } from '../../../../core/normalise/synoptic.ts';
import { kpAcrossReset } from '../../../../core/kp/kpAcrossReset.ts';
import { latestValue } from '../../../../sync/read/seriesColumns.ts';
import { summariseSpaceWeather } from '../../../../sync/read/summariseSpaceWeather.ts';
import { synopticPeriodStart } from '../../../../core/normalise/synoptic.ts';
import { constructed } from '../../../support/constructedSwpc.ts';

// The constructed SWPC file (tests/fixtures/swpc/kp1m.ts): 2026-07-09 04:03–10:00 UT, with the estimate restarting at 06:00 and 09:00.
const body = constructed('planetary_k_index_1m.json');
const at = (hhmm: string) => Date.parse(`2026-07-09T${hhmm}:00Z`);
const result = normalise('kp-1m', body, { now: at('10:01') });
if (!result.ok) throw new Error(result.error);
const batch = result.series[0]!;
const kp = batch.fields.kp as (number | null)[];
const served = (hhmm: string) => kp[batch.t.indexOf(at(hhmm))]!;

/** What the summary shows when the newest stored minute is `hhmm` (the file as fetched then). */
function summaryKpAt(hhmm: string, kp3h: { value: number; t: number } | null = null) {
  const end = batch.t.indexOf(at(hhmm)) + 1;
  const chunk = { t: batch.t.slice(0, end), fields: { kp: kp.slice(0, end) } };
  const now = latestValue([chunk], 'kp')!;
  const s = summariseSpaceWeather(
    {
      kp1m: now,
      kp1mBeforeBoundary: latestValue([chunk], 'kp', synopticPeriodStart(now.t)),
      kp3h,
      speed: null,
      density: null,
      bz: null,
    },
    new Map(),
    at(hhmm) + 60_000,
  );
  return s.details.kpIndex;
}

describe('the summary’s Kp across the 1-minute estimate’s 3-hour reset (constructed file)', () => {
  it('holds the level of the period just ended while the restarted estimate climbs back', () => {
    expect(served('08:59')).toBe(2.33);
    expect(served('09:03')).toBe(0);
    expect(summaryKpAt('09:03')).toMatchObject({ value: 2.33, time: at('09:03'), feed: 'kp-1m' });
    expect(served('05:59')).toBe(1);
    expect(served('06:05')).toBe(0);
    expect(summaryKpAt('06:05').value).toBe(1);
  });

  it('never dips below the previous level inside a reset window, and follows the estimate outside it', () => {
    for (let i = 1; i < batch.t.length; i++) {
      const t = batch.t[i]!;
      const hhmm = new Date(t).toISOString().slice(11, 16);
      const shown = summaryKpAt(hhmm).value;
      if (isSynopticReset(t)) {
        const before = latestValue([{ t: batch.t, fields: { kp } }], 'kp', synopticPeriodStart(t))!;
        expect(shown, hhmm).toBe(Math.max(before.value, served(hhmm)));
      } else {
        expect(shown, hhmm).toBe(served(hhmm));
      }
    }
    // After the window the estimate is shown as served, even below the old level.
    expect(summaryKpAt('09:45').value).toBe(1.67);
    expect(summaryKpAt('10:00').value).toBe(1.67);
  });

  it('takes the 3-hourly Kp of the period just ended when it is published', () => {
    // A 3-hourly Kp of 3.33 for 06–09 UT (the 3-hourly file labels a period by its start).
    const official = { value: 3.33, t: at('06:00') };
    expect(summaryKpAt('09:03', official).value).toBe(3.33);
    // …lower than the estimate's last value: the published index wins.
    expect(summaryKpAt('09:03', { value: 2, t: at('06:00') }).value).toBe(2);
    // An older period's index says nothing about the one just ended.
    expect(summaryKpAt('09:03', { value: 5, t: at('03:00') }).value).toBe(2.33);
    // A reading above the held level is the new period rising: shown as it is.
    expect(
      kpAcrossReset({ value: 4, t: at('09:10') }, { value: 2.33, t: at('08:59') }, null).value,
    ).toBe(4);
  });

  it('holds nothing when the estimate has a gap of more than half an hour before the boundary', () => {
    expect(
      kpAcrossReset({ value: 0, t: at('09:03') }, { value: 2.33, t: at('08:20') }, null).value,
    ).toBe(0);
  });
});
