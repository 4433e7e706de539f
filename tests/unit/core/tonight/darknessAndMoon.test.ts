import { getPosition } from 'suncalc';
import { describe, expect, it } from 'vitest';
import { darknessLevel, describeNight, sunAltitude } from '../../../../core/tonight/darkness.ts';
import { moonAt } from '../../../../core/tonight/moon.ts';
import { EDINBURGH, TROMSO } from '../../../support/tonightPlaces.ts';

const at = (iso: string) => Date.parse(iso);

describe('darkness', () => {
  it('calls a Tromsø night in June midnight sun: the sun stays above the horizon', () => {
    const night = describeNight(
      at('2027-06-20T12:00:00Z'),
      at('2027-06-21T12:00:00Z'),
      TROMSO.lat,
      TROMSO.lon,
    );
    expect(night.kind).toBe('midnight-sun');
    expect(night.darkFrom).toBeNull();
  });

  it('calls Tromsø at the winter solstice polar night: the sun never rises', () => {
    const night = describeNight(
      at('2026-12-21T00:00:00Z'),
      at('2026-12-22T00:00:00Z'),
      TROMSO.lat,
      TROMSO.lon,
    );
    expect(night.kind).toBe('polar-night');
    expect(night.maxAltitude).toBeLessThan(-0.833);
  });

  it('calls an Edinburgh night in June never dark: the sun sets but stays above −12°', () => {
    const night = describeNight(
      at('2027-06-20T12:00:00Z'),
      at('2027-06-21T12:00:00Z'),
      EDINBURGH.lat,
      EDINBURGH.lon,
    );
    expect(night.kind).toBe('never-dark');
    expect(night.minAltitude).toBeGreaterThan(-12);
    expect(night.minAltitude).toBeLessThan(-6);
  });

  it('finds the dark span of a January night in Edinburgh and its darkest moment near solar midnight', () => {
    const night = describeNight(
      at('2027-01-15T12:00:00Z'),
      at('2027-01-16T12:00:00Z'),
      EDINBURGH.lat,
      EDINBURGH.lon,
    );
    expect(night.kind).toBe('normal');
    // Nautical dusk in Edinburgh on 15 January 2027 is 17:43 UTC, nautical dawn 07:01, solar midnight 00:22;
    // the night is sampled every ten minutes, so each lands within ten minutes of them.
    expect(Math.abs(night.darkFrom! - at('2027-01-15T17:43:00Z'))).toBeLessThanOrEqual(10 * 60_000);
    expect(Math.abs(night.darkUntil! - at('2027-01-16T07:01:00Z'))).toBeLessThanOrEqual(
      10 * 60_000,
    );
    expect(Math.abs(night.darkestAt - at('2027-01-16T00:22:00Z'))).toBeLessThanOrEqual(10 * 60_000);
  });

  it('names the twilight bands by the standard limits', () => {
    expect([1, -0.5, -3, -9, -15, -20].map(darknessLevel)).toEqual([
      'day',
      'day',
      'civil-twilight',
      'nautical-twilight',
      'astronomical-twilight',
      'night',
    ]);
    expect(sunAltitude(at('2027-06-21T12:02:00Z'), 51.48, 0)).toBeCloseTo(62, 0); // Greenwich, solstice noon: 90 − 51.48 + 23.44
  });
});

describe('twilight on the geometric altitude', () => {
  // suncalc's altitude is apparent: below the horizon it adds the refraction at the horizon,
  // Meeus (16.4) at h = 0, which suncalc folds into radians as 0.0002967 / tan(0.00312536 / 0.08901179).
  const horizonRefractionDeg = (0.0002967 / Math.tan(0.00312536 / 0.08901179)) * (180 / Math.PI);

  it('takes the Sun’s altitude without refraction: suncalc’s apparent altitude less ~0.48° below the horizon', () => {
    expect(horizonRefractionDeg).toBeCloseTo(0.484, 2);
    for (let minutes = 0; minutes <= 240; minutes += 20) {
      const t = at('2027-01-15T16:00:00Z') + minutes * 60_000; // an Edinburgh evening, sunset to night
      const apparent = getPosition(new Date(t), EDINBURGH.lat, EDINBURGH.lon).altitude;
      expect(sunAltitude(t, EDINBURGH.lat, EDINBURGH.lon)).toBeCloseTo(
        apparent - horizonRefractionDeg,
        1,
      );
    }
  });

  it('calls the sky dark once the geometric altitude is below −12°, though the apparent one is still above', () => {
    // 17:45 UTC in Edinburgh on 15 January 2027: geometric −12.3°, apparent −11.8°.
    const t = at('2027-01-15T17:45:00Z');
    const geometric = sunAltitude(t, EDINBURGH.lat, EDINBURGH.lon);
    expect(geometric).toBeLessThan(-12);
    expect(getPosition(new Date(t), EDINBURGH.lat, EDINBURGH.lon).altitude).toBeGreaterThan(-12);
    expect(darknessLevel(geometric)).toBe('astronomical-twilight');
  });
});

describe('the moon', () => {
  it('is full on 23 April 2024 at 23:49 UTC and new on 8 April 2024 at 18:21 UTC (the eclipse)', () => {
    expect(moonAt(at('2024-04-23T23:49:00Z'), 0, 0).illumination).toBeGreaterThan(0.99);
    expect(moonAt(at('2024-04-08T18:21:00Z'), 0, 0).illumination).toBeLessThan(0.01);
  });

  it('is half lit at first quarter, 15 April 2024 19:13 UTC', () => {
    const m = moonAt(at('2024-04-15T19:13:00Z'), 0, 0);
    expect(m.illumination).toBeCloseTo(0.5, 1);
    expect(m.phase).toBeCloseTo(0.25, 1);
  });

  it('stands over the sunlit side at the 8 April 2024 total eclipse in Dallas, and below the horizon at midnight there', () => {
    expect(moonAt(at('2024-04-08T18:42:00Z'), 32.78, -96.8)).toMatchObject({ up: true });
    expect(moonAt(at('2024-04-08T18:42:00Z'), 32.78, -96.8).altitudeDeg).toBeGreaterThan(60);
    expect(moonAt(at('2024-04-09T06:00:00Z'), 32.78, -96.8).up).toBe(false);
  });
});
