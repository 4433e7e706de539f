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
  writeFeedStatuses,
  writeGrid,
  writeProducts,
  writeSeries,
} from '../../sync/write.ts';
import type { RetentionPlan } from '../../sync/retention.ts';
import type { SeriesProduct } from '../../core/model.ts';
import type { ForecastIssue } from '../../core/verification/forecastIssues.ts';
import {
  newestForecastIssue,
  writeForecastIssues,
} from '../../sync/forecastHistory/forecastHistory.ts';
import { readSeriesColumns } from '../../sync/read/readSeriesColumns.ts';
import { decodeValues } from '../../sync/series/chunkCodec.ts';
import { DAY_MS } from '../../core/time/dayKey.ts';
import type { NightRecord } from '../../core/tonight/nightRecord.ts';
import { decodeGrid } from '../../sync/grids/gridCodec.ts';
import { keepNewestGridRecord } from '../../sync/grids/newestGridRecord.ts';

interface WriteCounts {
  inserted: number;
  updated: number;
  unchanged: number;
}

export interface PollerStore {
  readFeedStatus(id: Resource): Promise<FeedStatus | null>;
  writeFeedStatus(status: FeedStatus): Promise<void>;
  /** Several rows in one write (one change event): a poll round's (feedRows.ts). */
  writeFeedStatuses(statuses: readonly FeedStatus[]): Promise<void>;
  writeSeries(batch: SeriesBatch, meta: { fetchedAt: number }): Promise<WriteCounts>;
  writeGrid(
    grid: GridSnapshot,
    meta: { fetchedAt: number; source?: string | null },
  ): Promise<WriteCounts>;
  writeProducts(records: ProductRecord[], meta: { fetchedAt: number }): Promise<WriteCounts>;
  /**
   * Drop what retention says is too old (never the newest grid or product copy; sync/retention.ts),
   * and the nights older than their window (sync/nights/purgeOldNights.ts).
   */
  applyRetention(now: number): Promise<RetentionPlan>;
  /** The newest sample time stored of a series product, or null (the backfill starts after it). */
  newestSeriesTime(product: SeriesProduct): Promise<number | null>;
  /**
   * The oldest stored GFZ Kp value still provisional (a nowcast, or a replay's) within `days` of
   * `now`: the poll asks again from there, so it is replaced once GFZ makes it definitive.
   */
  oldestProvisionalGfz(now: number, days: number): Promise<number | null>;
  /** Keep Kp forecast issues in the forecast history (sync/forecastHistory/). */
  writeForecastIssues(issues: ForecastIssue[], meta: { fetchedAt: number }): Promise<number>;
  newestForecastIssue(): Promise<number | null>;
  /** Tonight's kept verdicts whose hours are over and that have no score yet (sync/nights/). */
  nightsToScore(now: number): Promise<NightRecord[]>;
  writeNightScore(
    id: string,
    score: Pick<NightRecord, 'outcome' | 'seen_overhead' | 'seen_visible' | 'frames' | 'scored_at'>,
  ): Promise<void>;
  /** The stored OVATION frames observed in [from, to]. */
  gridsObservedBetween(from: number, to: number): Promise<GridSnapshot[]>;
}

export function databaseStore(db: AuroraDatabase): PollerStore {
  return {
    readFeedStatus: (id) => readFeedStatus(db, id),
    writeFeedStatus: (status) => writeFeedStatus(db, status),
    writeFeedStatuses: (statuses) => writeFeedStatuses(db, statuses),
    writeSeries: (batch, meta) => writeSeries(db, batch, meta),
    // The newest grid also goes to its one-record store, which an offline reload draws before
    // RxDB opens (sync/grids/newestGridRecord.ts).
    writeGrid: async (grid, meta) => {
      const result = await writeGrid(db, grid, meta);
      await keepNewestGridRecord(grid, meta, db.name);
      return result;
    },
    writeProducts: (records, meta) => writeProducts(db, records, meta),
    async applyRetention(now) {
      // Loaded at the first run (30 s after the poller starts), not with the worker's first load.
      const { applyRetention } = await import('../../sync/retention.ts');
      const plan = await applyRetention(db, now);
      // Loaded only where the nights collection is open (the worker kept or scored a night).
      if ((db as unknown as { nights?: unknown }).nights)
        await (await import('../../sync/nights/purgeOldNights.ts')).purgeOldNights(db, now);
      return plan;
    },
    async newestSeriesTime(product) {
      const doc = await db.series
        .findOne({ selector: { product }, sort: [{ day: 'desc' }] })
        .exec();
      return doc ? (decodeValues(doc.toJSON()).t.at(-1) ?? null) : null;
    },
    async oldestProvisionalGfz(now, days) {
      const cols = await readSeriesColumns(db, 'kp-gfz', { from: now - days * DAY_MS, to: now });
      const status = cols.fields.status ?? [];
      const i = status.findIndex((s) => s === null || s < 2);
      return i < 0 ? null : (cols.t[i] ?? null);
    },
    writeForecastIssues: (issues, meta) => writeForecastIssues(db, issues, meta),
    newestForecastIssue: () => newestForecastIssue(db),
    // The nights collection and its schema load with the first score, not with the worker.
    nightsToScore: async (now) =>
      (await import('../../sync/nights/nights.ts')).nightsToScore(db, now),
    writeNightScore: async (id, score) =>
      (await import('../../sync/nights/nights.ts')).writeNightScore(db, id, score),
    async gridsObservedBetween(from, to) {
      const docs = await db.grids
        .find({
          selector: { observationTime: { $gte: from, $lte: to } },
          sort: [{ observationTime: 'asc' }],
        })
        .exec();
      return docs.map((d) => decodeGrid(d.toJSON()));
    },
  };
}
