import { describe, expect, it } from 'vitest';
import { fetchSdoImageList } from '../../../workers/sdo.ts';
import { normalise } from '../../../workers/normalise/index.ts';
import type { SdoImagesData } from '../../../workers/normalise/index.ts';
import type { FetchLike } from '../../../workers/request/requestWithRetry.ts';

const LAST_MODIFIED = 'Sun, 22 Nov 2026 04:12:05 GMT';

describe('the SDO latest-image source', () => {
  it('reads each channel time from Last-Modified with a HEAD request', async () => {
    const seen: string[] = [];
    const fetch: FetchLike = async (url, init) => {
      seen.push(`${init.method} ${url}`);
      return new Response(null, { status: 200, headers: { 'last-modified': LAST_MODIFIED } });
    };
    const body = await fetchSdoImageList({ fetch });
    expect(seen).toHaveLength(8);
    expect(seen).toContain('HEAD https://sdo.gsfc.nasa.gov/assets/img/latest/latest_1024_0171.jpg');
    const r = normalise('sdo-images', body, { now: Date.UTC(2026, 10, 22, 5) });
    expect(r.ok && (r.products[0]?.data as SdoImagesData).images.every((i) => i.time === Date.UTC(2026, 10, 22, 4, 12, 5))).toBe(true);
  });

  it('lists the images with unknown times when the server answers but refuses cross-origin reads', async () => {
    const fetch: FetchLike = async (_url, init) => {
      if (init.mode === 'no-cors') return new Response(null, { status: 200 });
      throw new TypeError('Failed to fetch');
    };
    const list = JSON.parse(await fetchSdoImageList({ fetch })) as { time: string | null }[];
    expect(list).toHaveLength(8);
    expect(list.every((i) => i.time === null)).toBe(true);
  });

  it('fails with a network error when the server cannot be reached at all', async () => {
    const fetch: FetchLike = async () => {
      throw new TypeError('Failed to fetch');
    };
    await expect(fetchSdoImageList({ fetch })).rejects.toMatchObject({ message: 'Network error: the SDO image server could not be reached', status: 0 });
  });
});
