import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createSdoImageHandler } from '../../../../../supabase/functions/sdo-image/handler.ts';
import { SdoImageService } from '../../../../../supabase/functions/sdo-image/service.ts';

/** Generated 16×16 JPEGs (tests/fixtures/sdo/SOURCES.md): real image bytes, two different pictures. */
const FRAME_A = new Uint8Array(
  readFileSync(new URL('../../../../fixtures/sdo/sun-0171-a.jpg', import.meta.url)),
);
const FRAME_B = new Uint8Array(
  readFileSync(new URL('../../../../fixtures/sdo/sun-0171-b.jpg', import.meta.url)),
);
const IMAGE_TIME = 'Sun, 22 Nov 2026 04:12:05 GMT';

interface ListBody {
  channels: { channel: string; time: string | null; etag: string | null; replay: boolean }[];
}

/**
 * NASA's SDO host as a stand-in (a third party across the network): `answer(channel)` decides
 * each picture; null = the host cannot be reached.
 */
function setup(answer: (channel: string) => Uint8Array | null) {
  let now = Date.parse('2026-11-22T04:20:00Z');
  const upstreamCalls: string[] = [];
  const service = new SdoImageService({
    baseUrl: 'https://sdo.invalid',
    fetch: (async (input: RequestInfo | URL) => {
      const url = String(input);
      upstreamCalls.push(url);
      const channel = /latest_1024_(\w+)\.jpg$/.exec(url)?.[1] ?? '';
      const bytes = answer(channel);
      if (!bytes) throw new TypeError('getaddrinfo ENOTFOUND sdo.invalid');
      return new Response(bytes.slice(), {
        headers: { 'content-type': 'image/jpeg', 'last-modified': IMAGE_TIME },
      });
    }) as typeof fetch,
    now: () => now,
    cadenceMs: 15 * 60_000,
  });
  const handler = createSdoImageHandler(() => service);
  const get = (path: string, init: RequestInit = {}) =>
    handler(new Request(`http://localhost/functions/v1/sdo-image/${path}`, init));
  return { get, upstreamCalls, advance: (ms: number) => (now += ms) };
}

describe('the sdo-image list', () => {
  it("answers every channel's time, ETag and replay flag in one request, as each channel's own route would", async () => {
    const { get, upstreamCalls } = setup(() => FRAME_A);
    const res = await get('list');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.headers.get('etag')).toMatch(/^"sw-[0-9a-f]{32}"$/);
    expect(res.headers.get('cache-control')).toMatch(/^public, max-age=\d+/);
    const body = (await res.json()) as ListBody;
    expect(body.channels.map((c) => c.channel).sort()).toEqual([
      '0131',
      '0171',
      '0193',
      '0211',
      '0304',
      '1600',
      'HMIB',
      'HMIIC',
    ]);
    expect(upstreamCalls).toHaveLength(8);
    const own = await get('0171', { method: 'HEAD' });
    expect(body.channels.find((c) => c.channel === '0171')).toEqual({
      channel: '0171',
      time: '2026-11-22T04:12:05.000Z',
      etag: own.headers.get('etag'),
      replay: false,
    });
    // The channel's own route was served from what the list fetched: no second upstream request.
    expect(upstreamCalls).toHaveLength(8);
  });

  it('answers 304 to its own ETag while nothing changed, even after an upstream check, and a new list when a picture changed', async () => {
    let picture = FRAME_A;
    const { get, advance } = setup((channel) => (channel === '0304' ? picture : FRAME_A));
    const etag = (await get('list')).headers.get('etag')!;
    expect((await get('list', { headers: { 'if-none-match': etag } })).status).toBe(304);
    advance(16 * 60_000);
    // Upstream was asked again and gave the same pictures: still a 304.
    expect((await get('list', { headers: { 'if-none-match': etag } })).status).toBe(304);
    picture = FRAME_B;
    advance(16 * 60_000);
    const changed = await get('list', { headers: { 'if-none-match': etag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
  });

  it('lists a channel with nothing kept with no time and no ETag, and flags kept frames served while the host is gone', async () => {
    let hostUp = true;
    const { get, advance } = setup((channel) => (hostUp && channel !== '0171' ? FRAME_A : null));
    const first = (await (await get('list')).json()) as ListBody;
    expect(first.channels.find((c) => c.channel === '0171')).toEqual({
      channel: '0171',
      time: null,
      etag: null,
      replay: false,
    });
    hostUp = false;
    advance(16 * 60_000);
    const second = (await (await get('list')).json()) as ListBody;
    const kept = second.channels.filter((c) => c.channel !== '0171');
    expect(kept.every((c) => c.replay && c.time === '2026-11-22T04:12:05.000Z')).toBe(true);
  });

  it('answers HEAD with the headers only', async () => {
    const { get } = setup(() => FRAME_A);
    const res = await get('list', { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('etag')).toMatch(/^"sw-/);
    expect(await res.text()).toBe('');
  });
});
