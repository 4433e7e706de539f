import { map } from 'rxjs';
import type { HookResult, SeriesProduct } from '../model.ts';
import { seriesRangeQuery } from '../read/readSeriesColumns.ts';
import { concatChunks, type SeriesColumns, type TimeRange } from '../read/seriesColumns.ts';
import type { SeriesChunkDoc } from '../schemas/series.ts';
import { decodeValues } from '../series/chunkCodec.ts';
import { useLiveResult } from './useLiveResult.ts';

const EMPTY: SeriesColumns = { t: [], fields: {} };

/** One product's samples in [range.from, range.to] as uPlot-ready columns; live. */
export function useSeries(product: SeriesProduct, range: TimeRange): HookResult<SeriesColumns> {
  const { from, to } = range;
  return useLiveResult(
    `series:${product}:${from}:${to}`,
    (db) =>
      seriesRangeQuery(db, product, { from, to }).$.pipe(
        map((docs) => concatChunks(docs.map((d) => decodeValues(d._data as SeriesChunkDoc)), { from, to })),
      ),
    EMPTY,
  );
}
