import type { AuroraDatabase } from '../database.ts';
import type { SeriesProduct } from '../model.ts';
import type { SeriesChunkDoc } from '../schemas/series.ts';
import { utcDayStart } from '../series/dayKey.ts';
import { concatChunks, type SeriesColumns, type TimeRange } from './seriesColumns.ts';

/** The query for the chunks that overlap a range (also used by the live hook). */
export function seriesRangeQuery(db: AuroraDatabase, product: SeriesProduct, range: TimeRange) {
  return db.series.find({
    selector: { product, day: { $gte: utcDayStart(range.from), $lte: utcDayStart(range.to) } },
    sort: [{ day: 'asc' }],
  });
}

/** One product's samples in [from, to] as uPlot-ready columns. */
export async function readSeriesColumns(
  db: AuroraDatabase,
  product: SeriesProduct,
  range: TimeRange,
): Promise<SeriesColumns> {
  const docs = await seriesRangeQuery(db, product, range).exec();
  // The documents' own data, read in place: toJSON() would deep-copy every column.
  return concatChunks(docs.map((d) => d._data as SeriesChunkDoc), range);
}
