import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ArchiveRow } from '../../../../../supabase/functions/space-weather/archive.ts';
import {
  createCachedAnswer,
  createSpaceWeatherHandler,
} from '../../../../../supabase/functions/space-weather/handler.ts';
import { createFileReplayLoader } from '../../../../../supabase/functions/space-weather/replay.ts';
import { SpaceWeatherService } from '../../../../../supabase/functions/space-weather/service.ts';
import { validateWithNormalise } from '../../../../../supabase/functions/space-weather/validate.ts';

/**
 * `?window=recent`: SWPC's 2-hour solar-wind files for routine polls, the 7-day files for backfill.
 * No real 2-hour file was found (tests/fixtures/noaa/SOURCES.md); FORMATS.md documents the same
 * layout over a shorter window, so the stand-in is the real 7-day file cut to its last 120 rows.
 */
const PLASMA_7D = readFileSync(
  new URL('../../../../fixtures/noaa/plasma-7-day.json', import.meta.url),
  'utf8',
);
const rows = JSON.parse(PLASMA_7D) as unknown[];
const PLASMA_2H = JSON.stringify([rows[0], ...rows.slice(-120)]);
const KP = readFileSync(
  new URL('../../../../fixtures/noaa/noaa-planetary-k-index.json', import.meta.url),
  'utf8',
);
const BODIES: Record<string, string> = {
  'products/solar-wind/plasma-7-day.json': PLASMA_7D,
  'products/solar-wind/plasma-2-hour.json': PLASMA_2H,
  'products/noaa-planetary-k-index.json': KP,
};
const URL_BASE = 'http://localhost/functions/v1/space-weather';

function setup() {
  const fetched: string[] = [];
  const archived: ArchiveRow[][] = [];
  const service = new SpaceWeatherService({
    baseUrl: 'http://swpc.test',
    // A stand-in for SWPC (third party): the bodies above by path, after a short delay.
    fetch: (async (input: RequestInfo | URL) => {
      const path = String(input).replace('http://swpc.test/', '');
      fetched.push(path);
      await new Promise((r) => setTimeout(r, 10));
      const body = BODIES[path];
      return body
        ? new Response(body, { headers: { 'content-type': 'application/json' } })
        : new Response('not found', { status: 404 });
    }) as typeof fetch,
    now: () => Date.parse('2026-01-19T23:10:00Z'),
    validate: validateWithNormalise,
    replay: createFileReplayLoader(),
    archive: async (r) => void archived.push(r),
  });
  const handler = createSpaceWeatherHandler(() => service);
  const get = (path: string) => handler(new Request(`${URL_BASE}/${path}`));
  return {
    service,
    handler,
    get,
    fetched,
    archived,
    cachedAnswer: createCachedAnswer(() => service),
  };
}

describe('space-weather short window', () => {
  it('serves the 2-hour file for ?window=recent and the 7-day file otherwise, each fetched once per cadence with its own ETag', async () => {
    const { get, fetched, service } = setup();
    const [recent, full] = await Promise.all([
      Promise.all(Array.from({ length: 20 }, () => get('solar-wind?window=recent'))),
      Promise.all(Array.from({ length: 20 }, () => get('solar-wind'))),
    ]);
    expect(new Set(await Promise.all(recent.map((r) => r.text())))).toEqual(new Set([PLASMA_2H]));
    expect(new Set(await Promise.all(full.map((r) => r.text())))).toEqual(new Set([PLASMA_7D]));
    expect(fetched.sort()).toEqual([
      'products/solar-wind/plasma-2-hour.json',
      'products/solar-wind/plasma-7-day.json',
    ]);
    expect(recent[0]!.headers.get('etag')).not.toBe(full[0]!.headers.get('etag'));
    // Both windows end at the same minute.
    expect(recent[0]!.headers.get('x-aurora-data-time')).toBe(
      full[0]!.headers.get('x-aurora-data-time'),
    );
    expect((await get('solar-wind?window=full')).headers.get('etag')).toBe(
      full[0]!.headers.get('etag'),
    );

    const stats = service.stats()['solar-wind'];
    expect(stats).toMatchObject({
      upstreamFetches: 1,
      recent: { upstreamFetches: 1, coalesced: 19 },
    });
    expect(service.stats()['kp-index'].recent).toBeUndefined();
  });

  it('archives whole days from the 7-day file only, never the 2-hour window', async () => {
    const { get, archived } = setup();
    await get('solar-wind?window=recent');
    expect(archived).toHaveLength(0);
    await get('solar-wind');
    expect(archived).toHaveLength(1);
  });

  it('answers ?window=recent with the whole file where SWPC has no short one, and rejects unknown windows', async () => {
    const { get, fetched } = setup();
    const kp = await get('kp-index?window=recent');
    expect(await kp.text()).toBe(KP);
    expect(fetched).toEqual(['products/noaa-planetary-k-index.json']);
    const bad = await get('solar-wind?window=week');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toContain('window must be "recent"');
  });

  it('keeps the windows apart on the gateway’s fast path too', async () => {
    const { get, cachedAnswer } = setup();
    await get('solar-wind?window=recent');
    const facts = (path: string) => ({
      method: 'GET',
      url: `${URL_BASE}/${path}`,
      header: () => null,
    });
    expect(cachedAnswer(facts('solar-wind'))).toBeNull();
    expect(new TextDecoder().decode(cachedAnswer(facts('solar-wind?window=recent'))!.body!)).toBe(
      PLASMA_2H,
    );
    expect(cachedAnswer(facts('solar-wind?window=week'))).toBeNull();
    await get('solar-wind');
    expect(new TextDecoder().decode(cachedAnswer(facts('solar-wind'))!.body!)).toBe(PLASMA_7D);
  });
});
