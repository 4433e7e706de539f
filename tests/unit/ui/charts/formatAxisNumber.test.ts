import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatAxisNumber } from '../../../../src/ui/charts/formatAxisNumber.ts';

/** uPlot's default y-axis label, in the en-US its tests and our English pages use. */
const intl = new Intl.NumberFormat('en-US');

describe('formatAxisNumber', () => {
  it('writes tick labels as uPlot’s default en-US formatter does', () => {
    for (const [v, text] of [
      [0, '0'],
      [5, '5'],
      [-5, '-5'],
      [1000, '1,000'],
      [1234567.891, '1,234,567.891'],
      [0.5, '0.5'],
      [2.25, '2.25'],
      [0.0004, '0'],
      [0.0005, '0.001'],
      [999.9996, '1,000'],
      [-0.9995, '-1'],
      [1e-7, '0'],
      [1e21, '1,000,000,000,000,000,000,000'],
      [0.1 + 0.2, '0.3'],
    ] as const) {
      expect(formatAxisNumber(v)).toBe(text);
      expect(intl.format(v)).toBe(text);
    }
  });

  it('never writes "-0" (Intl does), nor a label for a value that is not finite', () => {
    expect(intl.format(-0.0001)).toBe('-0');
    expect(formatAxisNumber(-0.0001)).toBe('0');
    expect(formatAxisNumber(-0)).toBe('0');
    expect(formatAxisNumber(Number.NaN)).toBe('');
    expect(formatAxisNumber(Number.POSITIVE_INFINITY)).toBe('');
  });

  it('agrees with Intl on any double, and on ticks that are multiples of an increment', () => {
    const same = (v: number) => {
      const expected = intl.format(v);
      expect(formatAxisNumber(v)).toBe(expected === '-0' ? '0' : expected);
    };
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e17, max: 1e17 }), same),
      {
        numRuns: 5000,
      },
    );
    fc.assert(
      fc.property(
        fc.integer({ min: -100_000, max: 100_000 }),
        fc.integer({ min: -4, max: 3 }),
        (k, e) => same(Number((k * 10 ** e).toFixed(Math.max(0, -e)))),
      ),
      { numRuns: 5000 },
    );
  });
});
