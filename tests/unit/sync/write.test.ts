import { afterEach, describe, expect, it } from 'vitest';
import type { AuroraDatabase } from '../../../sync/database.ts';
import { decodeGrid } from '../../../sync/grids/gridCodec.ts';
import { decodeChunk } from '../../../sync/series/chunkCodec.ts';
import type { FeedStatus, GridSnapshot, ProductRecord, SeriesBatch } from '../../../core/model.ts';
import {
  readFeedStatus,
  writeFeedStatus,
  writeGrid,
  writeProducts,
  writeSeries,
} from '../../../sync/write.ts';
import { disposeTestDatabase, openTestDatabase } from '../../support/testDb.ts';

const DAY = Date.UTC(2026, 0, 19);
const MIN = 60_000;
let db: AuroraDatabase | undefined;
afterEach(async () => {
  await disposeTestDatabase(db);
  db = undefined;
});

function plasma(t: number[], speed: (number | null)[]): SeriesBatch {
  return {
    product: 'solar-wind-plasma',
    t,
    fields: { speed, density: speed.map(() => 4) },
    source: 'DSCOVR',
  };
}

describe('writeSeries', () => {
  it('creates one document per UTC day and merges a later overlapping poll into it', async () => {
    db = await openTestDatabase();
    const first = await writeSeries(db, plasma([DAY - MIN, DAY, DAY + MIN], [400, 410, 420]), {
      fetchedAt: 1,
    });
    expect(first).toEqual({ inserted: 2, updated: 0, unchanged: 0 });
    const second = await writeSeries(db, plasma([DAY + MIN, DAY + 2 * MIN], [425, 430]), {
      fetchedAt: 2,
    });
    expect(second).toEqual({ inserted: 0, updated: 1, unchanged: 0 });
    const doc = decodeChunk(
      (await db.series.findOne('solar-wind-plasma/2026-01-19').exec())!.toMutableJSON(),
    );
    expect(doc.t).toEqual([DAY, DAY + MIN, DAY + 2 * MIN]);
    expect(doc.fields.speed).toEqual([410, 425, 430]);
    expect(doc.fetched.speed).toEqual([1, 2, 2]);
    expect(await db.series.count().exec()).toBe(2);
  });

  it('does not write when a poll brings nothing new', async () => {
    db = await openTestDatabase();
    await writeSeries(db, plasma([DAY], [400]), { fetchedAt: 1 });
    const before = (await db.series.findOne('solar-wind-plasma/2026-01-19').exec())!.revision;
    expect(await writeSeries(db, plasma([DAY], [400]), { fetchedAt: 1 })).toEqual({
      inserted: 0,
      updated: 0,
      unchanged: 1,
    });
    expect((await db.series.findOne('solar-wind-plasma/2026-01-19').exec())!.revision).toBe(before);
  });

  it('converges when two writers merge into the same chunk at once', async () => {
    db = await openTestDatabase();
    await writeSeries(db, plasma([DAY], [400]), { fetchedAt: 1 });
    await Promise.all([
      writeSeries(db, plasma([DAY + MIN], [401]), { fetchedAt: 2 }),
      writeSeries(db, plasma([DAY + 2 * MIN], [402]), { fetchedAt: 3 }),
    ]);
    const doc = decodeChunk(
      (await db.series.findOne('solar-wind-plasma/2026-01-19').exec())!.toMutableJSON(),
    );
    expect(doc.fields.speed).toEqual([400, 401, 402]);
  });
});

describe('writeGrid', () => {
  it('stores the 360×181 grid compactly and decodes it byte for byte', async () => {
    db = await openTestDatabase();
    const values = new Uint8Array(360 * 181);
    for (let i = 0; i < values.length; i++) values[i] = (i * 7) % 101;
    const grid: GridSnapshot = {
      observationTime: DAY,
      forecastTime: DAY + 30 * MIN,
      width: 360,
      height: 181,
      values,
    };
    expect(await writeGrid(db, grid, { fetchedAt: DAY })).toEqual({
      inserted: 1,
      updated: 0,
      unchanged: 0,
    });
    expect(await writeGrid(db, grid, { fetchedAt: DAY + MIN })).toEqual({
      inserted: 0,
      updated: 0,
      unchanged: 1,
    });
    const doc = await db.grids.findOne(`ovation/${DAY}`).exec();
    expect(doc!.values.length).toBeLessThan(90_000);
    const back = decodeGrid(doc!);
    expect(back.values).toEqual(values);
    expect(back.forecastTime).toBe(DAY + 30 * MIN);
  });

  it('rejects a grid of the wrong size with a clear message and stores nothing', async () => {
    db = await openTestDatabase();
    const bad = {
      observationTime: DAY,
      forecastTime: DAY,
      width: 360,
      height: 181,
      values: new Uint8Array(10),
    } as GridSnapshot;
    await expect(writeGrid(db, bad, { fetchedAt: DAY })).rejects.toThrow(/expected 65160/);
    expect(await db.grids.count().exec()).toBe(0);
  });
});

describe('writeProducts', () => {
  const alert = (n: string, issued: number): ProductRecord => ({
    id: `alert/${n}/${issued}`,
    kind: 'alert',
    issued,
    data: { code: n },
    raw: `Space Weather Message Code: ${n}`,
  });

  it('de-duplicates alerts by product id and issue time', async () => {
    db = await openTestDatabase();
    const r1 = await writeProducts(
      db,
      [alert('ALTK04', DAY), alert('ALTK04', DAY), alert('WARK05', DAY)],
      { fetchedAt: DAY },
    );
    expect(r1.inserted).toBe(2);
    const r2 = await writeProducts(db, [alert('ALTK04', DAY), alert('ALTK04', DAY + MIN)], {
      fetchedAt: DAY + MIN,
    });
    expect(r2).toEqual({ inserted: 1, updated: 0, unchanged: 1 });
    expect(await db.products.count({ selector: { kind: 'alert' } }).exec()).toBe(3);
  });

  it('never replaces a single-copy product with an older issue', async () => {
    db = await openTestDatabase();
    const fc = (issued: number, raw: string): ProductRecord => ({
      id: 'three-day-forecast',
      kind: 'three-day-forecast',
      issued,
      data: {},
      raw,
    });
    await writeProducts(db, [fc(DAY, 'new')], { fetchedAt: DAY });
    expect(await writeProducts(db, [fc(DAY - MIN, 'old')], { fetchedAt: DAY })).toEqual({
      inserted: 0,
      updated: 0,
      unchanged: 1,
    });
    expect((await db.products.findOne('three-day-forecast').exec())!.raw).toBe('new');
  });
});

describe('feed status', () => {
  it('writes and reads back one row per feed', async () => {
    db = await openTestDatabase();
    const status: FeedStatus = {
      id: 'kp-index',
      lastAttempt: DAY,
      lastSuccess: DAY,
      dataTime: DAY - 3 * 3_600_000,
      etag: '"abc"',
      lastModified: null,
      state: 'fresh',
      error: null,
      schemaDrift: false,
      replay: false,
    };
    expect(await readFeedStatus(db, 'kp-index')).toBeNull();
    await writeFeedStatus(db, status);
    await writeFeedStatus(db, { ...status, state: 'error', error: 'HTTP 503' });
    expect(await readFeedStatus(db, 'kp-index')).toEqual({
      ...status,
      state: 'error',
      error: 'HTTP 503',
    });
  });
});

describe('development checks', () => {
  it('validates documents against their schema outside production builds (dev-mode + ajv)', async () => {
    db = await openTestDatabase();
    await expect(db.feeds.insert({ id: 'kp-index', state: 'sideways' } as never)).rejects.toThrow(
      /VD2|schema/i,
    );
  });
});
