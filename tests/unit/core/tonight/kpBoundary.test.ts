import { describe, expect, it } from 'vitest';
import { geomagnetic, magneticLocalTime } from '../../../../core/tonight/geomagnetic.ts';
import {
  equatorwardBoundaryFromAl,
  kpBoundary,
  kpNeeded,
  kpToAl,
} from '../../../../core/tonight/kpBoundary.ts';

describe('the Kp boundary (Starkov 1994)', () => {
  it('turns Kp into AL by Starkov’s regression |AL| = 18 − 12.3 Kp + 27.2 Kp² − 2 Kp³', () => {
    expect(kpToAl(0)).toBe(18);
    expect(kpToAl(3)).toBeCloseTo(171.9, 6);
    expect(kpToAl(5)).toBeCloseTo(386.5, 6);
    expect(kpToAl(9)).toBeCloseTo(652.5, 6);
  });

  it('matches the model evaluated by hand from Table 1 (equatorward oval boundary) at AL = 100 nT, magnetic midnight', () => {
    // log10 100 = 2: A0 = 19.94, A1 = 4.85, α1 = −0.90 h, A2 = 0.27, α2 = −1.76 h, A3 = −0.12, α3 = −2.65 h
    // θ = 19.94 + 4.85 cos(−13.5°) + 0.27 cos(−26.4°) − 0.12 cos(−39.75°) = 24.81° colatitude → 65.19°
    expect(equatorwardBoundaryFromAl(100, 0)).toBeCloseTo(65.19, 1);
    expect(equatorwardBoundaryFromAl(-100, 0)).toBeCloseTo(65.19, 1); // AL is negative as published; the model takes |AL|
  });

  it('moves the boundary equatorward as Kp rises, and sits farther poleward at noon than at midnight', () => {
    const midnight = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((kp) => kpBoundary(kp, 0));
    for (let i = 1; i < midnight.length; i++) expect(midnight[i]).toBeLessThan(midnight[i - 1]!);
    expect(kpBoundary(3, 12) - kpBoundary(3, 0)).toBeGreaterThan(8);
  });

  it('names the Kp a place needs to see the oval, and none for the tropics', () => {
    expect(kpNeeded(67.5, 0, 6.7)).toBe(0);
    const edinburgh = kpNeeded(58.1, 23, 6.7);
    expect(edinburgh).toBeGreaterThan(0);
    expect(edinburgh).toBeLessThan(5);
    expect(kpNeeded(9, 0, 6.7)).toBeNull();
  });
});

describe('geomagnetic coordinates (centred dipole, pole 80.8° N 72.7° W)', () => {
  it('puts the dipole pole at 90° and the antipode at −90°', () => {
    expect(geomagnetic(80.8, -72.7).lat).toBeCloseTo(90, 6);
    expect(geomagnetic(-80.8, 107.3).lat).toBeCloseTo(-90, 6);
  });

  it('gives Tromsø about 67.5° and Quito about 9°', () => {
    expect(geomagnetic(69.65, 18.96).lat).toBeCloseTo(67.5, 1);
    expect(geomagnetic(-0.18, -78.47).lat).toBeCloseTo(9.0, 0);
  });

  it('puts magnetic midnight in Tromsø near 21–22 UTC and noon near 09–10 UTC', () => {
    const tromsoMidnight = magneticLocalTime(69.65, 18.96, Date.parse('2027-01-15T21:30:00Z'));
    expect(Math.min(tromsoMidnight, 24 - tromsoMidnight)).toBeLessThan(1.5);
    expect(
      Math.abs(magneticLocalTime(69.65, 18.96, Date.parse('2027-01-15T09:30:00Z')) - 12),
    ).toBeLessThan(1);
  });
});
