import type { AuroraDatabase } from './database.ts';
import type { ProductKind, SeriesProduct } from '../core/model.ts';
import { DAY_MS, utcDayStart } from '../core/time/dayKey.ts';

/** Series: the last 30 days (whole UTC days; today plus the 30 before it at most), and each product's newest day. */
const SERIES_RETENTION_MS = 30 * DAY_MS;
/**
 * …but 3-hourly Kp (SWPC's and GFZ's) 120 days: the track record scores the last 90 days against
 * the Kp of 27 days before each (core/verification/trackRecord.ts). Eight values a day.
 */
const LONG_SERIES_RETENTION_MS: Partial<Record<SeriesProduct, number>> = {
  'kp-3h': 120 * DAY_MS,
  'kp-gfz': 120 * DAY_MS,
};
/** How long the device keeps a series product; the poller's backfill fetches no further back. */
export function seriesRetentionMs(product: SeriesProduct): number {
  return LONG_SERIES_RETENTION_MS[product] ?? SERIES_RETENTION_MS;
}
/** The forecast issues kept to score (sync/forecastHistory/): the 90-day window and its leads. */
const FORECAST_HISTORY_RETENTION_MS = 100 * DAY_MS;
/** Grids: the time slider's 24 hours… */
const GRID_RETENTION_MS = DAY_MS;
/** …and never more than 288 frames (5-minute cadence), whatever the cadence was. */
export const GRID_MAX_FRAMES = 288;
/** Alerts and advisories: the last 7 days, plus the newest of each kind. */
const ALERT_RETENTION_MS = 7 * DAY_MS;
/** Requests the server refused stay visible for a week, then go. */
const REJECTED_REQUEST_RETENTION_MS = 7 * DAY_MS;

/** Kinds that keep many documents (one per product id + issue time); all others keep one copy. */
const MULTI_COPY_KINDS: ReadonlySet<ProductKind> = new Set<ProductKind>(['alert', 'icao-advisory']);

export interface RetentionInput {
  /** `newest`: no later day of this product is stored. */
  series: { id: string; product: SeriesProduct; day: number; newest: boolean }[];
  /** `newerCount`: how many stored grids are newer than this one (0 for the newest). */
  grids: { id: string; observationTime: number; newerCount: number }[];
  products: { id: string; kind: ProductKind; issued: number }[];
  queue: { id: string; state: 'pending' | 'rejected'; createdAt: number }[];
}

export interface RetentionPlan {
  series: string[];
  grids: string[];
  products: string[];
  queue: string[];
}

/** The newest product of each kind (ties: the larger id), which retention always keeps. */
function newestOfEachKind(products: RetentionInput['products']): Map<string, { id: string }> {
  const newest = new Map<string, { id: string; issued: number }>();
  for (const p of products) {
    const cur = newest.get(p.kind);
    if (!cur || p.issued > cur.issued || (p.issued === cur.issued && p.id > cur.id))
      newest.set(p.kind, p);
  }
  return newest;
}

/**
 * Pure: which documents to delete at `now`. The newest grid, the newest day of each series and
 * the newest alert of each kind are always kept, however old: opened offline after weeks away,
 * the map still shows the last known oval and the summary the last known values, with their age.
 * Single-copy products are never deleted. Pending requests are never deleted by retention — they
 * have not reached the server yet.
 */
export function planRetention(input: RetentionInput, now: number): RetentionPlan {
  const series = input.series
    .filter((c) => c.day < utcDayStart(now - seriesRetentionMs(c.product)) && !c.newest)
    .map((c) => c.id);

  const grids = input.grids
    .filter(
      (g) =>
        g.newerCount > 0 &&
        (g.newerCount >= GRID_MAX_FRAMES || g.observationTime < now - GRID_RETENTION_MS),
    )
    .map((g) => g.id);

  const newestOfKind = newestOfEachKind(input.products);
  const products = input.products
    .filter(
      (p) =>
        (MULTI_COPY_KINDS.has(p.kind) &&
          p.issued < now - ALERT_RETENTION_MS &&
          newestOfKind.get(p.kind)?.id !== p.id) ||
        (p.kind === 'forecast-history' && p.issued < now - FORECAST_HISTORY_RETENTION_MS),
    )
    .map((p) => p.id);

  const queue = input.queue
    .filter((q) => q.state === 'rejected' && q.createdAt < now - REJECTED_REQUEST_RETENTION_MS)
    .map((q) => q.id);

  return { series, grids, products, queue };
}

/**
 * Delete a collection's tombstones for good. RxDB keeps deleted documents (replication needs
 * them); none of the purged collections replicates, so the storage's own cleanup runs directly,
 * without RxDB's cleanup plugin (which pulls the replication code into every bundle). The storage
 * may purge in batches: repeat until it says it is done.
 */
export async function purgeTombstones(collection: {
  closed: boolean;
  storageInstance: { cleanup(minimumDeletedTime: number): Promise<boolean> };
}): Promise<void> {
  while (!collection.closed && !(await collection.storageInstance.cleanup(0))) {
    // another batch
  }
}

/**
 * Apply the plan and purge the tombstones, so storage really shrinks (RxDB keeps deleted
 * documents until a cleanup). Run by the poller after writes, at most every few minutes.
 */
export async function applyRetention(db: AuroraDatabase, now: number): Promise<RetentionPlan> {
  // Only candidates are loaded (grid documents are ~87 KB each): old series days, and grids
  // that are older than 24 h or beyond the frame limit.
  const [oldSeries, gridTotal, oldGrids, extraGrids, products, queue] = await Promise.all([
    db.series.find({ selector: { day: { $lt: utcDayStart(now - SERIES_RETENTION_MS) } } }).exec(),
    db.grids.count().exec(),
    db.grids
      .find({
        selector: { observationTime: { $lt: now - GRID_RETENTION_MS } },
        sort: [{ observationTime: 'desc' }],
      })
      .exec(),
    db.grids.find({ sort: [{ observationTime: 'desc' }], skip: GRID_MAX_FRAMES }).exec(),
    db.products
      .find({ selector: { kind: { $in: [...MULTI_COPY_KINDS, 'forecast-history'] } } })
      .exec(),
    db.queue.find({ selector: { state: 'rejected' } }).exec(),
  ]);
  const seriesProducts = [...new Set(oldSeries.map((d) => d.product))];
  const newestChunks = await Promise.all(
    seriesProducts.map((product) =>
      db.series.findOne({ selector: { product }, sort: [{ day: 'desc' }] }).exec(),
    ),
  );
  const newestIds = new Set(newestChunks.map((d) => d?.id));
  const grids = new Map<string, RetentionInput['grids'][number]>();
  oldGrids.forEach((d, i) =>
    grids.set(d.id, {
      id: d.id,
      observationTime: d.observationTime,
      newerCount: gridTotal - oldGrids.length + i,
    }),
  );
  extraGrids.forEach((d, i) =>
    grids.set(d.id, {
      id: d.id,
      observationTime: d.observationTime,
      newerCount: GRID_MAX_FRAMES + i,
    }),
  );
  const plan = planRetention(
    {
      series: oldSeries.map((d) => ({
        id: d.id,
        product: d.product,
        day: d.day,
        newest: newestIds.has(d.id),
      })),
      grids: [...grids.values()],
      products: products.map((d) => ({ id: d.id, kind: d.kind, issued: d.issued })),
      queue: queue.map((d) => ({ id: d.id, state: d.state, createdAt: d.createdAt })),
    },
    now,
  );
  await removePlanned(db, plan);
  return plan;
}

/** Deletes what a plan names and purges the tombstones, so storage really shrinks. */
async function removePlanned(db: AuroraDatabase, plan: RetentionPlan): Promise<void> {
  const work: Promise<unknown>[] = [];
  if (plan.series.length)
    work.push(db.series.bulkRemove(plan.series).then(() => purgeTombstones(db.series)));
  if (plan.grids.length)
    work.push(db.grids.bulkRemove(plan.grids).then(() => purgeTombstones(db.grids)));
  if (plan.products.length)
    work.push(db.products.bulkRemove(plan.products).then(() => purgeTombstones(db.products)));
  // Sent requests leave tombstones in `queue` too (replayQueue removes them): purge them every time.
  work.push(
    (plan.queue.length ? db.queue.bulkRemove(plan.queue) : Promise.resolve()).then(() =>
      purgeTombstones(db.queue),
    ),
  );
  await Promise.all(work);
}

/**
 * Pure: what goes when the device's storage is full and something the user chose (a preference)
 * must be written: everything retention would ever let go of, whatever its age — every grid but
 * the newest, every series day but each product's newest, every alert and advisory but the newest
 * of its kind, refused requests. The map, the summary and the forecasts still show their last
 * known values; the time slider and the charts lose their history until the poller refills it.
 * Preferences, places, feed rows and pending requests are never in it.
 */
export function planEviction(input: RetentionInput): RetentionPlan {
  const newestOfKind = newestOfEachKind(input.products);
  return {
    series: input.series.filter((c) => !c.newest).map((c) => c.id),
    grids: input.grids.filter((g) => g.newerCount > 0).map((g) => g.id),
    products: input.products
      .filter((p) => MULTI_COPY_KINDS.has(p.kind) && newestOfKind.get(p.kind)?.id !== p.id)
      .map((p) => p.id),
    queue: input.queue.filter((q) => q.state === 'rejected').map((q) => q.id),
  };
}

/**
 * Storage is full: make room by evicting old data (planEviction), before anything the user chose
 * is given up. Deleting goes through RxDB (so every open query sees it) and then purges the
 * tombstones; on a device already past its quota the browser may refuse even the tombstones,
 * and the error says so to the caller.
 */
export async function evictForSpace(db: AuroraDatabase): Promise<RetentionPlan> {
  const [series, grids, products, queue] = await Promise.all([
    db.series.find().exec(),
    db.grids.find({ sort: [{ observationTime: 'desc' }] }).exec(),
    db.products.find({ selector: { kind: { $in: [...MULTI_COPY_KINDS] } } }).exec(),
    db.queue.find({ selector: { state: 'rejected' } }).exec(),
  ]);
  const newestDay = new Map<string, number>();
  for (const c of series)
    newestDay.set(c.product, Math.max(newestDay.get(c.product) ?? -Infinity, c.day));
  const plan = planEviction({
    series: series.map((c) => ({
      id: c.id,
      product: c.product,
      day: c.day,
      newest: newestDay.get(c.product) === c.day,
    })),
    grids: grids.map((g, i) => ({ id: g.id, observationTime: g.observationTime, newerCount: i })),
    products: products.map((d) => ({ id: d.id, kind: d.kind, issued: d.issued })),
    queue: queue.map((d) => ({ id: d.id, state: d.state, createdAt: d.createdAt })),
  });
  await removePlanned(db, plan);
  return plan;
}
