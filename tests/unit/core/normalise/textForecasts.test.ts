import { describe, expect, it } from 'vitest';
import { normalise } from '../../../../core/normalise/index.ts';
import type {
  ThreeDayForecastData,
  ThreeDayGeomagForecastData,
  TwentySevenDayOutlookData,
} from '../../../../core/normalise/index.ts';
import type { ProductRecord, Resource } from '../../../../core/model.ts';
import { NOW } from '../../../support/fixtureFiles.ts';
import { recorded, skipWithoutRecordings } from '../../../support/recordedFixtures.ts';

/** The recordings live in ../shared (not committed): without them these checks skip, saying so. */
const SKIP = skipWithoutRecordings();

function product<T>(resource: Resource, body: string): ProductRecord<T> & { drift: boolean } {
  const r = normalise(resource, body, { now: NOW });
  if (!r.ok) throw new Error(r.error);
  expect(r.products).toHaveLength(1);
  return { ...(r.products[0] as ProductRecord<T>), drift: r.schemaDrift };
}

const H = 3_600_000;

describe.skipIf(SKIP)('3-day forecast', () => {
  it('takes the year of "Dec 31-Jan 02 2025" from the Issued line: Dec 31 is in 2024', () => {
    const p = product<ThreeDayForecastData>('three-day-forecast', recorded('3-day-forecast.txt'));
    expect(p.issued).toBe(Date.UTC(2024, 11, 31, 12, 30));
    expect(p.data.days).toEqual([
      Date.UTC(2024, 11, 31),
      Date.UTC(2025, 0, 1),
      Date.UTC(2025, 0, 2),
    ]);
  });

  it('reads the 24 Kp cells with their G tags, despite trailing spaces', () => {
    const p = product<ThreeDayForecastData>('three-day-forecast', recorded('3-day-forecast.txt'));
    expect(p.data.kp).toHaveLength(24);
    const at = (t: number) => p.data.kp.find((c) => c.start === t);
    expect(at(Date.UTC(2024, 11, 31, 15))).toEqual({
      start: Date.UTC(2024, 11, 31, 15),
      kp: 6.67,
      g: 3,
      tag: 3,
    });
    expect(at(Date.UTC(2025, 0, 1, 0))).toMatchObject({ kp: 5, tag: 1, g: 1 });
    expect(at(Date.UTC(2025, 0, 2, 21))).toMatchObject({ kp: 2.33, tag: null, g: 0 });
    expect(p.data.maxKp).toBe(6.67);
    expect(p.data.maxG).toBe(3);
    for (let i = 1; i < 24; i++)
      expect((p.data.kp[i]?.start ?? 0) - (p.data.kp[i - 1]?.start ?? 0)).toBe(3 * H);
  });

  it('reads the S1 and R1–R2 / R3 probabilities and the three rationales', () => {
    const p = product<ThreeDayForecastData>('three-day-forecast', recorded('3-day-forecast.txt'));
    expect(p.data.solarRadiation?.s1OrGreater).toEqual([20, 20, 20]);
    expect(p.data.radioBlackout).toMatchObject({ r1r2: [80, 80, 80], r3OrGreater: [25, 25, 25] });
    expect(p.data.rationale.geomagnetic).toMatch(
      /^Isolated periods of G3 \(Strong\) geomagnetic storming are likely .* also from 29 Dec\.$/,
    );
    expect(p.data.rationale.radioBlackout).toContain('Region 3936');
    expect(p.data.greatestObservedKp).toBe(2);
    expect(p.data.greatestExpectedKp).toBe(6.67);
    expect(p.raw).toContain(':Product: 3-Day Forecast');
    expect(p.drift).toBe(false);
  });

  it('reads the July issue with single-digit percentages and Kp 4.67 tagged G1', () => {
    const p = product<ThreeDayForecastData>(
      'three-day-forecast',
      recorded('2025-07-03/3-day-forecast.txt'),
    );
    expect(p.data.days[0]).toBe(Date.UTC(2025, 6, 3));
    expect(p.data.kp[0]).toMatchObject({ kp: 4.67, tag: 1 });
    expect(p.data.solarRadiation?.s1OrGreater).toEqual([1, 1, 1]);
    expect(p.data.radioBlackout?.r3OrGreater).toEqual([1, 1, 1]);
  });

  it('reads Windows line endings the same way', () => {
    const unix = product<ThreeDayForecastData>(
      'three-day-forecast',
      recorded('3-day-forecast.txt'),
    );
    const dos = product<ThreeDayForecastData>(
      'three-day-forecast',
      recorded('3-day-forecast.txt').replace(/\n/g, '\r\n'),
    );
    expect(dos.data).toEqual(unix.data);
  });

  it('rejects a forecast whose Kp table is cut short', () => {
    const cut = recorded('3-day-forecast.txt').split('\n').slice(0, 18).join('\n');
    expect(normalise('three-day-forecast', cut, { now: NOW })).toMatchObject({
      ok: false,
      error: expect.stringContaining('no readable "NOAA Kp index breakdown" table'),
    });
  });

  it('rejects another product sent under this name', () => {
    expect(
      normalise('three-day-forecast', recorded('27-day-outlook.txt'), { now: NOW }),
    ).toMatchObject({ ok: false, error: expect.stringContaining('not the expected product') });
  });

  it('flags a missing radio-blackout table as drift but keeps the Kp forecast', () => {
    const text = recorded('3-day-forecast.txt').replace(/^R1-R2.*$/m, '');
    const p = product<ThreeDayForecastData>('three-day-forecast', text);
    expect(p.drift).toBe(true);
    expect(p.data.radioBlackout).toBeNull();
    expect(p.data.kp).toHaveLength(24);
  });
});

describe.skipIf(SKIP)('3-day geomagnetic forecast', () => {
  it('reads the Ap values, probabilities and the untagged Kp table', () => {
    const p = product<ThreeDayGeomagForecastData>(
      'three-day-geomag-forecast',
      recorded('3-day-geomag-forecast.txt'),
    );
    expect(p.issued).toBe(Date.UTC(2024, 8, 14, 22, 5));
    expect(p.data.observedAp).toEqual({ day: Date.UTC(2024, 8, 13), ap: 37 });
    expect(p.data.estimatedAp).toEqual({ day: Date.UTC(2024, 8, 14), ap: 24 });
    expect(p.data.predictedAp.map((a) => a.ap)).toEqual([18, 70, 28]);
    expect(p.data.predictedAp[2]?.day).toBe(Date.UTC(2024, 8, 17));
    expect(p.data.probabilities).toMatchObject({
      active: [40, 1, 20],
      minorStorm: [15, 15, 25],
      moderateStorm: [5, 30, 35],
      strongExtremeStorm: [1, 55, 20],
    });
    expect(p.data.kp).toHaveLength(24);
    const peak = p.data.kp.find((c) => c.start === Date.UTC(2024, 8, 16, 9));
    expect(peak).toEqual({ start: Date.UTC(2024, 8, 16, 9), kp: 7, g: 3, tag: null });
    expect(p.drift).toBe(false);
  });
});

describe.skipIf(SKIP)('3-day geomagnetic forecast’s probabilities', () => {
  it('are dated by their own table’s title, not by the Kp table’s', () => {
    const body = recorded('3-day-geomag-forecast.txt').replace(
      'NOAA Geomagnetic Activity Probabilities 15 Sep-17 Sep',
      'NOAA Geomagnetic Activity Probabilities 16 Sep-18 Sep',
    );
    const p = product<ThreeDayGeomagForecastData>('three-day-geomag-forecast', body);
    expect(p.data.probabilities?.days).toEqual([
      Date.UTC(2024, 8, 16),
      Date.UTC(2024, 8, 17),
      Date.UTC(2024, 8, 18),
    ]);
    expect(p.data.days[0]).toBe(Date.UTC(2024, 8, 15));
    expect(p.drift).toBe(false);
  });

  it('fall back to the Kp table’s days, flagged as a changed format, when their title is gone', () => {
    const body = recorded('3-day-geomag-forecast.txt').replace(
      'NOAA Geomagnetic Activity Probabilities 15 Sep-17 Sep',
      'NOAA Geomagnetic Activity Probabilities',
    );
    const p = product<ThreeDayGeomagForecastData>('three-day-geomag-forecast', body);
    expect(p.data.probabilities?.days).toEqual(p.data.days);
    expect(p.drift).toBe(true);
  });
});

describe.skipIf(SKIP)('27-day outlook', () => {
  it('reads the 27 rows of flux, A index and largest Kp', () => {
    const p = product<TwentySevenDayOutlookData>(
      'twenty-seven-day-outlook',
      recorded('27-day-outlook.txt'),
    );
    expect(p.issued).toBe(Date.UTC(2025, 2, 24, 2, 2));
    expect(p.data.rows).toHaveLength(27);
    expect(p.data.rows[0]).toEqual({ day: Date.UTC(2025, 2, 24), f107: 170, ap: 20, kp: 5 });
    expect(p.data.rows[26]).toEqual({ day: Date.UTC(2025, 3, 19), f107: 160, ap: 8, kp: 3 });
    expect(p.drift).toBe(false);
  });

  it('rejects an outlook with its rows missing', () => {
    const head = recorded('27-day-outlook.txt')
      .split('\n')
      .filter((l) => !/^\d{4} /.test(l))
      .join('\n');
    expect(normalise('twenty-seven-day-outlook', head, { now: NOW })).toMatchObject({
      ok: false,
      error: expect.stringContaining('no usable sample'),
    });
  });
});
