import type {
  BulkWriteRow,
  RxDocument,
  RxDocumentData,
  RxStorageWriteError,
  RxStorageWriteErrorConflict,
} from 'rxdb';
import type { AuroraDatabase } from './database.ts';
import { encodeGrid } from './grids/gridCodec.ts';
import type {
  FeedStatus,
  GridSnapshot,
  ProductRecord,
  Resource,
  SeriesBatch,
} from '../core/model.ts';
import type { FeedDoc, ProductDoc, SeriesChunkDoc } from './schemas/index.ts';
import { decodeChunk, encodeChunk } from './series/chunkCodec.ts';
import { mergeChunks } from './series/mergeChunks.ts';
import { splitBatchIntoChunks } from './series/splitBatchIntoChunks.ts';
import { writeForecastIssues } from './forecastHistory/forecastHistory.ts';
import { forecastIssueOf, type ForecastIssue } from '../core/verification/forecastIssues.ts';

/**
 * The writers the poller worker (and the SW fold-in) use. Every writer is idempotent: writing the
 * same input twice leaves the same documents, and an unchanged input causes no write at all (so
 * live queries in the UI do not re-render for a poll that brought nothing new).
 */

export interface WriteResult {
  /** Documents created. */
  inserted: number;
  /** Existing documents whose content changed. */
  updated: number;
  /** Inputs that changed nothing. */
  unchanged: number;
}

/** The stored fields of a document, without RxDB's bookkeeping (`_rev`, `_meta`, …). */
function plain<T>(doc: RxDocument<T>): T {
  return doc.toMutableJSON(false);
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Merge one poll's samples into the day chunks (sync/series/mergeChunks.ts). New chunks go in
 * one bulk insert; an existing chunk merges atomically (`incrementalModify` retries on a
 * concurrent write from another tab or the worker, and the merge is a join, so the retry is safe).
 */
export async function writeSeries(
  db: AuroraDatabase,
  batch: SeriesBatch,
  meta: { fetchedAt: number },
): Promise<WriteResult> {
  const chunks = splitBatchIntoChunks(batch, meta);
  const result: WriteResult = { inserted: 0, updated: 0, unchanged: 0 };
  if (chunks.length === 0) return result;
  const existing = await db.series.findByIds(chunks.map((c) => c.id)).exec();
  const fresh = chunks.filter((c) => !existing.has(c.id));
  if (fresh.length > 0) {
    const { error } = await db.series.bulkInsert(fresh.map(encodeChunk));
    result.inserted += fresh.length - error.length;
    // Another writer created some of them in the meantime: merge into theirs instead.
    for (const e of error) {
      const chunk = fresh.find((c) => c.id === e.documentId);
      const doc = await db.series.findOne(e.documentId).exec();
      if (!chunk || !doc)
        throw new Error(`writeSeries: could not store ${e.documentId} (status ${e.status})`);
      existing.set(chunk.id, doc);
      chunks.push(chunk);
    }
  }
  for (const chunk of chunks) {
    const doc = existing.get(chunk.id);
    if (!doc) continue;
    const current = decodeChunk(plain(doc));
    if (sameJson(mergeChunks(current, chunk), mergeChunks(current, current))) {
      result.unchanged++;
      continue;
    }
    await doc.incrementalModify((old: SeriesChunkDoc) =>
      encodeChunk(mergeChunks(decodeChunk(old), chunk)),
    );
    result.updated++;
  }
  return result;
}

/** Store one OVATION snapshot (id by observation time; a re-fetch of the same frame is a no-op). */
export async function writeGrid(
  db: AuroraDatabase,
  grid: GridSnapshot,
  meta: { fetchedAt: number; source?: string | null },
): Promise<WriteResult> {
  const doc = encodeGrid(grid, meta);
  const old = await db.grids.findOne(doc.id).exec();
  if (old) {
    const prev = plain(old);
    if (prev.values === doc.values && prev.forecastTime === doc.forecastTime) {
      return { inserted: 0, updated: 0, unchanged: 1 };
    }
    await db.grids.upsert(doc);
    return { inserted: 0, updated: 1, unchanged: 0 };
  }
  await db.grids.upsert(doc);
  return { inserted: 1, updated: 0, unchanged: 0 };
}

/**
 * Store parsed products. Ids come from the normaliser (kind for single-copy products,
 * kind/productId/issueTime for alerts and advisories), so a re-sent alert de-duplicates onto its
 * document. An older issue never replaces a newer copy of a single-copy product.
 */
export async function writeProducts(
  db: AuroraDatabase,
  records: ProductRecord[],
  meta: { fetchedAt: number },
): Promise<WriteResult> {
  const result: WriteResult = { inserted: 0, updated: 0, unchanged: 0 };
  const byId = new Map<string, ProductRecord>();
  for (const r of records) {
    const prev = byId.get(r.id);
    if (!prev || r.issued >= prev.issued) byId.set(r.id, r);
  }
  if (byId.size === 0) return result;
  const existing = await db.products.findByIds([...byId.keys()]).exec();
  const toWrite: ProductDoc[] = [];
  for (const r of byId.values()) {
    const doc: ProductDoc = {
      id: r.id,
      kind: r.kind,
      issued: r.issued,
      data: JSON.parse(JSON.stringify(r.data ?? null)) as unknown,
      raw: r.raw,
      fetchedAt: meta.fetchedAt,
    };
    const old = existing.get(r.id);
    if (!old) {
      toWrite.push(doc);
      result.inserted++;
      continue;
    }
    const prev = plain(old);
    if (
      prev.issued > doc.issued ||
      (prev.issued === doc.issued && prev.raw === doc.raw && sameJson(prev.data, doc.data))
    ) {
      result.unchanged++;
      continue;
    }
    toWrite.push(doc);
    result.updated++;
  }
  if (toWrite.length > 0) await db.products.bulkUpsert(toWrite);
  // Every Kp forecast issue is also kept in the forecast history, to be scored later.
  const issues = records
    .map((r) => forecastIssueOf(r))
    .filter((i): i is ForecastIssue => i !== null);
  if (issues.length > 0) await writeForecastIssues(db, issues, meta);
  return result;
}

/** Replace one feed's status row (the poller owns these rows; last write wins): `writeFeedStatuses` with one row. */
export function writeFeedStatus(db: AuroraDatabase, status: FeedStatus): Promise<void> {
  return writeFeedStatuses(db, [status]);
}

/**
 * Several feeds' rows in one write: one change event for every reader (the page's live queries,
 * other tabs), not one per row (workers/poller/feedRows.ts writes a poll round's rows together).
 * Rows equal to the stored ones are left; of two rows of one feed, the later is written.
 *
 * One storage write, as RxDB's own `bulkRemove` does (the collection's `storageInstance` stamps
 * each row's revision and write time; events reach readers from its change stream): RxDB's
 * `bulkUpsert` updates existing documents through its incremental write queue, which writes the
 * first document of a batch alone and the rest after it (two events, rxdb 17.6
 * incremental-write.js `triggerRun`). Last write wins, as `upsert`: a row another writer changed
 * meanwhile (a conflict) is written again over what it wrote.
 */
export async function writeFeedStatuses(
  db: AuroraDatabase,
  statuses: readonly FeedStatus[],
): Promise<void> {
  const byId = new Map(statuses.map((s) => [s.id, s] as const));
  if (byId.size === 0) return;
  const stored = await db.feeds.findByIds([...byId.keys()]).exec();
  let rows: BulkWriteRow<FeedDoc>[] = [];
  for (const [id, status] of byId) {
    const doc: FeedDoc = { ...status };
    const old = stored.get(id);
    if (old && sameJson(plain(old), doc)) continue;
    const previous = old?.toMutableJSON(true) as RxDocumentData<FeedDoc> | undefined;
    rows.push(feedRowWrite(doc, previous));
  }
  for (let attempt = 0; rows.length > 0; attempt++) {
    const { error } = await db.feeds.storageInstance.bulkWrite(rows, 'aurora-feed-rows');
    const conflicts = error.filter(isConflict);
    if (conflicts.length < error.length || (conflicts.length > 0 && attempt >= 3))
      throw new Error(
        `feed rows not written: ${error.map((e) => `${e.documentId} (${e.status})`).join(', ')}`,
      );
    rows = conflicts.map((e) => feedRowWrite(byId.get(e.documentId as Resource)!, e.documentInDb));
  }
}

/** A storage write of one feed row: over `previous` (its revision and meta are stamped anew), or new. */
function feedRowWrite(doc: FeedDoc, previous: RxDocumentData<FeedDoc> | undefined) {
  const document = previous
    ? { ...previous, ...doc, _deleted: false }
    : { ...doc, _deleted: false, _attachments: {}, _meta: { lwt: 0 }, _rev: '' };
  return { previous, document } as BulkWriteRow<FeedDoc>;
}

const isConflict = (e: RxStorageWriteError<FeedDoc>): e is RxStorageWriteErrorConflict<FeedDoc> =>
  e.status === 409 && 'documentInDb' in e;

export async function readFeedStatus(db: AuroraDatabase, id: Resource): Promise<FeedStatus | null> {
  const doc = await db.feeds.findOne(id).exec();
  return doc ? (plain(doc) as FeedStatus) : null;
}
