import { describe, expect, it } from 'vitest';
import {
  createCachedAnswer,
  createSpaceWeatherHandler,
} from '../../../../../supabase/functions/space-weather/handler.ts';
import { createFileReplayLoader } from '../../../../../supabase/functions/space-weather/replay.ts';
import { SpaceWeatherService } from '../../../../../supabase/functions/space-weather/service.ts';
import { validateWithNormalise } from '../../../../../supabase/functions/space-weather/validate.ts';
import { decodeCompact } from '../../../../../core/compact/compactForm.ts';
import { normalise } from '../../../../../core/normalise/index.ts';
import { constructed } from '../../../../support/constructedSwpc.ts';

/**
 * `?format=compact[&since=]`: the compact forms of core/compact/, with validators of their own, a
 * 304 for an unchanged product whatever `since` the worker sends, and the same bytes handed out
 * every time (so the gateway compresses them once). Constructed SWPC files from tests/fixtures/swpc.
 */
const fixture = (name: string) => constructed(name);
const RTSW_MAG = fixture('rtsw_mag_1m.json');
/** The same file as SWPC served it 20 minutes earlier (two spacecraft rows a minute, newest first). */
const RTSW_MAG_EARLIER = JSON.stringify((JSON.parse(RTSW_MAG) as unknown[]).slice(40));
const OVATION = fixture('ovation_aurora_latest.json');
const URL_BASE = 'http://localhost/functions/v1/space-weather';

function setup() {
  const clock = { now: Date.parse('2024-04-24T23:20:00Z') };
  const bodies = new Map<string, string>([
    ['json/rtsw/rtsw_mag_1m.json', RTSW_MAG_EARLIER],
    ['json/ovation_aurora_latest.json', OVATION],
  ]);
  const service = new SpaceWeatherService({
    baseUrl: 'http://swpc.test',
    // A stand-in for SWPC (third party).
    fetch: (async (input: RequestInfo | URL) => {
      const body = bodies.get(String(input).replace('http://swpc.test/', ''));
      return body
        ? new Response(body, { headers: { 'content-type': 'application/json' } })
        : new Response('not found', { status: 404 });
    }) as typeof fetch,
    now: () => clock.now,
    validate: validateWithNormalise,
    replay: createFileReplayLoader(),
  });
  const handler = createSpaceWeatherHandler(() => service);
  const get = (path: string, headers: Record<string, string> = {}) =>
    handler(new Request(`${URL_BASE}/${path}`, { headers }));
  const facts = (path: string, headers: Record<string, string> = {}) => ({
    method: 'GET',
    url: `${URL_BASE}/${path}`,
    header: (name: string) => headers[name] ?? null,
  });
  return { clock, bodies, get, facts, cachedAnswer: createCachedAnswer(() => service) };
}

describe('space-weather compact forms', () => {
  it('serves the OVATION grid as bytes with its own validators, and 304 for them', async () => {
    const { get, clock } = setup();
    clock.now = Date.parse('2024-03-03T15:20:00Z');
    const raw = await get('aurora-oval');
    const compact = await get('aurora-oval?format=compact');
    expect(compact.status).toBe(200);
    expect(compact.headers.get('x-aurora-form')).toBe('grid');
    expect(compact.headers.get('content-type')).toBe('application/json');
    expect(compact.headers.get('last-modified')).toBe(raw.headers.get('last-modified'));
    expect(compact.headers.get('x-aurora-data-time')).toBe('2024-03-03T15:07:00.000Z');
    const etag = compact.headers.get('etag')!;
    expect(etag).not.toBe(raw.headers.get('etag'));
    const body = await compact.text();
    expect(body.length).toBeLessThan((await raw.text()).length / 10);
    const decoded = decodeCompact('aurora-oval', body, { now: clock.now });
    const direct = normalise('aurora-oval', OVATION, { now: clock.now });
    expect(decoded.ok && direct.ok && decoded.grids).toEqual(direct.ok && direct.grids);
    // `since` means nothing to a single frame: the same answer, the same validator.
    expect((await get('aurora-oval?format=compact&since=5')).headers.get('etag')).toBe(etag);
    expect((await get('aurora-oval?format=compact', { 'if-none-match': etag })).status).toBe(304);
    expect((await get('aurora-oval?format=compact', { 'if-none-match': `W/${etag}` })).status).toBe(
      304,
    );
    // One form's validator never stands for the other.
    expect((await get('aurora-oval', { 'if-none-match': etag })).status).toBe(200);
    const rawEtag = raw.headers.get('etag')!;
    expect((await get('aurora-oval?format=compact', { 'if-none-match': rawEtag })).status).toBe(
      200,
    );
  });

  it('sends only rows newer than since, 304 while the product is unchanged whatever since moves to, and the new rows once it changes', async () => {
    const { get, clock, bodies } = setup();
    const first = await get('magnetic-field?format=compact');
    const whole = (await first.json()) as { dataTime: number; series: { t: number[] }[] };
    const since = whole.dataTime;
    expect(since).toBe(Date.parse('2024-04-24T23:15:00Z'));
    const etag = first.headers.get('etag')!;
    expect(
      (await get(`magnetic-field?format=compact&since=${since}`, { 'if-none-match': etag })).status,
    ).toBe(304);
    const empty = await get(`magnetic-field?format=compact&since=${since}`);
    expect(((await empty.json()) as { series: unknown[] }).series).toEqual([]);

    bodies.set('json/rtsw/rtsw_mag_1m.json', RTSW_MAG);
    clock.now = Date.parse('2024-04-24T23:40:00Z');
    const next = await get(`magnetic-field?format=compact&since=${since}`, {
      'if-none-match': etag,
    });
    expect(next.status).toBe(200);
    const slice = (await next.json()) as {
      since: number;
      dataTime: number;
      series: { t: number[] }[];
    };
    const times = slice.series.flatMap((s) => s.t);
    expect(slice).toMatchObject({ since, dataTime: Date.parse('2024-04-24T23:35:00Z') });
    // The 20 new minutes of the active spacecraft, nothing older.
    expect(times).toHaveLength(20);
    expect(times.every((t) => t > since)).toBe(true);
    const sliceEtag = next.headers.get('etag')!;
    expect(sliceEtag).not.toBe(etag);
    // Holding the slice's validator, any since is answered 304 until the product changes again.
    expect(
      (await get('magnetic-field?format=compact&since=1', { 'if-none-match': sliceEtag })).status,
    ).toBe(304);
    expect(
      (
        await get('magnetic-field?format=compact', {
          'if-modified-since': next.headers.get('last-modified')!,
        })
      ).status,
    ).toBe(304);
  });

  it('answers the gateway’s fast path with the very same bytes each time, and 304 there too', async () => {
    const { get, facts, cachedAnswer } = setup();
    const first = await get('magnetic-field?format=compact&since=1713999000000');
    const a = cachedAnswer(facts('magnetic-field?format=compact&since=1713999000000'))!;
    const b = cachedAnswer(facts('magnetic-field?format=compact&since=1713999000000'))!;
    expect(a.body).toBe(b.body);
    expect(new TextDecoder().decode(a.body!)).toBe(await first.text());
    expect(a.headers.plain).toMatchObject({
      'x-aurora-form': 'rows',
      etag: first.headers.get('etag'),
    });
    const etag = first.headers.get('etag')!;
    expect(
      cachedAnswer(facts('magnetic-field?format=compact&since=7', { 'if-none-match': etag }))!
        .status,
    ).toBe(304);
    expect(cachedAnswer(facts('kp-forecast?format=compact'))).toBeNull();
  });

  it('refuses a multi query it cannot answer, with the reason', async () => {
    const { get } = setup();
    for (const [path, reason] of [
      ['multi', 'Ask for at least one resource'],
      ['multi?planets=.', 'Unknown resource "planets"'],
      ['multi?kp-1m=abc', 'kp-1m must be'],
      ['multi?kp-1m=1.ZZ', 'kp-1m must be'],
      ['multi?kp-1m=.&kp-1m=5.', 'kp-1m is asked twice'],
    ] as const) {
      const bad = await get(path);
      expect(bad.status, path).toBe(400);
      expect(((await bad.json()) as { error: string }).error).toContain(reason);
    }
  });
});
