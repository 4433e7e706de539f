import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ArchiveBatch } from '../../../../../supabase/functions/space-weather/archive.ts';
import {
  createCachedAnswer,
  createSpaceWeatherHandler,
} from '../../../../../supabase/functions/space-weather/handler.ts';
import { createFileReplayLoader } from '../../../../../supabase/functions/space-weather/replay.ts';
import { SpaceWeatherService } from '../../../../../supabase/functions/space-weather/service.ts';
import { validateWithNormalise } from '../../../../../supabase/functions/space-weather/validate.ts';
import { constructed } from '../../../../support/constructedSwpc.ts';

/**
 * json/rtsw/ is the solar-wind source (SWPC retired the 2-hour products/solar-wind files): the
 * function asks SWPC for the rtsw file, and `?window=recent` — which older workers still send —
 * is the same answer, since no product has a short window any more. Constructed file:
 * tests/fixtures/swpc/rtswMag.ts (2024-04-24, ACE and DSCOVR interleaved, newest first).
 */
const RTSW_MAG = constructed('rtsw_mag_1m.json');
const KP = constructed('noaa-planetary-k-index.json');
const BODIES: Record<string, string> = {
  'json/rtsw/rtsw_mag_1m.json': RTSW_MAG,
  'products/noaa-planetary-k-index.json': KP,
};
const URL_BASE = 'http://localhost/functions/v1/space-weather';

function setup(opts: { upstreamDown?: boolean; now?: string } = {}) {
  const fetched: string[] = [];
  const archived: ArchiveBatch[] = [];
  const service = new SpaceWeatherService({
    baseUrl: 'http://swpc.test',
    // A stand-in for SWPC (third party): the bodies above by path.
    fetch: (async (input: RequestInfo | URL) => {
      const path = String(input).replace('http://swpc.test/', '');
      fetched.push(path);
      if (opts.upstreamDown) throw new TypeError('getaddrinfo ENOTFOUND swpc.test');
      const body = BODIES[path];
      return body
        ? new Response(body, { headers: { 'content-type': 'application/json' } })
        : new Response('not found', { status: 404 });
    }) as typeof fetch,
    now: () => Date.parse(opts.now ?? '2024-04-24T23:40:00Z'),
    validate: validateWithNormalise,
    replay: createFileReplayLoader(),
    archive: async (r) => void archived.push(r),
  });
  const handler = createSpaceWeatherHandler(() => service);
  const get = (path: string) => handler(new Request(`${URL_BASE}/${path}`));
  return { service, get, fetched, archived, cachedAnswer: createCachedAnswer(() => service) };
}

describe('space-weather with json/rtsw/ as the solar-wind source', () => {
  it('fetches the rtsw file once for any number of requests, and archives its days', async () => {
    const { get, fetched, archived, service } = setup();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        get(i % 2 ? 'magnetic-field?window=recent' : 'magnetic-field'),
      ),
    );
    expect(new Set(await Promise.all(answers.map((r) => r.text())))).toEqual(new Set([RTSW_MAG]));
    expect(fetched).toEqual(['json/rtsw/rtsw_mag_1m.json']);
    expect(new Set(answers.map((r) => r.headers.get('etag'))).size).toBe(1);
    expect(answers[0]!.headers.get('x-aurora-data-time')).toBe('2024-04-24T23:35:00.000Z');
    // One cache and one set of counters: both asks counted on the product itself.
    expect(service.stats()['magnetic-field'].upstreamFetches).toBe(1);
    expect(archived).toHaveLength(1);
  });

  it('answers the fast path the same for ?window=recent, and refuses what it does not understand', async () => {
    const { get, cachedAnswer } = setup();
    await get('magnetic-field');
    const facts = (path: string) => ({
      method: 'GET',
      url: `${URL_BASE}/${path}`,
      header: () => null,
    });
    const full = cachedAnswer(facts('magnetic-field'))!;
    expect(cachedAnswer(facts('magnetic-field?window=recent'))!.body).toBe(full.body);
    expect(cachedAnswer(facts('magnetic-field?window=week'))).toBeNull();
    for (const [path, reason] of [
      ['magnetic-field?window=week', 'window must be "recent"'],
      ['magnetic-field?since=5', 'since is only understood with format=compact'],
      ['magnetic-field?format=tiny', 'format must be "compact" or "raw"'],
      ['magnetic-field?format=compact&since=-5', 'since must be a time in epoch milliseconds'],
      ['magnetic-field?format=compact&since=1e12', 'since must be a time in epoch milliseconds'],
      ['kp-forecast?format=compact', 'kp-forecast has no compact form'],
    ] as const) {
      const bad = await get(path);
      expect(bad.status, path).toBe(400);
      expect(((await bad.json()) as { error: string }).error).toContain(reason);
    }
  });

  it('replays the shipped solar-wind files, raw and compact, when SWPC cannot be reached', async () => {
    const { get, fetched } = setup({ upstreamDown: true, now: '2026-11-25T12:00:00Z' });
    const raw = await get('solar-wind');
    expect(raw.status).toBe(200);
    expect(raw.headers.get('x-aurora-source')).toBe('replay');
    expect(await raw.text()).toBe(
      readFileSync(
        new URL(
          '../../../../../supabase/functions/space-weather/replay/plasma-7-day.json',
          import.meta.url,
        ),
        'utf8',
      ),
    );
    const compact = await get('solar-wind?format=compact');
    expect(compact.headers.get('x-aurora-source')).toBe('replay');
    expect(compact.headers.get('x-aurora-form')).toBe('rows');
    expect(((await compact.json()) as { dataTime: number }).dataTime).toBe(
      Date.parse('2026-01-19T23:07:00Z'),
    );
    expect(fetched).toEqual(['json/rtsw/rtsw_wind_1m.json']);
  });
});
