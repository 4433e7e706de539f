import { describe, expect, it } from 'vitest';
import { sameChartData, type ChartData } from '../../../../src/ui/charts/chartData.ts';

const M = 60_000;
const week = (kp: (number | null | undefined)[]): ChartData => ({
  t: kp.map((_, i) => 1_795_190_400_000 + i * M),
  columns: { observed: kp, estimated: kp.map((v) => (v == null ? v : v / 2)) },
});

describe('whether a chart’s new data holds the same samples', () => {
  it('is true for a new object with the same times and values, empty ones included', () => {
    expect(sameChartData(week([1, 2.33, null, undefined]), week([1, 2.33, null, undefined]))).toBe(
      true,
    );
    expect(sameChartData({ t: [], columns: {} }, { t: [], columns: {} })).toBe(true);
    expect(sameChartData(week([]), week([]))).toBe(true);
  });

  it('is false when a value, a time, a gap or a column differs', () => {
    const a = week([1, 2.33, null, 4]);
    expect(sameChartData(a, week([1, 2.33, null, 4.33]))).toBe(false);
    // A gap (null) and no sample (undefined) draw differently.
    expect(sameChartData(a, week([1, 2.33, undefined, 4]))).toBe(false);
    expect(sameChartData(a, { ...a, t: a.t.map((t, i) => (i === 3 ? t + M : t)) })).toBe(false);
    expect(sameChartData(a, week([1, 2.33, null]))).toBe(false);
    expect(sameChartData(a, { t: a.t, columns: { observed: a.columns.observed! } })).toBe(false);
    expect(
      sameChartData(a, {
        t: a.t,
        columns: { observed: a.columns.observed!, forecast: [1, 2, 3, 4] },
      }),
    ).toBe(false);
  });
});
