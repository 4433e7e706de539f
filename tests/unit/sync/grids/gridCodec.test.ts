import { describe, expect, it } from 'vitest';
import {
  base64ToBytes,
  base64ToBytesPortable,
  bytesToBase64,
  bytesToBase64Portable,
} from '../../../../core/grid/base64.ts';
import { decodeGrid, encodeGrid } from '../../../../sync/grids/gridCodec.ts';
import { loadOvationFixture } from '../../../support/ovationFixture.ts';

describe('the stored grid codec', () => {
  it('gives the same base64 as Node for every byte value and odd lengths, both ways, on both paths', () => {
    for (const length of [0, 1, 2, 3, 255, 256, 65_160]) {
      const bytes = new Uint8Array(length).map((_, i) => (i * 37 + length) & 0xff);
      const expected = Buffer.from(bytes).toString('base64');
      expect(bytesToBase64(bytes)).toBe(expected);
      expect(bytesToBase64Portable(bytes)).toBe(expected);
      expect(base64ToBytes(expected)).toEqual(bytes);
      expect(base64ToBytesPortable(expected)).toEqual(bytes);
    }
  });

  it('round-trips the real OVATION grid through a stored document', () => {
    const grid = loadOvationFixture();
    const doc = encodeGrid(grid, { fetchedAt: 1 });
    expect(doc.values).toHaveLength(86_880);
    const back = decodeGrid(doc);
    expect(back.observationTime).toBe(grid.observationTime);
    expect(back.forecastTime).toBe(grid.forecastTime);
    expect(back.values).toEqual(grid.values);
  });

  it('refuses a stored grid of the wrong size with a message that says so', () => {
    expect(() =>
      decodeGrid({
        observationTime: 0,
        forecastTime: 0,
        values: Buffer.from(new Uint8Array(100)).toString('base64'),
      }),
    ).toThrow(/100 cells, expected 65160/);
  });
});
