import type { AuroraDatabase } from '../database.ts';
import type { SeriesProduct } from '../../core/model.ts';
import type { SeriesChunkDoc } from '../schemas/series.ts';
import { decodeValues } from '../series/chunkCodec.ts';
import { DAY_MS, seriesChunkId, utcDayStart } from '../../core/time/dayKey.ts';
import { concatChunks, type SeriesColumns, type TimeRange } from './seriesColumns.ts';

/** The query for the chunks that overlap a range (also used by the live hook). */
export function seriesRangeQuery(db: AuroraDatabase, product: SeriesProduct, range: TimeRange) {
  return db.series.find({
    selector: { product, day: { $gte: utcDayStart(range.from), $lte: utcDayStart(range.to) } },
    sort: [{ day: 'asc' }],
  });
}

/**
 * Ranges up to this many UTC days are read by chunk id (one IndexedDB bulk get: the ids follow
 * from the range). Longer ones — the map's "newest hemispheric power however old", from 0 — would
 * mean thousands of ids for a few stored days, so they go through the `product`+`day` index.
 */
const MAX_ID_READ_DAYS = 62;

/** Whether a range is read by chunk id (see MAX_ID_READ_DAYS). */
export function readsByIds(range: TimeRange): boolean {
  return (
    range.to >= range.from &&
    utcDayStart(range.to) - utcDayStart(range.from) <= MAX_ID_READ_DAYS * DAY_MS
  );
}

/** The chunk ids a range touches, in day order. */
export function seriesChunkIds(product: SeriesProduct, range: TimeRange): string[] {
  const ids: string[] = [];
  for (let d = utcDayStart(range.from); d <= utcDayStart(range.to); d += DAY_MS)
    ids.push(seriesChunkId(product, d));
  return ids;
}

/** Found chunk documents (by id) → columns, in the ids' day order. */
export function columnsFromFound(
  ids: readonly string[],
  found: ReadonlyMap<string, { _data: unknown }>,
  range: TimeRange,
): SeriesColumns {
  const chunks: SeriesColumns[] = [];
  let source: string | null = null;
  for (const id of ids) {
    const doc = found.get(id);
    // The document's own data, read in place (toJSON() would copy it); only t and values are parsed.
    if (doc) {
      chunks.push(decodeValues(doc._data as SeriesChunkDoc));
      source = (doc._data as SeriesChunkDoc).source ?? source;
    }
  }
  return { ...concatChunks(chunks, range), source };
}

/** Chunk documents from the index query (day order) → columns. */
export function columnsFromDocs(
  docs: readonly { _data: unknown }[],
  range: TimeRange,
): SeriesColumns {
  const source = (docs.at(-1)?._data as SeriesChunkDoc | undefined)?.source ?? null;
  return {
    ...concatChunks(
      docs.map((d) => decodeValues(d._data as SeriesChunkDoc)),
      range,
    ),
    source,
  };
}

/**
 * One product's samples in [from, to] as uPlot-ready columns. Bounded ranges are a primary-key
 * bulk get rather than an index query (a cursor step per document): the cheapest read RxDB
 * offers, within 1.5× of raw Dexie (tests/bench/sync.bench.ts).
 */
export async function readSeriesColumns(
  db: AuroraDatabase,
  product: SeriesProduct,
  range: TimeRange,
): Promise<SeriesColumns> {
  if (!readsByIds(range))
    return columnsFromDocs(await seriesRangeQuery(db, product, range).exec(), range);
  const ids = seriesChunkIds(product, range);
  return columnsFromFound(ids, await db.series.findByIds(ids).exec(), range);
}
