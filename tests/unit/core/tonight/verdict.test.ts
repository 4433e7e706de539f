import { describe, expect, it } from 'vitest';
import { formatVerdictLine } from '../../../../core/tonight/formatVerdictLine.ts';
import { computeVerdict } from '../../../../core/tonight/verdict.ts';
import { feedState, FRESHNESS, WEATHER_FRESHNESS } from '../../../../core/products/freshness.ts';
import { loadOvationFixture } from '../../../support/ovationFixture.ts';
import {
  clearSky,
  cloudsFromFixture,
  EDINBURGH,
  HOBART,
  HOUR,
  kpForecast,
  QUITO,
  TROMSO,
} from '../../../support/tonightPlaces.ts';

const at = (iso: string) => Date.parse(iso);

describe('tonight’s verdict', () => {
  it('says GO in Tromsø at 22:00 on a dark, clear January night with Kp 5', () => {
    const now = at('2027-01-15T21:00:00Z'); // 22:00 in Tromsø (CET)
    const v = computeVerdict({
      place: TROMSO,
      now,
      kpForecast: kpForecast(5, now, 8, now - 2 * HOUR),
      clouds: cloudsFromFixture('complete-tromso.json', now - 40 * 60_000),
    });
    const first = v.slots[0]!;
    expect(first.start).toBe(now);
    expect(first).toMatchObject({ level: 'GO', reasons: [], aurora: { source: 'kp', kp: 5 } });
    expect(first.sunAltitudeDeg).toBeLessThan(-18);
    expect(first.aurora.marginDeg).toBeGreaterThan(0);
    expect(v.night.kind).toBe('normal');
    expect(v.best?.level).toBe('GO');
    expect(v.inputs.kpForecast.stale).toBe(false);
    expect(formatVerdictLine(v, { timeZone: 'Europe/Oslo' })).toBe(
      'Best tonight: 22:00–07:30 — Kp 5, oval overhead, clear, moon up part of the time (52 %)',
    );
  });

  it('says NO in Tromsø at midnight in June: the midnight sun never sets', () => {
    const now = at('2027-06-20T22:00:00Z'); // 00:00 on 21 June in Tromsø (CEST)
    const v = computeVerdict({
      place: TROMSO,
      now,
      kpForecast: kpForecast(7, now, 8, now - HOUR),
      clouds: clearSky(now, 16, now - HOUR),
    });
    expect(v.night.kind).toBe('midnight-sun');
    expect(v.night.minAltitude).toBeGreaterThan(0);
    expect(v.slots.length).toBeGreaterThan(0);
    for (const s of v.slots) {
      expect(s.level).toBe('NO');
      expect(s.reasons).toContainEqual({ code: 'not-dark', text: 'daylight' });
    }
    expect(v.best).toBeNull();
    expect(formatVerdictLine(v)).toBe('Not tonight: midnight sun, the sun never sets');
  });

  it('looks south from Hobart under the constructed OVATION frame of 3 March 2024', () => {
    const frame = loadOvationFixture();
    const now = frame.observationTime + 3 * 60_000; // 02:10 in Hobart (AEDT)
    const v = computeVerdict({
      place: HOBART,
      now,
      ovation: frame,
      kpForecast: kpForecast(4, now, 8, now - HOUR),
      clouds: clearSky(now - HOUR, 12, now - HOUR),
    });
    const first = v.slots[0]!;
    expect(first.aurora).toMatchObject({
      source: 'ovation',
      overheadPercent: 5,
      visiblePercent: 37,
      compass: 'S',
    });
    expect(first.level).toBe('GO');
    expect(v.inputs.ovation).toMatchObject({ present: true, stale: false, ageMs: 3 * 60_000 });
    expect(formatVerdictLine(v, { timeZone: 'Australia/Hobart' })).toMatch(
      /^Best tonight: 02:00–\d\d:\d\d — 37 % low in the S, clear, /,
    );
  });

  it('says NO in Edinburgh under a low cloud deck, even with the oval on the horizon', () => {
    const now = at('2027-01-15T22:00:00Z');
    const v = computeVerdict({
      place: EDINBURGH,
      now,
      kpForecast: kpForecast(5, now, 8, now - HOUR),
      clouds: cloudsFromFixture('complete-edinburgh-low-cloud.json', now - 40 * 60_000),
    });
    const first = v.slots[0]!;
    expect(first.level).toBe('NO');
    expect(first.cloud).toEqual({ percent: 96, layer: 'low' });
    expect(first.reasons).toContainEqual({ code: 'too-cloudy', text: '96 % low cloud' });
    expect(first.aurora.marginDeg).toBeLessThan(0); // Kp 5 puts the oval on Edinburgh's northern horizon, not overhead
    expect(v.slots.filter((s) => s.sunAltitudeDeg <= -12).every((s) => s.level === 'NO')).toBe(
      true,
    );
    expect(formatVerdictLine(v)).toBe('Not tonight: too cloudy (96 % low cloud)');
  });

  it('says NO in Quito: the oval is too far even at Kp 9', () => {
    const now = at('2027-01-16T03:00:00Z'); // 22:00 in Quito
    const v = computeVerdict({
      place: QUITO,
      now,
      kpForecast: kpForecast(9, now, 8, now - HOUR),
      clouds: clearSky(now, 12, now - HOUR),
    });
    expect(v.place.magLat).toBeLessThan(15);
    for (const s of v.slots)
      expect(s.reasons).toContainEqual({ code: 'oval-too-far', text: 'oval too far even at Kp 9' });
    expect(v.best).toBeNull();
    expect(formatVerdictLine(v)).toBe('Not tonight: the aurora oval is too far even at Kp 9');
  });

  it('never says GO on stale inputs, and says how old each one is', () => {
    const now = at('2027-01-15T21:00:00Z');
    const frame = loadOvationFixture();
    const v = computeVerdict({
      place: TROMSO,
      now,
      ovation: { ...frame, observationTime: now - 6 * HOUR, forecastTime: now - 5 * HOUR },
      kpForecast: kpForecast(5, now, 8, now - 48 * HOUR),
      clouds: clearSky(now, 12, now - 72 * HOUR),
    });
    expect(v.inputs.ovation).toMatchObject({ present: true, stale: true, ageMs: 6 * HOUR });
    expect(v.inputs.kpForecast).toMatchObject({ stale: true, ageMs: 48 * HOUR });
    expect(v.inputs.clouds).toMatchObject({ stale: true, ageMs: 72 * HOUR });
    expect(v.slots.some((s) => s.level === 'GO')).toBe(false);
    const dark = v.slots[0]!;
    expect(dark.aurora.source).toBe('kp'); // a six-hour-old aurora map no longer describes the sky
    expect(dark.level).toBe('MAYBE');
    expect(dark.reasons.map((r) => r.text)).toEqual([
      'Kp forecast out of date',
      'cloud forecast out of date',
    ]);
    expect(formatVerdictLine(v, { timeZone: 'Europe/Oslo' })).toMatch(
      /^Maybe tonight: 22:00–\d\d:\d\d — .* \(aurora map 6 h ago, Kp forecast 2 days ago, clouds 3 days ago\)$/,
    );
  });

  it('trusts each input exactly as long as the feed status beside it calls it fresh: the one freshness table', () => {
    const now = at('2027-01-15T21:00:00Z');
    const frame = loadOvationFixture();
    const verdictAt = (ovationAge: number, kpAge: number, cloudAge: number) =>
      computeVerdict({
        place: TROMSO,
        now,
        ovation: { ...frame, observationTime: now - ovationAge, forecastTime: now - ovationAge },
        kpForecast: kpForecast(5, now, 8, now - kpAge),
        clouds: clearSky(now, 12, now - cloudAge),
      }).inputs;
    const feed = (window: typeof WEATHER_FRESHNESS, age: number) =>
      feedState({ lastSuccess: now, dataTime: now - age, error: null, replay: false }, window, now);
    const windows = [
      ['ovation', FRESHNESS['aurora-oval']],
      ['kpForecast', FRESHNESS['kp-forecast']],
      ['clouds', WEATHER_FRESHNESS],
    ] as const;
    for (const [input, window] of windows) {
      for (const age of [window.maxAgeMs, window.maxAgeMs + 60_000]) {
        const ages = { ovation: 0, kpForecast: 0, clouds: 0, [input]: age };
        const v = verdictAt(ages.ovation, ages.kpForecast, ages.clouds);
        expect(v[input].stale, `${input} at ${age / 60_000} min`).toBe(
          feed(window, age) !== 'fresh',
        );
      }
    }
    // A 25-minute-old OVATION frame: stale in the feed status, so tonight no longer judges by it.
    expect(feed(FRESHNESS['aurora-oval'], 25 * 60_000)).toBe('stale');
    expect(verdictAt(25 * 60_000, 0, 0).ovation).toMatchObject({
      stale: true,
      maxAgeMs: 20 * 60_000,
    });
  });

  it('tells the lowest Kp that would do when the night is dark and clear but Kp is low', () => {
    const now = at('2027-01-15T12:00:00Z'); // noon in Edinburgh: the daylight hours need far more
    const v = computeVerdict({
      place: EDINBURGH,
      now,
      kpForecast: kpForecast(2, now, 12, now - HOUR),
      clouds: clearSky(now, 30, now - HOUR),
    });
    expect(v.best).toBeNull();
    const needed = Math.min(
      ...v.slots.map((s) => s.aurora.kpNeeded).filter((k): k is number => typeof k === 'number'),
    );
    expect(needed).toBeGreaterThan(2);
    expect(needed).toBeLessThan(4);
    // Said in whole Kp: the smallest whole Kp at or above the need.
    expect(formatVerdictLine(v)).toBe(`Not tonight: needs Kp ${Math.ceil(needed)}, forecast 2`);
  });

  it('says MAYBE when no cloud forecast covers the night', () => {
    const now = at('2027-01-15T21:00:00Z');
    const v = computeVerdict({
      place: TROMSO,
      now,
      kpForecast: kpForecast(5, now, 8, now - HOUR),
      clouds: null,
    });
    expect(v.slots[0]).toMatchObject({
      level: 'MAYBE',
      reasons: [{ code: 'data-too-old', text: 'no cloud forecast' }],
    });
    expect(formatVerdictLine(v, { timeZone: 'Europe/Oslo' })).toMatch(
      /, no cloud forecast, .* \(no clouds\)$/,
    );
  });

  it('never says GO on the backend’s replayed cloud sample, however clear and recent it reads, and says it is one', () => {
    const now = at('2027-01-15T21:00:00Z');
    const clouds = {
      ...cloudsFromFixture('complete-tromso.json', now - 40 * 60_000),
      replay: true,
    };
    const v = computeVerdict({
      place: TROMSO,
      now,
      kpForecast: kpForecast(5, now, 8, now - 2 * HOUR),
      clouds,
    });
    expect(v.inputs.clouds).toMatchObject({ stale: false, replay: true, ageMs: 40 * 60_000 });
    expect(v.slots.some((s) => s.level === 'GO')).toBe(false);
    expect(v.slots[0]).toMatchObject({
      level: 'MAYBE',
      reasons: [{ code: 'data-too-old', text: 'cloud forecast is a replayed sample' }],
    });
    expect(formatVerdictLine(v, { timeZone: 'Europe/Oslo' })).toMatch(
      /^Maybe tonight: 22:00–\d\d:\d\d — Kp 5, oval overhead, .* \(clouds: a replayed sample\)$/,
    );
  });

  it('refuses a place off the globe with a clear message', () => {
    expect(() => computeVerdict({ place: { lat: 95, lon: 0 }, now: 0 })).toThrow(
      'A place needs a latitude within ±90° and a longitude within ±180° (got 95, 0)',
    );
  });
});
