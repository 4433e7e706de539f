/**
 * Runs in Chromium on the app's own origin (tests/bench/store90d.bench.ts serves this page there),
 * so it fills the very IndexedDB database the app opens (`aurora`): 90 simulated days of polling
 * through the worker's real path — `pollResource` (fetch → normalise → write through
 * `databaseStore`) and the poller's retention (`applyRetention`) after every round — against the
 * loopback SWPC stand-in (../net/liveUpstream.ts), which the bench moves to each round's time
 * (the page asks for `/__up/<time>/<SWPC path>`; the bench forwards it).
 *
 * One round of every product a simulated day, at 23:59 UTC (the rtsw files hold 24 h and the
 * hemispheric power file the UTC day, so no minute of those is missed; the 1-minute Kp file holds
 * a few hours, so that series keeps only those of each day), then the last 24 hours' ovals every
 * 5 minutes (the time slider's frames), retention after every round (hourly on the last day). Also `read7d`: the 7-day solar-wind read as
 * ../sync/dbBenchPage.ts times it, on this store.
 */
import { openDatabase } from '../../../sync/database.ts';
import { readSeriesColumns, seriesChunkIds } from '../../../sync/read/readSeriesColumns.ts';
import { concatChunks } from '../../../sync/read/seriesColumns.ts';
import type { SeriesChunkDoc } from '../../../sync/schemas/series.ts';
import { decodeValues } from '../../../sync/series/chunkCodec.ts';
import { pollOrder } from '../../../core/products/sources.ts';
import type { Resource } from '../../../core/model.ts';
import { databaseStore } from '../../../workers/poller/store.ts';
import { pollResource, type PollDeps } from '../../../workers/poller/pollResource.ts';
import { createBatcher } from '../../../workers/request/batcher.ts';
import { createInFlight } from '../../../workers/request/inFlight.ts';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const DAYS = 90;
/** Polled only through our backend (GFZ's Kp): a page polling SWPC directly has no way to it. */
const BACKEND_ONLY: ReadonlySet<Resource> = new Set<Resource>(['kp-gfz']);

function collectGarbage(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

async function fill(end: number): Promise<{ rounds: number; failures: Record<string, number> }> {
  const db = await openDatabase({ multiInstance: false });
  const store = databaseStore(db);
  let sim = end - DAYS * DAY;
  const deps: PollDeps = {
    // Every agency URL goes to the stand-in through this origin, with the round's time.
    fetch: (url, init) => fetch(`/__up/${sim}/${url.replace(/^https?:\/\/[^/]+\//, '')}`, init),
    backendBase: null,
    store,
    now: () => sim,
    inFlight: createInFlight(),
    batcher: createBatcher(),
  };
  const failures: Record<string, number> = {};
  let rounds = 0;
  const round = async (resources: readonly Resource[], retention = true) => {
    const reports = await Promise.all(resources.map((r) => pollResource(r, deps)));
    for (const r of reports)
      if (r.outcome === 'failed') failures[r.resource] = (failures[r.resource] ?? 0) + 1;
    if (retention) await store.applyRetention(sim);
    rounds++;
  };
  const every = pollOrder().filter((r) => !BACKEND_ONLY.has(r));
  const dayStart = Math.floor((end - DAYS * DAY) / DAY) * DAY;
  for (let day = dayStart; day + DAY <= end; day += DAY) {
    sim = day + DAY - MIN;
    await round(every);
    if (rounds % 10 === 0) console.log(`[store90d] ${rounds} days written`);
  }
  for (sim = end - DAY + 5 * MIN; sim <= end; sim += 5 * MIN)
    await round(['aurora-oval'], (sim - end) % HOUR === 0);
  await db.close();
  return { rounds, failures };
}

async function storageUsage(): Promise<{ usage: number; indexedDB: number | null }> {
  const e = (await navigator.storage.estimate()) as StorageEstimate & {
    usageDetails?: { indexedDB?: number };
  };
  return { usage: e.usage ?? 0, indexedDB: e.usageDetails?.indexedDB ?? null };
}

/** Stored documents and their JSON size per collection: where the bytes are. */
async function collectionSizes(): Promise<Record<string, { docs: number; jsonMB: number }>> {
  const db = await openDatabase({ multiInstance: false });
  const out: Record<string, { docs: number; jsonMB: number }> = {};
  for (const name of Object.keys(db.collections)) {
    const docs = await db.collections[name as keyof typeof db.collections].find().exec();
    let bytes = 0;
    for (const d of docs) bytes += JSON.stringify(d.toJSON()).length;
    out[name] = { docs: docs.length, jsonMB: bytes / 1e6 };
  }
  await db.close();
  return out;
}

/** The 7-day read of the solar wind into chart columns, on a database opened for it (no cache). */
async function read7d(end: number): Promise<{ ms: number; samples: number }> {
  const db = await openDatabase({ multiInstance: false });
  const range = { from: end - 7 * DAY, to: end };
  collectGarbage();
  const t0 = performance.now();
  // Both at once, as the solar-wind charts read them (two live reads started in one commit).
  const [plasma, mag] = await Promise.all([
    readSeriesColumns(db, 'solar-wind-plasma', range),
    readSeriesColumns(db, 'solar-wind-mag', range),
  ]);
  const ms = performance.now() - t0;
  await db.close();
  return { ms, samples: plasma.t.length + mag.t.length };
}

/**
 * What a freshly loaded page pays apart from the store: the page's first IndexedDB request (a
 * get of an id no collection has, in a small collection), then the 7-day read; then the read
 * again on databases re-opened in the same page (RxDB's caches are gone with each database, the
 * page's own first-use costs are not). Median ms of each.
 */
async function read7dWarmPage(end: number): Promise<Record<string, number>> {
  const range = { from: end - 7 * DAY, to: end };
  const read = (db: Awaited<ReturnType<typeof openDatabase>>) =>
    Promise.all([
      readSeriesColumns(db, 'solar-wind-plasma', range),
      readSeriesColumns(db, 'solar-wind-mag', range),
    ]);
  let db = await openDatabase({ multiInstance: false });
  collectGarbage();
  const t0 = performance.now();
  await db.feeds.storageInstance.findDocumentsById(['no-such-feed'], false);
  const firstRequest = performance.now() - t0;
  collectGarbage();
  const t1 = performance.now();
  await read(db);
  const afterFirstRequest = performance.now() - t1;
  const reopened: number[] = [];
  for (let i = 0; i < 5; i++) {
    await db.close();
    db = await openDatabase({ multiInstance: false });
    collectGarbage();
    const t = performance.now();
    await read(db);
    reopened.push(performance.now() - t);
  }
  await db.close();
  reopened.sort((a, b) => a - b);
  return { firstRequest, afterFirstRequest, reopened: reopened[reopened.length >> 1]! };
}

/**
 * Where the 7-day read's time goes, on a database opened for it: the storage's get by id (the
 * IndexedDB read, values deserialised), `JSON.parse` of the columns, the join into chart columns.
 * What `read7d` takes beyond their sum is RxDB's own (its query, documents and caches).
 */
async function read7dParts(end: number): Promise<Record<string, number>> {
  const db = await openDatabase({ multiInstance: false });
  const range = { from: end - 7 * DAY, to: end };
  const parts = { storageGet: 0, parse: 0, join: 0 };
  collectGarbage();
  for (const product of ['solar-wind-plasma', 'solar-wind-mag'] as const) {
    const t0 = performance.now();
    const docs = await db.series.storageInstance.findDocumentsById(
      seriesChunkIds(product, range),
      false,
    );
    const t1 = performance.now();
    const chunks = docs
      .sort((a, b) => a.day - b.day)
      .map((d) => decodeValues(d as unknown as SeriesChunkDoc));
    const t2 = performance.now();
    concatChunks(chunks, range);
    const t3 = performance.now();
    parts.storageGet += t1 - t0;
    parts.parse += t2 - t1;
    parts.join += t3 - t2;
  }
  await db.close();
  return parts;
}

Object.assign(globalThis, {
  store90d: { fill, storageUsage, collectionSizes, read7d, read7dParts, read7dWarmPage },
});
