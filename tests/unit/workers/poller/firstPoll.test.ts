import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, removeDatabase, type AuroraDatabase } from '../../../../sync/database.ts';
import { readFeedStatus } from '../../../../sync/write.ts';
import { RESOURCES, type Resource } from '../../../../core/model.ts';
import { createPoller, type Poller } from '../../../../workers/poller/createPoller.ts';
import { databaseStore } from '../../../../workers/poller/store.ts';
import {
  DEFER_IDLE_MS,
  FIRST_SCREEN,
  OTHER_SCREENS_AFTER_MS,
  type ConnectionInfo,
} from '../../../../workers/poller/firstScreen.ts';
import type { FetchLike } from '../../../../workers/request/requestWithRetry.ts';
import { COALESCE_MS } from '../../../../workers/request/multiFetch.ts';
import { fakeClock, type FakeClock } from '../../../support/fakeClock.ts';
import { handwritten, NOW } from '../../../support/fixtureFiles.ts';
import { constructKpGfz } from '../../../fixtures/gfz/construct.ts';
import { QUIET_JUNE, ovationBody } from '../../../fixtures/swpc/ovation.ts';
import { constructed } from '../../../support/constructedSwpc.ts';

const MIN = 60_000;

// Our backend is the third party here: it answers with the constructed SWPC files.
const FILE_FOR: Record<Exclude<Resource, 'sdo-images'>, () => string> = {
  'kp-index': () => constructed('noaa-planetary-k-index.json'),
  'aurora-oval': () => ovationBody(QUIET_JUNE),
  'aurora-nowcast-hemi-power': () => constructed('aurora-nowcast-hemi-power.txt'),
  'solar-wind': () => constructed('plasma-7-day.json'),
  'magnetic-field': () => constructed('mag-7-day.json'),
  'three-day-forecast': () => constructed('3-day-forecast.txt'),
  'three-day-geomag-forecast': () => constructed('3-day-geomag-forecast.txt'),
  'observed-solar-cycle': () => constructed('observed-solar-cycle-indices.json'),
  'predicted-solar-cycle': () => constructed('predicted-solar-cycle.json'),
  'icao-advisories': () => JSON.stringify([{ message: handwritten('icao-advisories.txt') }]),
  alerts: () => handwritten('alerts.json'),
  'kp-1m': () => constructed('planetary_k_index_1m.json'),
  'kp-forecast': () => constructed('noaa-planetary-k-index-forecast.json'),
  'twenty-seven-day-outlook': () => constructed('27-day-outlook.txt'),
  'kp-gfz': () => constructKpGfz(),
};

/**
 * Which resource a request was for: `/space-weather/{resource}`, or the SDO list's HEADs; null for
 * anything else (a `multi` exchange or `/sdo-image/list`, which this stand-in of an older backend
 * answers 404, so the poller asks product by product and channel by channel).
 */
function resourceOf(url: string): Resource | null {
  if (url.includes('/functions/v1/sdo-image/') && !url.endsWith('/list')) return 'sdo-images';
  const name = url.split('?')[0]!.split('/space-weather/')[1];
  return (RESOURCES as readonly string[]).includes(name ?? '') ? (name as Resource) : null;
}

interface Backend {
  fetch: FetchLike;
  /** Every request, in the order it was sent, with the (fake) time it was sent at. */
  calls: { resource: Resource | null; at: number }[];
}

function backend(clock: FakeClock): Backend {
  const calls: Backend['calls'] = [];
  return {
    calls,
    async fetch(url, init) {
      const resource = resourceOf(url);
      calls.push({ resource, at: clock.now() });
      if (resource === 'sdo-images')
        return new Response(null, {
          status: 200,
          headers: { 'last-modified': 'Sun, 22 Nov 2026 04:40:00 GMT' },
        });
      if (!resource) return new Response('not found', { status: 404, statusText: 'Not Found' });
      const etag = `"${resource}-v1"`;
      if ((init.headers as Record<string, string> | undefined)?.['If-None-Match'] === etag)
        return new Response(null, { status: 304 });
      return new Response(FILE_FOR[resource](), {
        status: 200,
        headers: { etag },
      });
    },
  };
}

const asked = (b: Backend, r: Resource) => b.calls.filter((c) => c.resource === r).length;
const firstCall = (b: Backend, r: Resource) => b.calls.find((c) => c.resource === r);

/**
 * Moves the fake clock to `target` in steps, giving the real database and the fetch promises time
 * to settle between steps (they run on the real event loop; the poller's timers on the fake clock).
 */
async function runUntil(clock: FakeClock, target: number, stepMs = 100): Promise<void> {
  for (let t = clock.now(); t < target; t = Math.min(target, t + stepMs)) {
    clock.advanceTo(t);
    for (let i = 0; i < 4; i++) await new Promise((r) => setTimeout(r, 2));
  }
  clock.advanceTo(target);
  // Requests to our backend wait COALESCE_MS of real time for company (one multi exchange).
  await new Promise((r) => setTimeout(r, COALESCE_MS + 10));
  for (let i = 0; i < 4; i++) await new Promise((r) => setTimeout(r, 2));
}

/** Steps the clock until `done()` holds (or a bound of fake time passes). */
async function runUntilTrue(clock: FakeClock, done: () => boolean, boundMs = 10_000) {
  const end = clock.now() + boundMs;
  while (!done() && clock.now() < end) await runUntil(clock, clock.now() + 50, 50);
}

let db: AuroraDatabase | undefined;
let poller: Poller | undefined;
let n = 0;
afterEach(async () => {
  poller?.stop();
  poller = undefined;
  if (db && !db.closed) await removeDatabase(db);
  db = undefined;
});

async function setUp(connection: ConnectionInfo | null = null) {
  db = await openDatabase({
    storage: 'memory',
    name: `first-poll-${process.pid}-${Date.now()}-${++n}`,
  });
  const clock = fakeClock(NOW);
  const up = backend(clock);
  const stored: Resource[] = [];
  const reportedAt = new Map<Resource, number>();
  poller = createPoller({
    fetch: up.fetch,
    backendBase: 'http://backend',
    store: databaseStore(db),
    now: clock.now,
    timers: clock.timers,
    connection: () => connection,
    onReport: (r) => {
      stored.push(r.resource);
      if (!reportedAt.has(r.resource)) reportedAt.set(r.resource, clock.now());
    },
  });
  return { database: db, clock, up, poller, stored, reportedAt };
}

describe('the first poll of a visit', () => {
  it('asks for what the map draws first, and for the rest only once those are stored', async () => {
    const { database, clock, up, poller: p, stored, reportedAt } = await setUp();
    p.start();
    await runUntilTrue(clock, () => FIRST_SCREEN.every((r) => stored.includes(r)));
    const firstDone = Math.max(...FIRST_SCREEN.map((r) => reportedAt.get(r)!));
    expect(new Set(up.calls.flatMap((c) => (c.resource ? [c.resource] : [])))).toEqual(
      new Set(FIRST_SCREEN),
    );
    for (const r of FIRST_SCREEN)
      expect((await readFeedStatus(database, r))?.lastSuccess, r).not.toBeNull();

    // Nothing else while the page draws; then the rest of `/`'s summary (solar wind, Bz).
    await runUntil(clock, firstDone + DEFER_IDLE_MS - 200);
    expect(new Set(up.calls.flatMap((c) => (c.resource ? [c.resource] : [])))).toEqual(
      new Set(FIRST_SCREEN),
    );
    const summary: Resource[] = ['solar-wind', 'magnetic-field'];
    await runUntilTrue(clock, () => summary.every((r) => stored.includes(r)));
    expect((await readFeedStatus(database, 'solar-wind'))?.lastSuccess).not.toBeNull();

    // Other screens' products wait longer (their readers stay out of `/`'s first load); then
    // every one of them, none forgotten.
    await runUntil(clock, firstDone + OTHER_SCREENS_AFTER_MS - 200, 1_000);
    expect(new Set(up.calls.flatMap((c) => (c.resource ? [c.resource] : [])))).toEqual(
      new Set([...FIRST_SCREEN, ...summary]),
    );
    await runUntilTrue(clock, () => RESOURCES.every((r) => stored.includes(r)));
    for (const r of RESOURCES) expect(asked(up, r), r).toBeGreaterThan(0);
    for (const r of RESOURCES.filter((r) => ![...FIRST_SCREEN, ...summary].includes(r)))
      expect(firstCall(up, r)!.at, r).toBeGreaterThanOrEqual(firstDone + OTHER_SCREENS_AFTER_MS);
  }, 60_000);

  it('keeps each product on its own cadence after the deferral', async () => {
    const { clock, up, poller: p, stored } = await setUp();
    p.start();
    await runUntil(clock, NOW + OTHER_SCREENS_AFTER_MS, 1_000);
    await runUntilTrue(clock, () => RESOURCES.every((r) => stored.includes(r)), 20_000);
    const windFirst = firstCall(up, 'solar-wind')!.at;
    await runUntil(clock, windFirst + MIN + 2_000, 500);
    // Solar wind every minute; the daily solar cycle not again.
    expect(asked(up, 'solar-wind')).toBe(2);
    expect(asked(up, 'observed-solar-cycle')).toBe(1);
  }, 60_000);

  it('fetches a deferred product at once when a screen asks for it (/forecast opened first)', async () => {
    const { clock, up, poller: p } = await setUp();
    p.start();
    p.ask(['three-day-forecast', 'observed-solar-cycle']);
    await runUntil(clock, NOW + 300);
    expect(asked(up, 'three-day-forecast')).toBe(1);
    expect(asked(up, 'observed-solar-cycle')).toBe(1);
    // The rest still waits for the first screen.
    expect(asked(up, 'solar-wind')).toBe(0);
  }, 60_000);
});

describe('on Save-Data or 2g', () => {
  const held: Resource[] = ['sdo-images', 'observed-solar-cycle', 'predicted-solar-cycle'];

  it('never fetches the SDO list or the solar-cycle files until a screen asks, then fetches them', async () => {
    const { clock, up, poller: p, stored } = await setUp({ saveData: true });
    p.start();
    const others = RESOURCES.filter((r) => !held.includes(r));
    await runUntil(clock, NOW + OTHER_SCREENS_AFTER_MS, 1_000);
    await runUntilTrue(clock, () => others.every((r) => stored.includes(r)), 20_000);
    await runUntil(clock, clock.now() + 5 * MIN, 5_000);
    for (const r of held) expect(asked(up, r), r).toBe(0);
    // The shell's periodic refresh and Retry ask for "everything": still not the held ones.
    let refreshed = false;
    void p.refreshNow().then(() => (refreshed = true));
    await runUntilTrue(clock, () => refreshed, 5_000);
    expect(refreshed).toBe(true);
    for (const r of held) expect(asked(up, r), r).toBe(0);

    // /sdo opens.
    p.ask(['sdo-images']);
    await runUntilTrue(clock, () => asked(up, 'sdo-images') > 0, 2_000);
    expect(asked(up, 'sdo-images')).toBeGreaterThan(0);
    expect(asked(up, 'observed-solar-cycle')).toBe(0);
    // Once asked, it follows its cadence (15 min).
    const before = asked(up, 'sdo-images');
    await runUntil(clock, clock.now() + 16 * MIN, 5_000);
    expect(asked(up, 'sdo-images')).toBeGreaterThan(before);
  }, 120_000);

  it('holds them on 2g too, and a tab that does not poll on a schedule fetches them when asked', async () => {
    const { clock, up, poller: p } = await setUp({ effectiveType: '2g' });
    // Not started: another tab holds the poller lock.
    p.ask(['observed-solar-cycle', 'kp-index']);
    await runUntil(clock, NOW + 500);
    expect(asked(up, 'observed-solar-cycle')).toBe(1);
    // Not held: the polling tab fetches it; this one does not double it.
    expect(asked(up, 'kp-index')).toBe(0);
    expect(asked(up, 'predicted-solar-cycle')).toBe(0);
  }, 60_000);
});
