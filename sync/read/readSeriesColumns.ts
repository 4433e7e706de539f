import type { AuroraDatabase } from '../database.ts';
import type { SeriesProduct } from '../model.ts';
import type { SeriesChunkDoc } from '../schemas/series.ts';
import { decodeValues } from '../series/chunkCodec.ts';
import { DAY_MS, seriesChunkId, utcDayStart } from '../series/dayKey.ts';
import { concatChunks, type SeriesColumns, type TimeRange } from './seriesColumns.ts';

/** The query for the chunks that overlap a range (also used by the live hook). */
export function seriesRangeQuery(db: AuroraDatabase, product: SeriesProduct, range: TimeRange) {
  return db.series.find({
    selector: { product, day: { $gte: utcDayStart(range.from), $lte: utcDayStart(range.to) } },
    sort: [{ day: 'asc' }],
  });
}

/** The chunk ids a range touches, in day order. */
export function seriesChunkIds(product: SeriesProduct, range: TimeRange): string[] {
  const ids: string[] = [];
  for (let d = utcDayStart(range.from); d <= utcDayStart(range.to); d += DAY_MS) ids.push(seriesChunkId(product, d));
  return ids;
}

/**
 * One product's samples in [from, to] as uPlot-ready columns. The ids are known from the range,
 * so this is a primary-key bulk get (IndexedDB getAll by key) rather than an index query: the
 * cheapest read RxDB offers, within ~1.5× of raw Dexie (tests/bench/sync.bench.ts).
 */
export async function readSeriesColumns(
  db: AuroraDatabase,
  product: SeriesProduct,
  range: TimeRange,
): Promise<SeriesColumns> {
  const ids = seriesChunkIds(product, range);
  const found = await db.series.findByIds(ids).exec();
  const chunks: SeriesColumns[] = [];
  for (const id of ids) {
    const doc = found.get(id);
    // The document's own data, read in place (toJSON() would copy it); only t and values are parsed.
    if (doc) chunks.push(decodeValues(doc._data as SeriesChunkDoc));
  }
  return concatChunks(chunks, range);
}
