import { describe, expect, it } from 'vitest';
import { auroraAtPlace, placeView } from '../../../../core/tonight/auroraAtPlace.ts';
import { formatVerdictLine } from '../../../../core/tonight/formatVerdictLine.ts';
import { kpBoundary } from '../../../../core/tonight/kpBoundary.ts';
import {
  magneticCoordinates,
  magneticLocalTime,
} from '../../../../core/tonight/magneticCoordinates.ts';
import { computeVerdict, type TonightInputs } from '../../../../core/tonight/verdict.ts';
import { loadOvationFixture } from '../../../support/ovationFixture.ts';
import {
  BERLIN,
  clearSky,
  CONCORDIA,
  HOBART,
  HOUR,
  kpForecast,
  LONGYEARBYEN,
  MINNEAPOLIS,
  QUITO,
} from '../../../support/tonightPlaces.ts';

const at = (iso: string) => Date.parse(iso);
const rank = { NO: 0, MAYBE: 1, GO: 2 } as const;

function kpNight(place: { lat: number; lon: number }, now: number, kp: number): TonightInputs {
  return {
    place,
    now,
    kpForecast: kpForecast(kp, now, 8, now - HOUR),
    clouds: clearSky(now - HOUR, 20, now - HOUR),
  };
}

describe('tonight’s verdict in a great storm, where most people watch', () => {
  it('tells Berlin the aurora may be in view, looking north, on a dark clear night at Kp 9 (10 May 2024)', () => {
    const now = at('2024-05-10T21:30:00Z'); // 23:30 in Berlin (CEST)
    const v = computeVerdict(kpNight(BERLIN, now, 9));
    const dark = v.slots.filter((s) => s.sunAltitudeDeg <= -12);
    expect(dark.length).toBeGreaterThan(0);
    for (const s of dark) {
      expect(['GO', 'MAYBE']).toContain(s.level);
      expect(s.aurora.compass).toBe('N');
      expect(s.reasons.map((r) => r.text)).not.toContain('oval too far even at Kp 9');
    }
    expect(formatVerdictLine(v, { timeZone: 'Europe/Berlin' })).toMatch(
      /^(Best|Maybe) tonight: \d\d:\d\d–\d\d:\d\d — Kp 9, (oval overhead|low in the N), clear, /,
    );
  });

  it('puts the Kp 9 oval over Hobart and looks south (10 October 2024)', () => {
    const now = at('2024-10-10T12:00:00Z'); // 23:00 in Hobart (AEDT)
    const v = computeVerdict(kpNight(HOBART, now, 9));
    expect(v.place.hemisphere).toBe('south');
    const dark = v.slots.filter((s) => s.sunAltitudeDeg <= -12);
    expect(dark.some((s) => s.level === 'GO')).toBe(true);
    for (const s of dark) expect(s.aurora.compass === 'S' || s.aurora.marginDeg! >= 0).toBe(true);
  });

  it('shows Minneapolis the aurora low in the north at Kp 5, instead of asking for Kp 8', () => {
    const now = at('2027-01-16T05:00:00Z'); // 23:00 in Minneapolis (CST), near magnetic midnight
    const v = computeVerdict(kpNight(MINNEAPOLIS, now, 5));
    const first = v.slots[0]!;
    expect(first.level).toBe('MAYBE');
    expect(first.reasons).toContainEqual({
      code: 'kp-too-low',
      text: 'Kp 5: low on the northern horizon',
    });
    expect(first.aurora.kpNeeded).toBeLessThan(5);
  });
});

describe('which oval, and which way to look', () => {
  it('chooses the oval by magnetic latitude: Quito, 0.2° S, looks to the northern one', () => {
    // Two bands of 50 %: a southern one at 20–30° S across Quito's meridian (nearer on the map) and
    // the northern oval at 50–60° N. Quito is magnetic north: its oval is the northern one.
    const values = new Uint8Array(360 * 181);
    for (let col = 0; col < 360; col++)
      for (let lat = 50; lat <= 60; lat++) values[(90 - lat) * 360 + col] = 50;
    for (let col = 80; col < 125; col++)
      for (let lat = -30; lat <= -20; lat++) values[(90 - lat) * 360 + col] = 50;
    const view = placeView(QUITO.lat, QUITO.lon);
    expect(view.hemisphere).toBe('north');
    const quito = auroraAtPlace(values, view);
    expect(quito.lookToward).toBe('north');
    expect(quito.edgeDistanceKm).toBeGreaterThan(5000); // ~5,600 km to 50° N, not ~2,200 km to 20° S
  });

  it('tells Longyearbyen, poleward of the night-side oval, to look south, not overhead', () => {
    const now = at('2027-01-15T21:30:00Z'); // polar night; Svalbard near magnetic midnight
    const position = magneticCoordinates(LONGYEARBYEN.lat, LONGYEARBYEN.lon);
    const mlt = magneticLocalTime(position, LONGYEARBYEN.lat, LONGYEARBYEN.lon, now + 15 * 60_000);
    expect(Math.min(mlt, 24 - mlt)).toBeLessThan(3);
    const v = computeVerdict(kpNight(LONGYEARBYEN, now, 5));
    const first = v.slots[0]!;
    expect(first.aurora.compass).toBe('S');
    expect(first.aurora.marginDeg).toBeLessThan(0);
    expect(first.reasons.map((r) => r.text).join()).toMatch(/southern horizon|too far south/);
    expect(formatVerdictLine(v)).not.toMatch(/Kp 5, oval overhead/);
  });

  it('tells Concordia, in the southern polar cap, that the aurora is toward the equator, north', () => {
    const now = at('2027-06-21T14:00:00Z'); // Antarctic winter night
    const v = computeVerdict(kpNight(CONCORDIA, now, 3));
    expect(v.place.hemisphere).toBe('south');
    for (const s of v.slots) {
      expect(s.aurora.compass).toBe('N');
      expect(s.aurora.marginDeg).toBeLessThan(0);
    }
  });
});

describe('near the magnetic equator', () => {
  it('says the aurora is out of reach in Lima, where magnetic latitude is undefined', () => {
    const now = at('2027-01-16T04:00:00Z'); // 23:00 in Lima
    const v = computeVerdict(kpNight({ lat: -12.05, lon: -77.04 }, now, 9));
    expect(v.place.magLat).toBeNull();
    for (const s of v.slots)
      expect(s.reasons).toContainEqual({
        code: 'oval-too-far',
        text: 'oval out of reach near the magnetic equator',
      });
    expect(formatVerdictLine(v)).toBe(
      'Not tonight: the aurora oval is out of reach near the magnetic equator',
    );
  });
});

describe('the OVATION hours and the Kp hours of one night agree at the seam', () => {
  const frame = loadOvationFixture(); // 2024-03-03 15:07 UTC, an active night (hemispheric power 87 GW)

  /**
   * The Kp the frame saw, read off the frame itself: the magnetic latitude of its 10 % edge on the
   * meridian at magnetic midnight, turned into Kp by the boundary relation (in thirds).
   */
  function kpOfFrame(time: number): number {
    let best = { lon: 0, off: 24 };
    for (let lon = -180; lon < 180; lon++) {
      const mlt = magneticLocalTime(magneticCoordinates(60, lon), 60, lon, time);
      const off = Math.min(mlt, 24 - mlt);
      if (off < best.off) best = { lon, off };
    }
    let edge = 0;
    for (let lat = 40; lat <= 80; lat++) {
      if ((frame.values[(90 - lat) * 360 + (best.lon + 180)] ?? 0) >= 10) {
        edge = lat;
        break;
      }
    }
    const m = magneticCoordinates(edge, best.lon);
    const mlt = magneticLocalTime(m, edge, best.lon, time);
    let kp = 0;
    for (let thirds = 0; thirds <= 27; thirds++)
      if (Math.abs(kpBoundary(thirds / 3, mlt) - m.lat!) < Math.abs(kpBoundary(kp, mlt) - m.lat!))
        kp = thirds / 3;
    return kp;
  }

  it.each([
    ['Hobart', HOBART],
    ['Dunedin', { lat: -45.87, lon: 170.5 }],
    ['Macquarie Island', { lat: -54.5, lon: 158.94 }],
    ['Yakutsk', { lat: 62.03, lon: 129.73 }],
    ['Magadan', { lat: 59.56, lon: 150.8 }],
    ['Irkutsk', { lat: 52.29, lon: 104.28 }],
    ['Novosibirsk', { lat: 55.03, lon: 82.92 }],
  ])(
    'gives %s the same level within one step, same minute, from the frame and from its Kp',
    (_name, place) => {
      const now = frame.observationTime + 3 * 60_000;
      const kp = kpOfFrame(now);
      expect(kp).toBeGreaterThanOrEqual(3);
      const clouds = clearSky(now - HOUR, 12, now - HOUR);
      const fromOvation = computeVerdict({ place, now, ovation: frame, clouds }).slots[0]!;
      const fromKp = computeVerdict({
        place,
        now,
        kpForecast: kpForecast(kp, now, 8, now - HOUR),
        clouds,
      }).slots[0]!;
      expect(fromOvation.aurora.source).toBe('ovation');
      expect(fromKp.aurora.source).toBe('kp');
      expect(
        Math.abs(rank[fromOvation.level] - rank[fromKp.level]),
        `${fromOvation.level} / ${fromKp.level} at Kp ${kp}`,
      ).toBeLessThanOrEqual(1);
    },
  );
});

describe('the line', () => {
  it('gives a run that mixes OVATION and Kp half hours each source’s own numbers, for its own hours', () => {
    const frame = loadOvationFixture();
    const now = frame.observationTime + 3 * 60_000; // 02:10 in Hobart
    const v = computeVerdict({
      place: HOBART,
      now,
      ovation: frame,
      kpForecast: kpForecast(9, now, 8, now - HOUR),
      clouds: clearSky(now - HOUR, 12, now - HOUR),
    });
    const run = v.best!.slots;
    expect(run.some((s) => s.aurora.source === 'ovation')).toBe(true);
    expect(run.some((s) => s.aurora.source === 'kp')).toBe(true);
    const lastOvation = run.filter((s) => s.aurora.source === 'ovation').at(-1)!;
    const until = new Intl.DateTimeFormat('en-GB', {
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone: 'Australia/Hobart',
    }).format(lastOvation.end);
    expect(formatVerdictLine(v, { timeZone: 'Australia/Hobart' })).toMatch(
      new RegExp(
        `^Best tonight: 02:00–\\d\\d:\\d\\d — 37 % low in the S until ${until}, then Kp 9, (oval overhead|low in the S), clear, `,
      ),
    );
  });

  it('never asks for “Kp 0”: with no Kp forecast where any Kp will do, it says the oval is in reach', () => {
    const now = at('2027-01-15T21:00:00Z');
    const v = computeVerdict({
      place: { lat: 69.65, lon: 18.96 },
      now,
      kpForecast: null,
      clouds: clearSky(now - HOUR, 12, now - HOUR),
    });
    const texts = v.slots.flatMap((s) => s.reasons.map((r) => r.text));
    expect(texts.join('\n')).not.toMatch(/Kp 0\b/);
    expect(texts).toContain('no Kp forecast (the oval is in reach even when quiet)');
  });
});
