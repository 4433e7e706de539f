/**
 * What the poller needs from the local database: the sync/write.ts writers bound to one database.
 * An interface, so the poll logic is tested against the real writers on a memory database and
 * the worker binds them to its own IndexedDB instance.
 */
import type { AuroraDatabase } from '../../sync/database.ts';
import type {
  FeedStatus,
  GridSnapshot,
  ProductRecord,
  Resource,
  SeriesBatch,
} from '../../core/model.ts';
import {
  readFeedStatus,
  writeFeedStatus,
  writeGrid,
  writeProducts,
  writeSeries,
} from '../../sync/write.ts';
import { applyRetention, type RetentionPlan } from '../../sync/retention.ts';

interface WriteCounts {
  inserted: number;
  updated: number;
  unchanged: number;
}

export interface PollerStore {
  readFeedStatus(id: Resource): Promise<FeedStatus | null>;
  writeFeedStatus(status: FeedStatus): Promise<void>;
  writeSeries(batch: SeriesBatch, meta: { fetchedAt: number }): Promise<WriteCounts>;
  writeGrid(
    grid: GridSnapshot,
    meta: { fetchedAt: number; source?: string | null },
  ): Promise<WriteCounts>;
  writeProducts(records: ProductRecord[], meta: { fetchedAt: number }): Promise<WriteCounts>;
  /** Drop what retention says is too old (never the newest grid or product copy); see sync/retention.ts. */
  applyRetention(now: number): Promise<RetentionPlan>;
}

export function databaseStore(db: AuroraDatabase): PollerStore {
  return {
    readFeedStatus: (id) => readFeedStatus(db, id),
    writeFeedStatus: (status) => writeFeedStatus(db, status),
    writeSeries: (batch, meta) => writeSeries(db, batch, meta),
    writeGrid: (grid, meta) => writeGrid(db, grid, meta),
    writeProducts: (records, meta) => writeProducts(db, records, meta),
    applyRetention: (now) => applyRetention(db, now),
  };
}
