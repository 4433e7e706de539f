import { describe, expect, it } from 'vitest';
import { fetchSdoImageList } from '../../../workers/sdo.ts';
import { normalise } from '../../../core/normalise/index.ts';
import type { SdoImagesData } from '../../../core/normalise/index.ts';
import type { FetchLike } from '../../../workers/request/requestWithRetry.ts';

const LAST_MODIFIED = 'Sun, 22 Nov 2026 04:12:05 GMT';
const BACKEND = 'http://localhost:54321';
const notFound = () =>
  new Response('{"error":"Unknown SDO channel"}', { status: 404, statusText: 'Not Found' });
const body = (list: Awaited<ReturnType<typeof fetchSdoImageList>>) =>
  list.kind === 'body' ? list.body : '';

describe('the SDO latest-image source', () => {
  it('lists every channel with one request to the backend list, and sends its ETag back for a 304', async () => {
    const seen: string[] = [];
    const list = {
      channels: ['0131', '0171', '0193', '0211', '0304', '1600', 'HMIB', 'HMIIC'].map(
        (channel) => ({
          channel,
          time: channel === '0171' ? null : '2026-11-22T04:12:05.000Z',
          etag: channel === '0171' ? null : `"sdo-${channel}"`,
          replay: channel === 'HMIB',
        }),
      ),
    };
    const fetch: FetchLike = async (url, init) => {
      seen.push(`${init.method ?? 'GET'} ${url}`);
      if ((init.headers as Record<string, string> | undefined)?.['If-None-Match'] === '"list-1"')
        return new Response(null, { status: 304 });
      return Response.json(list, { headers: { etag: '"list-1"' } });
    };
    const got = await fetchSdoImageList({ fetch, backendBase: BACKEND });
    expect(seen).toEqual([`GET ${BACKEND}/functions/v1/sdo-image/list`]);
    expect(got).toMatchObject({ kind: 'body', etag: '"list-1"', replay: false });
    const r = normalise('sdo-images', body(got), { now: Date.UTC(2026, 10, 22, 5) });
    const images = r.ok ? (r.products[0]?.data as SdoImagesData).images : [];
    expect(images).toHaveLength(8);
    expect(images.find((i) => i.channel === '0171')).toMatchObject({
      url: `${BACKEND}/functions/v1/sdo-image/0171`,
      time: null,
    });
    expect(images.find((i) => i.channel === 'HMIB')?.time).toBe(Date.UTC(2026, 10, 22, 4, 12, 5));
    expect(await fetchSdoImageList({ fetch, backendBase: BACKEND, etag: '"list-1"' })).toEqual({
      kind: 'not-modified',
    });
    // Every picture with a time a replay: the feed says so.
    list.channels.forEach((c) => (c.replay = true));
    expect(await fetchSdoImageList({ fetch, backendBase: BACKEND })).toMatchObject({
      replay: true,
    });
  });

  it('refuses a list of another shape with its reason, and does not fall back to HEADs for it', async () => {
    const seen: string[] = [];
    const fetch: FetchLike = async (url) => {
      seen.push(url);
      return Response.json({ channels: [{ channel: '0171', time: 5, replay: false }] });
    };
    await expect(fetchSdoImageList({ fetch, backendBase: BACKEND })).rejects.toThrow(
      'sdo-images: the backend list has a malformed channel',
    );
    expect(seen).toHaveLength(1);
  });

  it('asks an older backend without the list for each channel with a HEAD to our own origin', async () => {
    const seen: string[] = [];
    const fetch: FetchLike = async (url, init) => {
      if (url.endsWith('/sdo-image/list')) return notFound();
      seen.push(`${init.method} ${url}`);
      return new Response(null, {
        status: 200,
        headers: {
          'last-modified': LAST_MODIFIED,
          'x-aurora-data-time': '2026-11-22T04:12:05.000Z',
          'x-aurora-source': 'cache',
        },
      });
    };
    const list = await fetchSdoImageList({ fetch, backendBase: `${BACKEND}/` });
    expect(seen).toHaveLength(8);
    expect(seen).toContain(`HEAD ${BACKEND}/functions/v1/sdo-image/0171`);
    expect(seen.every((s) => s.startsWith(`HEAD ${BACKEND}/functions/v1/sdo-image/`))).toBe(true);
    expect(list).toMatchObject({ kind: 'body', replay: false, etag: null });
    const r = normalise('sdo-images', body(list), { now: Date.UTC(2026, 10, 22, 5) });
    const images = r.ok ? (r.products[0]?.data as SdoImagesData).images : [];
    expect(images.map((i) => i.url)).toContain(`${BACKEND}/functions/v1/sdo-image/HMIB`);
    expect(images.every((i) => i.time === Date.UTC(2026, 10, 22, 4, 12, 5))).toBe(true);
  });

  it('lists a channel the backend has no picture for with its time unknown, and says when every picture is a replay', async () => {
    const fetch: FetchLike = async (url) =>
      url.endsWith('/sdo-image/list')
        ? notFound()
        : url.endsWith('/0171')
          ? new Response('{"error":"No SDO 0171 image saved yet"}', {
              status: 503,
              statusText: 'Service Unavailable',
            })
          : new Response(null, {
              status: 200,
              headers: {
                'last-modified': LAST_MODIFIED,
                'x-aurora-data-time': '2026-11-22T04:12:05.000Z',
                'x-aurora-source': 'replay',
              },
            });
    const list = await fetchSdoImageList({ fetch, backendBase: BACKEND });
    const items = JSON.parse(body(list)) as { channel: string; time: string | null }[];
    expect(items.find((i) => i.channel === '0171')?.time).toBeNull();
    expect(items.filter((i) => i.time === LAST_MODIFIED)).toHaveLength(7);
    expect(list).toMatchObject({ replay: true });
  });

  it('does not take the backend Last-Modified for the image time when the backend says the time is unknown', async () => {
    const fetch: FetchLike = async (url) =>
      url.endsWith('/sdo-image/list')
        ? notFound()
        : new Response(null, {
            status: 200,
            headers: { 'last-modified': LAST_MODIFIED, 'x-aurora-data-time': 'unknown' },
          });
    const items = JSON.parse(body(await fetchSdoImageList({ fetch, backendBase: BACKEND }))) as {
      time: string | null;
    }[];
    expect(items.every((i) => i.time === null)).toBe(true);
  });

  it('fails with a network error, without going to NASA, when the backend cannot be reached', async () => {
    const seen: string[] = [];
    const fetch: FetchLike = async (url) => {
      seen.push(url);
      throw new TypeError('Failed to fetch');
    };
    await expect(fetchSdoImageList({ fetch, backendBase: BACKEND })).rejects.toMatchObject({
      message: 'Network error: Failed to fetch',
      status: 0,
    });
    expect(seen.every((u) => u.startsWith(BACKEND))).toBe(true);
  });

  it('without a backend, reads each channel time from NASA with a HEAD request', async () => {
    const seen: string[] = [];
    const fetch: FetchLike = async (url, init) => {
      seen.push(`${init.method} ${url}`);
      return new Response(null, { status: 200, headers: { 'last-modified': LAST_MODIFIED } });
    };
    const list = await fetchSdoImageList({ fetch });
    expect(seen).toHaveLength(8);
    expect(seen).toContain('HEAD https://sdo.gsfc.nasa.gov/assets/img/latest/latest_1024_0171.jpg');
    const r = normalise('sdo-images', body(list), { now: Date.UTC(2026, 10, 22, 5) });
    expect(
      r.ok &&
        (r.products[0]?.data as SdoImagesData).images.every(
          (i) => i.time === Date.UTC(2026, 10, 22, 4, 12, 5),
        ),
    ).toBe(true);
  });

  it('without a backend, lists the images with unknown times when NASA answers but refuses cross-origin reads', async () => {
    const fetch: FetchLike = async (_url, init) => {
      if (init.mode === 'no-cors') return new Response(null, { status: 200 });
      throw new TypeError('Failed to fetch');
    };
    const list = JSON.parse(body(await fetchSdoImageList({ fetch }))) as { time: string | null }[];
    expect(list).toHaveLength(8);
    expect(list.every((i) => i.time === null)).toBe(true);
  });

  it('without a backend, fails with a network error when NASA cannot be reached at all', async () => {
    const fetch: FetchLike = async () => {
      throw new TypeError('Failed to fetch');
    };
    await expect(fetchSdoImageList({ fetch })).rejects.toMatchObject({
      message: 'Network error: the SDO image server could not be reached',
      status: 0,
    });
  });
});
