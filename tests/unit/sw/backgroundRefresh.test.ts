import { describe, expect, it } from 'vitest';
import {
  refreshInBackground,
  BACKGROUND_PRODUCTS,
  backgroundUrls,
} from '../../../src/sw/backgroundRefresh.ts';
import { SOURCES } from '../../../core/products/sources.ts';
import { oneAtATime } from '../../../src/sw/oneAtATime.ts';
import { readBackgroundUpdates } from '../../../sync/trackingDb/backgroundUpdates.ts';
import {
  openAuroraTrackingDb,
  writeForcedOffline,
  type AuroraTrackingDb,
} from '../../../src/sw/auroraTrackingDb.ts';
import { freshIndexedDb } from '../../support/freshIndexedDb.ts';
import { constructed } from '../../support/constructedSwpc.ts';

const kpFile = constructed('noaa-planetary-k-index.json');
const plasma = constructed('plasma-7-day.json');
const mag = constructed('mag-7-day.json');

/** The real Kp file with one more 3-hour row appended, so a storm can be staged at a chosen time. */
function kpWithLatest(kp: string, tag: string): string {
  const rows = JSON.parse(kpFile) as string[][];
  rows.push([tag, kp, '80', '8']);
  return JSON.stringify(rows);
}

type Route = (url: string) => { status: number; body: string } | 'network-error';

function fakeFetch(route: Route): { fetch: typeof fetch; calls: string[] } {
  const calls: string[] = [];
  const f = (async (input: RequestInfo | URL) => {
    const url = String(input);
    calls.push(url);
    const r = route(url);
    if (r === 'network-error') throw new TypeError('Failed to fetch');
    return new Response(r.body, { status: r.status });
  }) as typeof fetch;
  return { fetch: f, calls };
}

const NOW = Date.UTC(2026, 1, 10, 4);
const storm = kpWithLatest('6.33', '2026-02-10 03:00:00.000');

async function setup(route: Route) {
  freshIndexedDb();
  const db = await openAuroraTrackingDb();
  const { fetch, calls } = fakeFetch(route);
  const run = () =>
    refreshInBackground({ fetch, now: () => NOW, db, backendBase: 'http://app.test' });
  return { db, calls, run };
}

describe('the background refresh of an installed app', () => {
  it('stores the small products from the backend', async () => {
    const { db, run } = await setup((url) => {
      if (url.includes('/kp-index')) return { status: 200, body: storm };
      if (url.includes('/solar-wind')) return { status: 200, body: plasma };
      return { status: 200, body: mag };
    });
    const first = await run();
    expect(first.fetched).toEqual([...BACKGROUND_PRODUCTS]);
    const stored = await readBackgroundUpdates(db);
    expect(stored.map((u) => u.resource).sort()).toEqual([
      'kp-index',
      'magnetic-field',
      'solar-wind',
    ]);
    expect(stored.find((u) => u.resource === 'kp-index')?.body).toBe(storm);
  });

  it('falls back to SWPC directly when the backend cannot be reached', async () => {
    const { calls, run } = await setup((url) => {
      if (url.startsWith('http://app.test')) return 'network-error';
      if (url.includes('noaa-planetary-k-index')) return { status: 200, body: storm };
      return { status: 200, body: plasma };
    });
    const result = await run();
    expect(result.failed).toEqual([]);
    expect(calls).toContain(backgroundUrls('kp-index', 'http://app.test').upstream);
  });

  it('keeps the last good product when the new body is not valid JSON', async () => {
    let body = storm;
    const { db, run } = await setup(() => ({ status: 200, body }));
    await run();
    body = '<html>502 Bad Gateway</html>';
    const result = await run();
    expect(result.failed).toContain('kp-index');
    const kp = (await readBackgroundUpdates(db)).find((u) => u.resource === 'kp-index');
    expect(kp?.body).toBe(storm);
  });

  it('sends nothing and stores nothing while the user has chosen Go Offline', async () => {
    const { db, calls, run } = await setup(() => ({ status: 200, body: storm }));
    await writeForcedOffline(db, true);
    const result = await run();
    expect(calls).toEqual([]);
    expect(result).toMatchObject({ forcedOffline: true, fetched: [], failed: [] });
    expect(await readBackgroundUpdates(db)).toEqual([]);
    // Go Online: the next wake-up refreshes again.
    await writeForcedOffline(db, false);
    expect((await run()).fetched).toEqual([...BACKGROUND_PRODUCTS]);
  });

  it('sends nothing more once Go Offline is chosen during a refresh under way', async () => {
    let db: AuroraTrackingDb | null = null;
    const {
      db: opened,
      calls,
      run,
    } = await setup((url) => {
      // The user presses Go Offline while the first answer is on its way.
      if (url.includes('/kp-index')) void writeForcedOffline(db!, true);
      return { status: 200, body: storm };
    });
    db = opened;
    const result = await run();
    expect(calls).toHaveLength(1);
    expect(result.forcedOffline).toBe(true);
  });
});

describe('where the background refresh asks', () => {
  it("reads every address from the product registry: the agency's own file, and the other SWPC name", () => {
    for (const resource of BACKGROUND_PRODUCTS) {
      const s = SOURCES[resource];
      const urls = backgroundUrls(resource, 'http://app.test');
      expect(urls.backend).toBe(`http://app.test/functions/v1/space-weather/${resource}`);
      expect(urls.upstream).toBe(`https://services.swpc.noaa.gov/${s.swpcPath}`);
      expect(urls.alternative).toBe(
        s.swpcAltPath === null ? null : `https://services.swpc.noaa.gov/${s.swpcAltPath}`,
      );
    }
  });

  it("tries the product's other SWPC name when the backend and the main SWPC file both fail", async () => {
    const retired = (url: string) =>
      backgroundUrls('solar-wind', 'http://app.test').upstream === url ||
      backgroundUrls('magnetic-field', 'http://app.test').upstream === url;
    const { db, calls, run } = await setup((url) => {
      if (url.startsWith('http://app.test')) return 'network-error';
      if (retired(url)) return { status: 404, body: 'Not Found' };
      if (url.includes('noaa-planetary-k-index')) return { status: 200, body: storm };
      return { status: 200, body: url.includes('mag') ? mag : plasma };
    });
    const result = await run();
    expect(result.failed).toEqual([]);
    const alt = backgroundUrls('solar-wind', 'http://app.test').alternative;
    expect(alt).not.toBeNull();
    expect(calls).toContain(alt);
    const wind = (await readBackgroundUpdates(db)).find((u) => u.resource === 'solar-wind');
    expect(wind?.url).toBe(alt);
  });
});

describe('oneAtATime', () => {
  it('starts a call made during a run when that run ends, failed or not, and gives each call its own outcome', async () => {
    const events: string[] = [];
    let n = 0;
    const task = oneAtATime(async () => {
      const i = ++n;
      events.push(`start ${i}`);
      await new Promise((r) => setTimeout(r, 5));
      events.push(`end ${i}`);
      if (i === 1) throw new Error('first run failed');
    });
    const results = await Promise.allSettled([task(), task(), task()]);
    expect(events).toEqual(['start 1', 'end 1', 'start 2', 'end 2', 'start 3', 'end 3']);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled', 'fulfilled']);
  });
});
