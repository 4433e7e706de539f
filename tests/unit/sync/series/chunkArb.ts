import fc from 'fast-check';
import type { SeriesBatch } from '../../../../core/model.ts';
import type { SeriesChunk } from '../../../../sync/schemas/series.ts';
import { mergeChunks } from '../../../../sync/series/mergeChunks.ts';
import { splitBatchIntoChunks } from '../../../../sync/series/splitBatchIntoChunks.ts';

export const DAY = Date.UTC(2026, 0, 19);
export const MIN = 60_000;

/** A chunk as some writer could have produced it: the merge of a few single-poll batches. */
export const chunkArb: fc.Arbitrary<SeriesChunk> = fc
  .array(
    fc.record({
      minutes: fc.uniqueArray(fc.integer({ min: 0, max: 30 }), { minLength: 1, maxLength: 8 }),
      fetchedAt: fc.integer({ min: 1, max: 5 }),
      speed: fc.array(fc.option(fc.integer({ min: 300, max: 305 }), { nil: null }), {
        minLength: 8,
        maxLength: 8,
      }),
      density: fc.array(fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }), {
        minLength: 8,
        maxLength: 8,
      }),
      withDensity: fc.boolean(),
      source: fc.constantFrom('DSCOVR', 'ACE', null),
    }),
    { minLength: 1, maxLength: 3 },
  )
  .map((polls) =>
    polls
      .map((p) => {
        const minutes = [...p.minutes].sort((a, b) => a - b);
        const fields: SeriesBatch['fields'] = { speed: minutes.map((_, i) => p.speed[i] ?? null) };
        if (p.withDensity) fields.density = minutes.map((_, i) => p.density[i] ?? null);
        const batch: SeriesBatch = {
          product: 'solar-wind-plasma',
          t: minutes.map((m) => DAY + m * MIN),
          fields,
          source: p.source,
        };
        const [chunk] = splitBatchIntoChunks(batch, { fetchedAt: p.fetchedAt });
        return chunk!;
      })
      .reduce((a, b) => mergeChunks(a, b)),
  );
