import { describe, expect, it } from 'vitest';
import { buildCloudLut } from '../../../../src/features/map/cloudGrid.ts';
import { cloudGridAt, nearestHour } from '../../../../src/features/map/cloudHours.ts';
import type { WeatherPoint } from '../../../../sync/react/index.ts';

const H = 3_600_000;
const T0 = Date.parse('2027-01-15T12:00:00Z');

function point(lat: number, lon: number, total: (number | null)[]): WeatherPoint {
  const time = total.map((_, i) => T0 + i * H);
  return {
    lat,
    lon,
    updatedAt: T0,
    hours: { time, total, low: total, medium: total, high: total },
  };
}

describe('the cloud layer’s grid', () => {
  it('puts each point’s total cloud at the forecast hour nearest the slider time into its cell of the OVATION lattice', () => {
    const g = cloudGridAt(
      [point(70, 19, [10, 80, 90]), point(69, 18, [5, 40, null])],
      T0 + H + 20 * 60_000,
    )!;
    expect(g.time).toBe(T0 + H);
    expect(g.values[(90 - 70) * 360 + (19 + 180)]).toBe(80);
    expect(g.values[(90 - 69) * 360 + (18 + 180)]).toBe(40);
    expect(g.values.reduce((n, v) => n + (v > 0 ? 1 : 0), 0)).toBe(2);
  });

  it('draws nothing for a time the forecast does not reach', () => {
    expect(cloudGridAt([point(70, 19, [10, 80])], T0 - 3 * H)).toBeNull();
    expect(nearestHour([T0, T0 + H], T0 + H + 91 * 60_000)).toBe(-1);
  });

  it('leaves thin cloud transparent and grows whiter and more opaque with more cloud', () => {
    const lut = buildCloudLut();
    const alpha = (p: number) => lut[Math.round(p * 2.55) * 4 + 3]!;
    expect(alpha(5)).toBe(0);
    expect(alpha(50)).toBeGreaterThan(0);
    expect(alpha(100)).toBeGreaterThan(alpha(50));
    expect(lut[255 * 4]).toBeGreaterThan(lut[Math.round(50 * 2.55) * 4]!);
  });
});
