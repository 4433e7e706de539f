import { map } from 'rxjs';
import type { HookResult, SeriesProduct } from '../../core/model.ts';
import {
  columnsFromDocs,
  columnsFromFound,
  readsByIds,
  seriesChunkIds,
  seriesRangeQuery,
} from '../read/readSeriesColumns.ts';
import type { SeriesColumns, TimeRange } from '../read/seriesColumns.ts';
import { useLiveResult } from './useLiveResult.ts';

const EMPTY: SeriesColumns = { t: [], fields: {} };

/**
 * One product's samples in [range.from, range.to] as uPlot-ready columns; live. A bounded range
 * watches its day chunks by id (a new day's chunk appears in it too); an open-ended one (from 0)
 * watches the index query (sync/read/readSeriesColumns.ts `readsByIds`).
 */
export function useSeries(product: SeriesProduct, range: TimeRange): HookResult<SeriesColumns> {
  const { from, to } = range;
  return useLiveResult(
    `series:${product}:${from}:${to}`,
    (db) => {
      const bounded = { from, to };
      if (!readsByIds(bounded))
        return seriesRangeQuery(db, product, bounded).$.pipe(
          map((docs) => columnsFromDocs(docs, bounded)),
        );
      const ids = seriesChunkIds(product, bounded);
      return db.series.findByIds(ids).$.pipe(map((found) => columnsFromFound(ids, found, bounded)));
    },
    EMPTY,
  );
}
