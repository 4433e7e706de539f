/**
 * The 14-night plan at known dates. Moon phases: USNO, "Phases of the Moon 2024"
 * (aa.usno.navy.mil/data/MoonPhases): new moon 2024-04-08 18:21 UTC (the total solar eclipse),
 * full moon 2024-04-23 23:49 UTC. Tromsø (69.65° N): midnight sun about 20 May – 22 July,
 * polar night about 27 November – 15 January (Norwegian Meteorological Institute / timeanddate
 * sun tables for Tromsø); our Sun is the Astronomical Almanac's low-precision one (core/tonight/sun.ts).
 */
import { describe, expect, it } from 'vitest';
import { getMoonTimes } from 'suncalc';
import { planNights, PLAN_NIGHTS } from '../../../../core/plan/planNights.ts';
import { moonPhaseName } from '../../../../core/plan/nightMoon.ts';
import { computeVerdict } from '../../../../core/tonight/verdict.ts';
import { EDINBURGH, HOUR, TROMSO } from '../../../support/tonightPlaces.ts';

const at = (iso: string) => Date.parse(iso);
const DAY = 24 * HOUR;

describe('the plan of the coming nights', () => {
  it('lists fourteen consecutive nights, noon to noon, tonight first', () => {
    const now = at('2024-04-08T15:00:00Z');
    const nights = planNights({ place: EDINBURGH, now });
    expect(nights).toHaveLength(PLAN_NIGHTS);
    expect(nights[0]!.date).toBe('2024-04-08');
    expect(nights[13]!.date).toBe('2024-04-21');
    for (const [i, n] of nights.entries()) {
      expect(n.to - n.from).toBe(DAY);
      if (i > 0) expect(n.from).toBe(nights[i - 1]!.to);
    }
    expect(nights[0]!.from).toBeLessThanOrEqual(now);
    expect(nights[0]!.to).toBeGreaterThan(now);
  });

  it('shows the coming night, not the one just ended, on a morning look', () => {
    const nights = planNights({ place: EDINBURGH, now: at('2024-04-09T08:00:00Z') });
    expect(nights[0]!.date).toBe('2024-04-09');
  });

  it('reads a new moon on the night of 2024-04-08 and a full moon on 2024-04-23', () => {
    const april = planNights({ place: EDINBURGH, now: at('2024-04-08T15:00:00Z') }, 16);
    const newMoon = april.find((n) => n.date === '2024-04-08')!;
    expect(newMoon.moon.phaseName).toBe('new moon');
    expect(newMoon.moon.illumination).toBeLessThan(0.01);
    const full = april.find((n) => n.date === '2024-04-23')!;
    expect(full.moon.phaseName).toBe('full moon');
    expect(full.moon.illumination).toBeGreaterThan(0.99);
    // A week after new moon: the first quarter (USNO: 2024-04-15 19:13 UTC).
    expect(april.find((n) => n.date === '2024-04-15')!.moon.phaseName).toBe('first quarter');
  });

  it('finds the full moon rising in the evening within minutes of suncalc’s own solver', () => {
    const full = planNights({ place: EDINBURGH, now: at('2024-04-23T15:00:00Z') }, 1)[0]!;
    const solved = getMoonTimes(new Date('2024-04-23T12:00:00Z'), EDINBURGH.lat, EDINBURGH.lon);
    expect(full.moon.rise).not.toBeNull();
    expect(Math.abs(full.moon.rise! - solved.rise!.getTime())).toBeLessThan(5 * 60_000);
    // A full moon rises near sunset and sets near sunrise: up through the dark window.
    expect(full.moon.rise!).toBeLessThan(full.dark!.from);
  });

  it('says the sun never sets at Tromsø at midsummer: no dark window', () => {
    const nights = planNights({ place: TROMSO, now: at('2026-06-21T15:00:00Z') });
    expect(nights[0]!.kind).toBe('midnight-sun');
    expect(nights.every((n) => n.dark === null)).toBe(true);
  });

  it('gives a long dark window in Tromsø’s polar night, from mid-afternoon to morning', () => {
    const night = planNights({ place: TROMSO, now: at('2026-12-21T15:00:00Z') })[0]!;
    expect(night.kind).toBe('polar-night');
    expect(night.dark!.from).toBeGreaterThanOrEqual(at('2026-12-21T14:00:00Z'));
    expect(night.dark!.from).toBeLessThanOrEqual(at('2026-12-21T15:30:00Z'));
    expect(night.dark!.to).toBeGreaterThanOrEqual(at('2026-12-22T06:00:00Z'));
    expect(night.dark!.to).toBeLessThanOrEqual(at('2026-12-22T07:30:00Z'));
  });

  it('keeps a winter full moon above Tromsø all night and a winter new moon below it', () => {
    // Full moon 2026-01-03 10:03 UTC, new moon 2026-01-18 19:52 UTC (USNO, Phases of the Moon 2026).
    const full = planNights({ place: TROMSO, now: at('2026-01-03T15:00:00Z') }, 1)[0]!;
    expect(full.moon).toMatchObject({ upAllNight: true, rise: null, set: null });
    const dark = planNights({ place: TROMSO, now: at('2026-01-18T15:00:00Z') }, 1)[0]!;
    expect(dark.moon).toMatchObject({ downAllNight: true, phaseName: 'new moon' });
  });

  it('takes Kp from the 3-day forecast where it reaches and the 27-day outlook beyond, marked low confidence', () => {
    const now = at('2024-04-08T15:00:00Z');
    const start = at('2024-04-08T12:00:00Z');
    const kpForecast = Array.from({ length: 24 }, (_, i) => ({
      t: start + i * 3 * HOUR,
      kp: i === 4 ? 5.33 : 2,
    }));
    const outlook = Array.from({ length: 27 }, (_, i) => ({
      day: at('2024-04-08T00:00:00Z') + i * DAY,
      kp: i === 6 ? 6 : 3,
    }));
    const nights = planNights({ place: EDINBURGH, now, kpForecast, outlook });
    // 24 blocks of 3 h from noon on the 8th reach noon on the 11th: three nights.
    expect(nights[0]!.kp).toEqual({ kp: 5.33, source: 'three-day', lowConfidence: false });
    expect(nights[2]!.kp).toEqual({ kp: 2, source: 'three-day', lowConfidence: false });
    expect(nights[3]!.kp).toEqual({ kp: 3, source: 'outlook', lowConfidence: true });
    // The outlook's 14 April (UTC day) reaches both the night of the 13th (its early hours)
    // and the night of the 14th (its evening).
    expect(nights[5]!.kp?.kp).toBe(6);
    expect(nights[6]!.kp?.kp).toBe(6);
    expect(nights[7]!.kp?.kp).toBe(3);
  });

  it('has no Kp beyond the outlook’s last day', () => {
    const now = at('2024-04-08T15:00:00Z');
    const outlook = [{ day: at('2024-04-09T00:00:00Z'), kp: 4 }];
    const nights = planNights({ place: EDINBURGH, now, outlook });
    expect(nights[0]!.kp?.source).toBe('outlook');
    expect(nights[3]!.kp).toBeNull();
  });

  it('puts tonight’s verdict on tonight only', () => {
    const now = at('2024-04-08T21:00:00Z');
    const verdict = computeVerdict({ place: EDINBURGH, now });
    const nights = planNights({ place: EDINBURGH, now, verdict });
    expect(nights[0]!.verdict?.level).toBe(verdict.best?.level ?? 'NO');
    expect(nights.slice(1).every((n) => n.verdict === null)).toBe(true);
  });

  it('works anywhere on Earth and refuses a place off it', () => {
    expect(() => planNights({ place: { lat: 91, lon: 0 }, now: 0 })).toThrow(RangeError);
    expect(
      planNights({ place: { lat: -90, lon: 180 }, now: at('2024-06-21T00:00:00Z') })[0]!.kind,
    ).toBe('polar-night');
  });

  it('names the phase by the eighth of the cycle it is in', () => {
    expect(moonPhaseName(0.97)).toBe('new moon');
    expect(moonPhaseName(0.25)).toBe('first quarter');
    expect(moonPhaseName(0.5)).toBe('full moon');
    expect(moonPhaseName(0.8)).toBe('last quarter');
    expect(moonPhaseName(0.6)).toBe('waning gibbous');
  });
});
