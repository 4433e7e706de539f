import type { SeriesBatch } from '../../core/model.ts';
import type { SeriesChunk } from '../schemas/series.ts';
import { seriesChunkId, utcDayStart } from '../../core/time/dayKey.ts';
import { mergeChunks } from './mergeChunks.ts';

/**
 * One poll's batch → one chunk per UTC day it touches, in canonical form (ascending unique `t`,
 * sorted field names, fetch time on every present cell and 0 on every missing one).
 * Samples with a non-finite time are dropped; a repeated timestamp inside the batch is merged by
 * the same rule as chunks (so the result never depends on the batch's order).
 */
export function splitBatchIntoChunks(
  batch: SeriesBatch,
  meta: { fetchedAt: number },
): SeriesChunk[] {
  const names = Object.keys(batch.fields).sort();
  const byDay = new Map<string, SeriesChunk>();
  for (let i = 0; i < batch.t.length; i++) {
    const ts = batch.t[i];
    if (ts === undefined || !Number.isFinite(ts)) continue;
    const id = seriesChunkId(batch.product, ts);
    const fields: Record<string, (number | null)[]> = {};
    const fetched: Record<string, number[]> = {};
    for (const name of names) {
      const raw = batch.fields[name]?.[i];
      const v = typeof raw === 'number' && Number.isFinite(raw) ? raw : null;
      fields[name] = [v];
      fetched[name] = [v === null ? 0 : meta.fetchedAt];
    }
    const single: SeriesChunk = {
      id,
      product: batch.product,
      day: utcDayStart(ts),
      t: [ts],
      fields,
      fetched,
      source: batch.source,
      fetchedAt: meta.fetchedAt,
    };
    const prev = byDay.get(id);
    byDay.set(id, prev ? mergeSingle(prev, single) : single);
  }
  return [...byDay.values()];
}

/** Appending in time order is the common case; fall back to the full merge otherwise. */
function mergeSingle(chunk: SeriesChunk, single: SeriesChunk): SeriesChunk {
  const last = chunk.t[chunk.t.length - 1];
  const ts = single.t[0]!;
  if (last === undefined || ts > last) {
    chunk.t.push(ts);
    for (const name of Object.keys(single.fields)) {
      chunk.fields[name]!.push(single.fields[name]![0] ?? null);
      chunk.fetched[name]!.push(single.fetched[name]![0] ?? 0);
    }
    return chunk;
  }
  return mergeChunks(chunk, single);
}
