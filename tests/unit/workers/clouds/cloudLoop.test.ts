import { afterEach, describe, expect, it } from 'vitest';
import type { AuroraDatabase } from '../../../../sync/database.ts';
import { readFeedStatus } from '../../../../sync/write.ts';
import { decodeCloudLayer } from '../../../../core/clouds/cloudBytes.ts';
import {
  cloudTileProductId,
  levelForView,
  tileGeometry,
  tilesForView,
} from '../../../../core/clouds/cloudTiles.ts';
import type { StoredCloudTile } from '../../../../core/clouds/storedTile.ts';
import { createWeatherHandler } from '../../../../supabase/functions/weather/handler.ts';
import { GfsClouds } from '../../../../supabase/functions/weather/gfs/gfsClouds.ts';
import { NOMADS_BUDGET } from '../../../../supabase/functions/weather/gfs/gfsRequest.ts';
import { readGfsReplay } from '../../../../supabase/functions/weather/gfs/replay.ts';
import { WeatherService } from '../../../../supabase/functions/weather/service.ts';
import {
  MET_NORWAY_BUDGET,
  UpstreamBudget,
} from '../../../../supabase/functions/weather/upstreamBudget.ts';
import { savePlace } from '../../../../sync/places/places.ts';
import {
  dueTiles,
  placeTiles,
  startCloudLoop,
  VIEW_SETTLE_MS,
  type CloudLoop,
} from '../../../../workers/clouds/cloudLoop.ts';
import { CLOUDS_FEED } from '../../../../workers/clouds/pollClouds.ts';
import { fakeClock, type FakeClock } from '../../../support/fakeClock.ts';
import { disposeTestDatabase, openTestDatabase } from '../../../support/testDb.ts';

const START = Date.parse('2027-01-15T16:10:00Z');
const BASE = 'http://127.0.0.1:8787';
/** A regional view over Tromsø, as the map shows it zoomed in (0.5° cells). */
const TROMSO = { west: 9, south: 66, east: 29, north: 73 };
const EDINBURGH = { west: -13, south: 53, east: 7, north: 59 };

/**
 * Our own backend's weather function in process, with NOAA's NOMADS (the third party)
 * unreachable: it answers the regional layer from its constructed GFS replay, as on the local stack.
 */
async function backend(clock: FakeClock) {
  const sample = await readGfsReplay();
  const clouds = new GfsClouds({
    baseUrl: 'https://nomads.invalid',
    fetch: () => Promise.reject(new TypeError('getaddrinfo ENOTFOUND nomads.invalid')),
    now: clock.now,
    userAgent: 'aurora-test/1.0',
    budget: new UpstreamBudget(NOMADS_BUDGET, clock.now, clock.timers),
    replay: () => Promise.resolve(sample),
    timers: clock.timers,
  });
  const weather = new WeatherService({
    baseUrl: 'https://metno.invalid',
    fetch: () => Promise.reject(new TypeError('not asked here')),
    now: clock.now,
    userAgent: 'aurora-test/1.0',
    replay: () => Promise.resolve(null),
    budget: new UpstreamBudget(MET_NORWAY_BUDGET, clock.now, clock.timers),
  });
  const handler = createWeatherHandler(
    () => weather,
    () => clouds,
  );
  const urls: URL[] = [];
  const fetchFn = async (url: string, init: RequestInit) => {
    urls.push(new URL(url));
    return handler(new Request(url, init));
  };
  return { fetch: fetchFn, urls };
}

/** Moves the clock in 100 ms steps, letting the loop's promises and database writes settle. */
async function run(clock: FakeClock, ms: number) {
  const end = clock.now() + ms;
  while (clock.now() < end) {
    for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
    clock.advanceTo(clock.now() + 100);
  }
  for (let i = 0; i < 20; i++) await new Promise((r) => setTimeout(r, 0));
}

let db: AuroraDatabase | null = null;
let loop: CloudLoop | null = null;
afterEach(async () => {
  loop?.stop();
  loop = null;
  if (db) await disposeTestDatabase(db);
  db = null;
});

async function storedTiles(keys: readonly string[]): Promise<Map<string, StoredCloudTile>> {
  const docs = await db!.products.findByIds(keys.map(cloudTileProductId)).exec();
  const out = new Map<string, StoredCloudTile>();
  for (const k of keys) {
    const d = docs.get(cloudTileProductId(k));
    if (d) out.set(k, d._data.data as StoredCloudTile);
  }
  return out;
}

describe('the worker’s regional cloud layer', () => {
  it('fetches the tiles of the view the map shows once it settles, and stores one document per tile', async () => {
    const clock = fakeClock(START);
    db = await openTestDatabase();
    const b = await backend(clock);
    loop = startCloudLoop({
      db,
      fetch: b.fetch,
      backendBase: BASE,
      online: true,
      forcedOffline: false,
      now: clock.now,
      timers: clock.timers,
    });

    // Nothing is asked before the page shows the layer.
    await run(clock, 5_000);
    expect(b.urls).toHaveLength(0);

    // A pan that does not settle, then the view that does: only the settled one is asked for.
    loop.setView({ box: { ...TROMSO, west: 0, east: 20 }, layers: ['total'] });
    await run(clock, VIEW_SETTLE_MS / 2);
    loop.setView({ box: TROMSO, layers: ['total'] });
    await run(clock, VIEW_SETTLE_MS + 2_000);
    expect(b.urls).toHaveLength(1);
    expect(levelForView(TROMSO)).toBe(0);
    // The view and a quarter of its size beyond each side, so a short pan offline finds its cells.
    const keys = tilesForView({ west: 4, east: 34, south: 64.25, north: 74.75 }, 0);
    expect(keys).toEqual(expect.arrayContaining(tilesForView(TROMSO, 0)));
    expect(keys.length).toBeGreaterThan(tilesForView(TROMSO, 0).length);
    expect(b.urls[0]!.pathname).toBe('/functions/v1/weather/clouds');
    expect(b.urls[0]!.searchParams.get('tiles')!.split(',').sort()).toEqual([...keys].sort());
    expect(b.urls[0]!.searchParams.get('layers')).toBe('total');

    const stored = await storedTiles(keys);
    expect(stored.size).toBe(keys.length);
    for (const [k, tile] of stored) {
      const g = tileGeometry(k)!;
      expect(tile.source).toBe('replay');
      expect(tile.hours).toHaveLength(49);
      expect(tile.hours[0]).toBe(Date.parse('2027-01-15T16:00:00Z'));
      expect(decodeCloudLayer(tile.layers.total!, 49, g.rows * g.cols)).not.toBeNull();
    }
    expect(await readFeedStatus(db, CLOUDS_FEED)).toMatchObject({ error: null, replay: true });

    // The same view again: its tiles are stored and fresh, nothing is asked.
    loop.setView(null);
    loop.setView({ box: TROMSO, layers: ['total'] });
    await run(clock, VIEW_SETTLE_MS + 2_000);
    expect(b.urls).toHaveLength(1);
  });

  it('asks for a deck only where it is missing and keeps the layers it had', async () => {
    const clock = fakeClock(START);
    db = await openTestDatabase();
    const b = await backend(clock);
    loop = startCloudLoop({
      db,
      fetch: b.fetch,
      backendBase: BASE,
      online: true,
      forcedOffline: false,
      now: clock.now,
      timers: clock.timers,
    });
    loop.setView({ box: EDINBURGH, layers: ['total'] });
    await run(clock, VIEW_SETTLE_MS + 2_000);
    loop.setView({ box: EDINBURGH, layers: ['low'] });
    await run(clock, VIEW_SETTLE_MS + 2_000);
    expect(b.urls.map((u) => u.searchParams.get('layers'))).toEqual(['total', 'low']);
    const stored = await storedTiles(tilesForView(EDINBURGH, 0));
    for (const tile of stored.values())
      expect(Object.keys(tile.layers).sort()).toEqual(['low', 'total']);
  });

  it('fetches the finest tiles around the place in use with a continent-wide view, so its sky is there offline', async () => {
    const clock = fakeClock(START);
    db = await openTestDatabase();
    await savePlace(db, { name: 'Tromsø', lat: 69.65, lon: 18.96, kind: 'picked' }, START);
    const b = await backend(clock);
    loop = startCloudLoop({
      db,
      fetch: b.fetch,
      backendBase: BASE,
      online: true,
      forcedOffline: false,
      now: clock.now,
      timers: clock.timers,
    });
    const continent = { west: -100, south: 40, east: 60, north: 78 };
    expect(levelForView(continent)).toBe(2);
    loop.setView({ box: continent, layers: ['total'] });
    await run(clock, VIEW_SETTLE_MS + 2_000);
    const asked = b.urls[0]!.searchParams.get('tiles')!.split(',');
    const around = placeTiles({ lat: 69.65, lon: 18.96 });
    expect(around.every((k) => k.startsWith('0/'))).toBe(true);
    expect(asked).toEqual(expect.arrayContaining(around));
    expect((await storedTiles(around)).size).toBe(around.length);
  });

  it('asks for nothing offline or forced offline, and for the view at once when back online', async () => {
    const clock = fakeClock(START);
    db = await openTestDatabase();
    const b = await backend(clock);
    loop = startCloudLoop({
      db,
      fetch: b.fetch,
      backendBase: BASE,
      online: false,
      forcedOffline: false,
      now: clock.now,
      timers: clock.timers,
    });
    loop.setView({ box: TROMSO, layers: ['total'] });
    await run(clock, 10_000);
    loop.setConditions({ online: true, forcedOffline: true });
    await run(clock, 10_000);
    expect(b.urls).toHaveLength(0);
    loop.setConditions({ forcedOffline: false });
    await run(clock, 2_000);
    expect(b.urls).toHaveLength(1);
  });

  it('says a tile is due when it is missing, lacks the layer drawn, or is past its freshness', () => {
    const tile = (freshUntil: number): StoredCloudTile => ({
      key: '0/15_19',
      run: 0,
      source: 'upstream',
      hours: [0],
      layers: { total: 'AA==' },
      complete: true,
      freshUntil,
      attribution: 'x',
    });
    const stored = new Map([
      ['0/15_19', tile(2_000)],
      ['0/15_20', tile(500)],
    ]);
    expect(dueTiles(['0/15_19', '0/15_20', '0/15_21'], ['total'], stored, 1_000)).toEqual([
      '0/15_20',
      '0/15_21',
    ]);
    expect(dueTiles(['0/15_19'], ['high'], stored, 1_000)).toEqual(['0/15_19']);
  });
});
