import { describe, expect, it } from 'vitest';
import {
  createCachedAnswer,
  createSpaceWeatherHandler,
  type CachedAnswer,
} from '../../../../../supabase/functions/space-weather/handler.ts';
import { createFileReplayLoader } from '../../../../../supabase/functions/space-weather/replay.ts';
import { resourceSpec } from '../../../../../supabase/functions/space-weather/resources.ts';
import { SpaceWeatherService } from '../../../../../supabase/functions/space-weather/service.ts';
import { validateWithNormalise } from '../../../../../supabase/functions/space-weather/validate.ts';
import { constructed } from '../../../../support/constructedSwpc.ts';

/**
 * `cachedAnswer` is how the local gateway answers a fresh cached resource without building a Web
 * Request and Response. It must answer exactly as the handler does, or not at all.
 */
const KP_BODY = constructed('noaa-planetary-k-index.json');
const URL_BASE = 'http://localhost/functions/v1/space-weather';

function setup() {
  let now = Date.parse('2026-02-09T15:30:00Z');
  let release: (() => void) | null = null;
  let hold = false;
  const service = new SpaceWeatherService({
    baseUrl: 'http://swpc.test',
    // A stand-in for SWPC; `hold` keeps the next fetch in flight until released.
    fetch: (async () => {
      if (hold) await new Promise<void>((r) => (release = r));
      return new Response(KP_BODY, {
        headers: {
          'content-type': 'application/json',
          'last-modified': 'Mon, 09 Feb 2026 15:05:00 GMT',
        },
      });
    }) as typeof fetch,
    now: () => now,
    validate: validateWithNormalise,
    replay: createFileReplayLoader(),
  });
  const handler = createSpaceWeatherHandler(() => service);
  const cached = createCachedAnswer(() => service);
  const facts = (path: string, method = 'GET', headers: Record<string, string> = {}) => ({
    method,
    url: `${URL_BASE}/${path}`,
    header: (name: string) => headers[name] ?? null,
  });
  return {
    service,
    handler,
    cached,
    facts,
    advance: (ms: number) => (now += ms),
    holdNextFetch: () => (hold = true),
    releaseFetch: () => {
      hold = false;
      release?.();
    },
  };
}

async function viaHandler(res: Response) {
  return {
    status: res.status,
    headers: Object.fromEntries(res.headers),
    body: new Uint8Array(await res.arrayBuffer()),
  };
}

function viaCachedAnswer(a: CachedAnswer | null) {
  if (!a) throw new Error('no cached answer');
  return {
    status: a.status,
    headers: Object.fromEntries(a.headers.web),
    plain: { ...a.headers.plain },
    body: a.body ?? new Uint8Array(),
  };
}

describe('space-weather cached answer (the local gateway’s fast path)', () => {
  it('answers a fresh cached resource exactly as the handler does: GET, HEAD, 304 by tag or date, 200 on an old date', async () => {
    const { handler, cached, facts, service } = setup();
    const first = await handler(new Request(`${URL_BASE}/kp-index`));
    const etag = first.headers.get('etag')!;
    const cases: [string, Record<string, string>][] = [
      ['GET', {}],
      ['HEAD', {}],
      ['GET', { 'if-none-match': `W/"other", ${etag}` }],
      ['GET', { 'if-modified-since': first.headers.get('last-modified')! }],
      ['GET', { 'if-modified-since': 'Mon, 09 Feb 2026 15:04:59 GMT' }],
      [
        'GET',
        { 'if-none-match': '"old"', 'if-modified-since': first.headers.get('last-modified')! },
      ],
    ];
    for (const [method, headers] of cases) {
      const hitsBefore = service.stats()['kp-index'].cacheHits;
      const fast = viaCachedAnswer(cached(facts('kp-index', method, headers)));
      const full = await viaHandler(
        await handler(new Request(`${URL_BASE}/kp-index`, { method, headers })),
      );
      expect({ status: fast.status, headers: fast.headers, body: fast.body }).toEqual(full);
      expect(fast.plain).toEqual(full.headers);
      expect(service.stats()['kp-index'].cacheHits).toBe(hitsBefore + 2);
    }
    const whole = viaCachedAnswer(cached(facts('kp-index')));
    expect(whole.status).toBe(200);
    expect(new TextDecoder().decode(whole.body)).toBe(KP_BODY);
    expect(whole.headers['x-aurora-source']).toBe('cache');
    expect(whole.headers['cache-control']).toMatch(
      /^public, max-age=\d+, stale-while-revalidate=\d+, stale-if-error=86400$/,
    );
  });

  it('leaves to the handler whatever is not a fresh cached body: cold, due, in flight, and every other path or method', async () => {
    const { handler, cached, facts, advance, holdNextFetch, releaseFetch } = setup();
    expect(cached(facts('kp-index'))).toBeNull();
    await handler(new Request(`${URL_BASE}/kp-index`));
    expect(cached(facts('kp-index'))).not.toBeNull();
    for (const path of ['stats', 'ping', 'nope', 'kp-index/extra', ''])
      expect(cached(facts(path))).toBeNull();
    for (const method of ['POST', 'OPTIONS', 'DELETE'])
      expect(cached(facts('kp-index', method))).toBeNull();

    advance(resourceSpec('kp-index').cadenceMs);
    expect(cached(facts('kp-index'))).toBeNull();
    holdNextFetch();
    const revalidating = handler(new Request(`${URL_BASE}/kp-index`));
    await new Promise((r) => setTimeout(r, 10));
    expect(cached(facts('kp-index'))).toBeNull();
    releaseFetch();
    expect((await revalidating).headers.get('x-aurora-source')).toBe('upstream');
    expect(cached(facts('kp-index'))).not.toBeNull();
  });
});
