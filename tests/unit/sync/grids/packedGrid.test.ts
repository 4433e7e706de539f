import { describe, expect, it } from 'vitest';
import {
  PackedGrid,
  packValues,
  unpackValues,
  unpackedCount,
} from '../../../../sync/grids/packedGrid.ts';
import { loadOvationFixture } from '../../../support/ovationFixture.ts';

describe('packed OVATION frames', () => {
  it('give back exactly the values they were made from, runs longer than one length byte included', () => {
    const { values } = loadOvationFixture();
    expect(unpackValues(packValues(values), values.length)).toEqual(values);
    const edgy = new Uint8Array(2_000);
    edgy.fill(7, 300, 900);
    edgy[1_999] = 100;
    expect(unpackValues(packValues(edgy), edgy.length)).toEqual(edgy);
  });

  it('keep a day of frames in a fraction of their decoded bytes, and only a few unpacked at once', () => {
    const fixture = loadOvationFixture();
    // A day of frames, one every 5 min: each read once, as a slider playing through them does.
    const day = Array.from(
      { length: 288 },
      (_, i) => new PackedGrid(i * 300_000, i * 300_000 + 1_800_000, fixture.values),
    );
    for (const frame of day) expect(frame.values[0]).toBe(fixture.values[0]);
    const packedBytes = day.reduce((sum, f) => sum + f.packed.byteLength, 0);
    expect(packedBytes).toBeLessThan((day.length * fixture.values.length) / 3);
    expect(unpackedCount()).toBeLessThanOrEqual(4);
    // The same frame read again is the same array while it is kept.
    expect(day[287]!.values).toBe(day[287]!.values);
  });
});
