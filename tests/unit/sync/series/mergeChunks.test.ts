import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SeriesBatch } from '../../../../core/model.ts';
import { mergeChunks, unionSorted } from '../../../../sync/series/mergeChunks.ts';
import { splitBatchIntoChunks } from '../../../../sync/series/splitBatchIntoChunks.ts';
import { chunkArb, DAY, MIN } from './chunkArb.ts';

function batch(
  t: number[],
  speed: (number | null)[],
  source: string | null = 'DSCOVR',
): SeriesBatch {
  return { product: 'solar-wind-plasma', t, fields: { speed }, source };
}

describe('mergeChunks', () => {
  it('is commutative: the order two writers land in does not matter', () => {
    fc.assert(
      fc.property(chunkArb, chunkArb, (a, b) => {
        expect(mergeChunks(a, b)).toEqual(mergeChunks(b, a));
      }),
    );
  });

  it('is associative: any grouping of three writes converges on the same chunk', () => {
    fc.assert(
      fc.property(chunkArb, chunkArb, chunkArb, (a, b, c) => {
        expect(mergeChunks(mergeChunks(a, b), c)).toEqual(mergeChunks(a, mergeChunks(b, c)));
      }),
    );
  });

  it('is idempotent: writing the same chunk again changes nothing', () => {
    fc.assert(
      fc.property(chunkArb, chunkArb, (a, b) => {
        expect(mergeChunks(a, a)).toEqual(a);
        const ab = mergeChunks(a, b);
        expect(mergeChunks(ab, b)).toEqual(ab);
      }),
    );
  });

  it('keeps the union of timestamps in ascending order', () => {
    fc.assert(
      fc.property(chunkArb, chunkArb, (a, b) => {
        const m = mergeChunks(a, b);
        expect(m.t).toEqual([...new Set([...a.t, ...b.t])].sort((x, y) => x - y));
        for (const col of Object.values(m.fields)) expect(col).toHaveLength(m.t.length);
      }),
    );
  });

  it('lets the newer fetch win for the same minute', () => {
    const [old] = splitBatchIntoChunks(batch([DAY], [400]), { fetchedAt: 1 });
    const [fresh] = splitBatchIntoChunks(batch([DAY], [420]), { fetchedAt: 2 });
    expect(mergeChunks(old!, fresh!).fields.speed).toEqual([420]);
    expect(mergeChunks(fresh!, old!).fields.speed).toEqual([420]);
  });

  it('never lets a missing value overwrite a present one, even from a newer fetch', () => {
    const [old] = splitBatchIntoChunks(batch([DAY, DAY + MIN], [400, 401]), { fetchedAt: 1 });
    const [fresh] = splitBatchIntoChunks(batch([DAY, DAY + MIN], [null, 405]), { fetchedAt: 2 });
    expect(mergeChunks(old!, fresh!).fields.speed).toEqual([400, 405]);
  });

  it('fills columns a writer did not have with missing values', () => {
    const [a] = splitBatchIntoChunks(batch([DAY], [400]), { fetchedAt: 1 });
    const [b] = splitBatchIntoChunks(
      {
        product: 'solar-wind-plasma',
        t: [DAY + MIN],
        fields: { density: [2.5] },
        source: 'DSCOVR',
      },
      { fetchedAt: 1 },
    );
    const m = mergeChunks(a!, b!);
    expect(m.fields).toEqual({ density: [null, 2.5], speed: [400, null] });
  });

  it('refuses to merge chunks of different days', () => {
    const [a] = splitBatchIntoChunks(batch([DAY], [400]), { fetchedAt: 1 });
    const [b] = splitBatchIntoChunks(batch([DAY + 86_400_000], [400]), { fetchedAt: 1 });
    expect(() => mergeChunks(a!, b!)).toThrow(/different chunks/);
  });
});

describe('splitBatchIntoChunks', () => {
  it('splits a batch that crosses UTC midnight into one chunk per day with ids product/YYYY-MM-DD', () => {
    const chunks = splitBatchIntoChunks(batch([DAY - MIN, DAY, DAY + MIN], [1, 2, 3]), {
      fetchedAt: 9,
    });
    expect(chunks.map((c) => c.id)).toEqual([
      'solar-wind-plasma/2026-01-18',
      'solar-wind-plasma/2026-01-19',
    ]);
    expect(chunks[0]!.day).toBe(DAY - 86_400_000);
    expect(chunks[1]!.t).toEqual([DAY, DAY + MIN]);
    expect(chunks[1]!.fields.speed).toEqual([2, 3]);
    expect(chunks[1]!.fetched.speed).toEqual([9, 9]);
  });

  it('gives the same chunk whatever order the batch lists its samples in', () => {
    const sorted = splitBatchIntoChunks(batch([DAY, DAY + MIN, DAY + 2 * MIN], [1, null, 3]), {
      fetchedAt: 1,
    });
    const shuffled = splitBatchIntoChunks(batch([DAY + 2 * MIN, DAY, DAY + MIN], [3, 1, null]), {
      fetchedAt: 1,
    });
    expect(shuffled).toEqual(sorted);
  });

  it('drops samples whose time is not a finite number and treats NaN values as missing', () => {
    const [c] = splitBatchIntoChunks(batch([Number.NaN, DAY], [1, Number.NaN]), { fetchedAt: 1 });
    expect(c!.t).toEqual([DAY]);
    expect(c!.fields.speed).toEqual([null]);
    expect(c!.fetched.speed).toEqual([0]);
  });
});

describe('unionSorted', () => {
  it('merges two ascending arrays without duplicates', () => {
    expect(unionSorted([1, 3, 5], [2, 3, 6])).toEqual([1, 2, 3, 5, 6]);
  });
});
