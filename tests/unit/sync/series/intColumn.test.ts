import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeIntColumn, encodeIntColumn } from '../../../../sync/series/intColumn.ts';

const DAY = Date.UTC(2026, 10, 27);
const MIN = 60_000;

describe('integer column text', () => {
  it('writes a regular time axis as one step and a count', () => {
    const t = Array.from({ length: 1440 }, (_, i) => DAY + i * MIN);
    const text = encodeIntColumn(t);
    expect(text).toBe(`~${DAY},${MIN}*1439`);
    expect(decodeIntColumn(text)).toEqual(t);
  });

  it('keeps gaps, repeats, zeros and steps back exactly', () => {
    const xs = [DAY, DAY, DAY, 0, 0, DAY + 5, DAY + 5 * MIN, -3, 7];
    expect(encodeIntColumn(xs)).toBe(
      `~${DAY},0*2,${-DAY},0,${DAY + 5},${5 * MIN - 5},${-3 - DAY - 5 * MIN},10`,
    );
    expect(decodeIntColumn(encodeIntColumn(xs))).toEqual(xs);
  });

  it('round-trips any safe integers', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -(2 ** 52), max: 2 ** 52 }), { maxLength: 200 }),
        (xs) => {
          expect(decodeIntColumn(encodeIntColumn(xs))).toEqual(xs);
        },
      ),
    );
  });

  it('is much shorter than JSON for a day of per-minute fetch times', () => {
    // A poll every minute, each bringing the newest row, stamped a few hundred ms after it.
    const fetched = Array.from(
      { length: 1440 },
      (_, i) => DAY + i * MIN + 45_000 + ((i * 7919) % 900),
    );
    const text = encodeIntColumn(fetched);
    expect(decodeIntColumn(text)).toEqual(fetched);
    expect(text.length).toBeLessThan(JSON.stringify(fetched).length / 2);
  });

  it('stays JSON for values that are not safe integers', () => {
    for (const xs of [[1.5, 2], [2 ** 53, 1], [NaN], [1, 2 ** 53 - 1, -(2 ** 53 - 1)]]) {
      const text = encodeIntColumn(xs);
      expect(text.startsWith('[')).toBe(true);
      expect(decodeIntColumn(text)).toEqual(JSON.parse(text));
    }
  });

  it('reads the JSON form written before', () => {
    expect(decodeIntColumn('[]')).toEqual([]);
    expect(decodeIntColumn(`[${DAY},${DAY + MIN}]`)).toEqual([DAY, DAY + MIN]);
    expect(encodeIntColumn([])).toBe('~');
    expect(decodeIntColumn('~')).toEqual([]);
  });

  it('refuses damaged text instead of inventing values', () => {
    for (const bad of [
      '',
      'x',
      '~,',
      '~1,,2',
      '~1*0',
      '~1*-2',
      '~a',
      '~1*2.5',
      '~1e400',
      `~1*${2_000_000}`,
    ])
      expect(() => decodeIntColumn(bad), bad).toThrow();
  });
});
