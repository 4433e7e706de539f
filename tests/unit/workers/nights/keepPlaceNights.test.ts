/**
 * The worker keeps tonight's verdict at every saved place (workers/nights/), on a real in-memory
 * database with the stored Kp forecast and, where the device has one, the place's cloud forecast.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { AuroraDatabase } from '../../../../sync/database.ts';
import type { ProductRecord } from '../../../../core/model.ts';
import { writeGrid, writeProducts } from '../../../../sync/write.ts';
import { GRID_CELLS } from '../../../../core/grid/grid.ts';
import { removePlace, savePlace } from '../../../../sync/places/places.ts';
import { readNights } from '../../../../sync/nights/nights.ts';
import { weatherProductId, type WeatherData } from '../../../../core/products/weather.ts';
import { keepPlaceNights, type PlaceSeen } from '../../../../workers/nights/keepPlaceNights.ts';
import { startNightsLoop } from '../../../../workers/nights/nightsLoop.ts';
import { disposeTestDatabase, openTestDatabase } from '../../../support/testDb.ts';
import { EDINBURGH, HOUR, TROMSO, cloudsFromFixture } from '../../../support/tonightPlaces.ts';

/** Noon UTC: both places' dark hours are still to come. */
const NOW = Date.parse('2027-01-15T12:00:00Z');
const MIN = 60_000;

let db: AuroraDatabase | undefined;
afterEach(async () => {
  await disposeTestDatabase(db);
  db = undefined;
});

/** SWPC's Kp forecast as the poller stores it (core/normalise/kpForecast.ts): rows of 3-hour blocks. */
async function storeKpForecast(database: AuroraDatabase, kp: number, issued: number) {
  const start = Math.floor(NOW / (3 * HOUR)) * 3 * HOUR;
  const record: ProductRecord = {
    id: 'kp-forecast',
    kind: 'kp-forecast',
    issued,
    data: { rows: Array.from({ length: 16 }, (_, i) => ({ t: start + i * 3 * HOUR, kp })) },
    raw: null,
  };
  await writeProducts(database, [record], { fetchedAt: issued });
}

/** Tromsø's cloud forecast as the weather loop stores it (the place in use's cell only). */
async function storeTromsoClouds(database: AuroraDatabase) {
  const { updatedAt, ...hours } = cloudsFromFixture('complete-tromso.json', NOW - 40 * MIN);
  const data: WeatherData = {
    attribution: 'MET Norway',
    place: {
      ...TROMSO,
      updatedAt,
      hours: {
        time: [...hours.time],
        total: [...hours.total],
        low: [...hours.low!],
        medium: [...hours.medium!],
        high: [...hours.high!],
      },
    },
    grid: [],
  };
  await writeProducts(
    database,
    [
      {
        id: weatherProductId(TROMSO),
        kind: 'weather' as never,
        issued: updatedAt,
        data,
        raw: null,
      },
    ],
    { fetchedAt: NOW - 30 * MIN },
  );
}

async function twoPlaces() {
  db = await openTestDatabase();
  await storeKpForecast(db, 5, NOW - 2 * HOUR);
  await storeTromsoClouds(db);
  await savePlace(db, { name: 'Tromsø', ...TROMSO, kind: 'picked' }, NOW - 2 * HOUR, 'p-tromso');
  await savePlace(
    db,
    { name: 'Edinburgh', ...EDINBURGH, kind: 'picked' },
    NOW - HOUR,
    'p-edinburgh',
  );
  return db;
}

describe('tonight’s verdict kept at every saved place by the worker', () => {
  it('keeps a night for each saved place, the one never opened included, under <place id>@<night>', async () => {
    const database = await twoPlaces();
    const pass = await keepPlaceNights(database, NOW);
    expect(pass).toEqual({ computed: 2, kept: 2, skipped: 0 });
    const nights = await readNights(database, 10);
    const byPlace = new Map(nights.map((n) => [n.place_id, n]));
    expect(byPlace.get('p-tromso')).toMatchObject({
      id: 'p-tromso@2027-01-15',
      place_name: 'Tromsø',
      level: 'GO',
    });
    expect(byPlace.get('p-tromso')!.line).toMatch(/^Best tonight: \d\d:\d\d–\d\d:\d\d UTC — /);
    // Edinburgh's cell has no stored cloud forecast: clouds unknown, so no GO, and the line says so.
    const edinburgh = byPlace.get('p-edinburgh')!;
    expect(edinburgh).toMatchObject({
      id: 'p-edinburgh@2027-01-15',
      place_name: 'Edinburgh',
      level: 'MAYBE',
    });
    expect(edinburgh.line).toMatch(/\(no clouds\)$/);
  });

  it('works a place out again only when its inputs or the half hour changed', async () => {
    const database = await twoPlaces();
    const seen = new Map<string, PlaceSeen>();
    await keepPlaceNights(database, NOW, seen);
    expect(await keepPlaceNights(database, NOW + 10 * MIN, seen)).toEqual({
      computed: 0,
      kept: 0,
      skipped: 2,
    });
    // A new Kp forecast: both worked out again; the same level and hours replace nothing.
    await storeKpForecast(database, 5, NOW - HOUR);
    expect(await keepPlaceNights(database, NOW + 12 * MIN, seen)).toEqual({
      computed: 2,
      kept: 0,
      skipped: 0,
    });
  });

  it('replaces a verdict that changed before its hours, and never once they have begun', async () => {
    const database = await twoPlaces();
    const seen = new Map<string, PlaceSeen>();
    await keepPlaceNights(database, NOW, seen);
    const before = (await readNights(database, 10)).find((n) => n.place_id === 'p-edinburgh')!;
    // Quiet now: at Kp 1 the oval is out of Edinburgh's sight (it was low in the north at Kp 5).
    await storeKpForecast(database, 1, NOW - 30 * MIN);
    await keepPlaceNights(database, NOW + 5 * MIN, seen);
    const changed = (await readNights(database, 10)).find((n) => n.place_id === 'p-edinburgh')!;
    expect(changed.level).not.toBe(before.level);
    expect(changed.judged_at).toBe(NOW + 5 * MIN);
    // Once the kept night's hours have begun, a new forecast changes nothing and nothing is worked out.
    const during = (changed.window_from ?? NOW + 3 * HOUR) + HOUR;
    await storeKpForecast(database, 8, during - 10 * MIN);
    const pass = await keepPlaceNights(database, during, seen);
    expect(pass.kept).toBe(0);
    const after = (await readNights(database, 10)).find((n) => n.place_id === 'p-edinburgh')!;
    expect(after).toEqual(changed);
  });

  it('leaves a deleted place’s kept nights as history and stops keeping new ones', async () => {
    const database = await twoPlaces();
    const seen = new Map<string, PlaceSeen>();
    await keepPlaceNights(database, NOW, seen);
    await removePlace(database, 'p-edinburgh');
    const next = await keepPlaceNights(database, NOW + 24 * HOUR, seen);
    expect(next.computed).toBe(1);
    const ids = (await readNights(database, 10)).map((n) => n.id).sort();
    expect(ids).toEqual(['p-edinburgh@2027-01-15', 'p-tromso@2027-01-15', 'p-tromso@2027-01-16']);
  });

  it('keeps a newly saved place’s night as soon as it is saved, with no map open', async () => {
    const database = await twoPlaces();
    const loop = startNightsLoop({ db: database, now: () => NOW });
    try {
      await loop.idle();
      // Started, it waits for a poll: the places already saved are not judged yet.
      expect(await readNights(database, 10)).toEqual([]);
      loop.inputsChanged();
      await expect
        .poll(async () => (await readNights(database, 10)).length, { timeout: 10_000 })
        .toBe(2);
      await savePlace(
        database,
        { name: 'Kiruna', lat: 67.86, lon: 20.23, kind: 'picked' },
        NOW,
        'p-kiruna',
      );
      await expect
        .poll(async () => (await readNights(database, 10)).map((n) => n.place_id).sort(), {
          timeout: 10_000,
        })
        .toEqual(['p-edinburgh', 'p-kiruna', 'p-tromso']);
    } finally {
      loop.stop();
      await loop.idle();
    }
  });

  it('works a night out again for a new OVATION frame only when the frame reaches its hours', async () => {
    const database = await twoPlaces();
    const frame = (observationTime: number) =>
      writeGrid(
        database,
        {
          observationTime,
          forecastTime: observationTime + 35 * MIN,
          width: 360,
          height: 181,
          values: new Uint8Array(GRID_CELLS).fill(12),
        },
        { fetchedAt: observationTime + MIN },
      );
    const seen = new Map<string, PlaceSeen>();
    await frame(NOW - 2 * MIN);
    await keepPlaceNights(database, NOW, seen);
    // Noon: Edinburgh's night starts at dusk, hours past what a frame speaks for (35 + 30 min).
    await frame(NOW + 3 * MIN);
    const noon = await keepPlaceNights(database, NOW + 5 * MIN, seen);
    expect(noon.skipped).toBeGreaterThanOrEqual(1);
    const edinburghFirst = seen.get('p-edinburgh')!.firstSlot!;
    expect(edinburghFirst).toBeGreaterThan(NOW + 3 * HOUR);
    // Dusk in Edinburgh: the next frame reaches its first half hour, and it is worked out again.
    await frame(edinburghFirst - 10 * MIN);
    const before = seen.get('p-edinburgh')!.print;
    await keepPlaceNights(database, edinburghFirst - 8 * MIN, seen);
    expect(seen.get('p-edinburgh')!.print).not.toBe(before);
    expect(seen.get('p-edinburgh')!.print).toContain(String(edinburghFirst - 10 * MIN));
  });
});
