import { describe, expect, it } from 'vitest';
import {
  distanceFromOval,
  kpBoundary,
  kpNeeded,
  kpPolewardBoundary,
  kpToAl,
} from '../../../../core/tonight/kpBoundary.ts';

const KP = Array.from({ length: 28 }, (_, i) => i / 3);

describe('the Kp boundary (Gussenhoven et al. 1983 equatorward edge, Starkov 1994 poleward edge)', () => {
  it('puts the midnight edge at 66.1° − 1.99° per Kp: 66.1° quiet, 48.2° at Kp 9', () => {
    expect(kpBoundary(0, 0)).toBeCloseTo(66.1, 6);
    expect(kpBoundary(5, 0)).toBeCloseTo(56.15, 6);
    expect(kpBoundary(9, 0)).toBeCloseTo(48.19, 6);
  });

  it('moves the midnight edge equatorward at every Kp step, by at least 1.5° a whole Kp, to 47–50° at Kp 9', () => {
    for (let kp = 1; kp <= 9; kp++)
      expect(kpBoundary(kp - 1, 0) - kpBoundary(kp, 0)).toBeGreaterThanOrEqual(1.5);
    expect(kpBoundary(9, 0)).toBeGreaterThanOrEqual(47);
    expect(kpBoundary(9, 0)).toBeLessThanOrEqual(50);
  });

  it('is monotonic in Kp at every magnetic local time of the night, and still moves above Kp 6', () => {
    for (const mlt of [18, 19.5, 21, 22.25, 23, 0, 0.5, 1, 2, 3, 4.5, 6]) {
      for (let i = 1; i < KP.length; i++)
        expect(kpBoundary(KP[i]!, mlt), `${mlt} MLT`).toBeLessThan(kpBoundary(KP[i - 1]!, mlt));
      expect(kpBoundary(6, mlt) - kpBoundary(9, mlt)).toBeGreaterThan(2.5);
    }
  });

  it('sits farther poleward at noon than at midnight', () => {
    expect(kpBoundary(3, 12) - kpBoundary(3, 0)).toBeGreaterThan(3);
  });

  it('keeps the poleward edge poleward of the equatorward one all round the clock', () => {
    for (let mlt = 0; mlt < 24; mlt += 0.5)
      for (const kp of KP) expect(kpPolewardBoundary(kp, mlt)).toBeGreaterThan(kpBoundary(kp, mlt));
    expect(kpToAl(3)).toBeCloseTo(171.9, 6); // Starkov's regression |AL| = 18 − 12.3 Kp + 27.2 Kp² − 2 Kp³
  });

  it('measures a place’s distance from the oval: positive equatorward, zero inside, negative in the polar cap', () => {
    expect(distanceFromOval(5, 0, 53.13)).toBeCloseTo(56.15 - 53.13, 6); // Edinburgh
    expect(distanceFromOval(5, 0, 60)).toBe(0);
    expect(distanceFromOval(2, 0, 88)).toBeLessThan(0); // Dome C, Antarctica
  });

  it('names the Kp a place needs to see the oval on its horizon, and none for the tropics', () => {
    expect(kpNeeded(67.27, 0, 6.7)).toBe(0); // Tromsø
    const minneapolis = kpNeeded(54.19, 0, 6.7)!;
    expect(minneapolis).toBeLessThanOrEqual(3); // Kp 5 puts the oval on Minneapolis's northern horizon
    const berlin = kpNeeded(48.85, 0, 6.7)!;
    expect(berlin).toBeGreaterThan(4);
    expect(berlin).toBeLessThan(6);
    expect(kpNeeded(12.9, 0, 6.7)).toBeNull(); // Quito
  });
});
