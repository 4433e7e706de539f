import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../../support/startTestStack.ts';
import { decodeCloudLayer } from '../../../core/clouds/cloudBytes.ts';
import { tileGeometry, tilesForView } from '../../../core/clouds/cloudTiles.ts';
import { concatGrib2, encodeGrib2 } from '../../fixtures/gfs/grib2Encode.ts';

const EDINBURGH = readFileSync(
  new URL('../../fixtures/metno/complete-edinburgh-low-cloud.json', import.meta.url),
  'utf8',
);
const UA = 'aurora-integration/1.0 (+https://aurora.invalid)';

/**
 * A stand-in for MET Norway on loopback: answers every point with the Edinburgh body and an
 * Expires 30 minutes ahead, except points north of 69° (Tromsø), whose connection it drops
 * (upstream unreachable). Records each request's query and User-Agent.
 */
let metno: Server;
let metnoUrl: string;
const requests: { path: string; query: string; userAgent: string | undefined }[] = [];
let stack: TestStack;

/**
 * A stand-in for NOAA's NOMADS grib filter on loopback: for any band and forecast hour, the four
 * cloud fields on a 0.5° grid over the band, the total 40 % + the forecast hour (a sky that
 * changes by the hour). Records each request's query and User-Agent.
 */
let nomads: Server;
const gfsRequests: { query: URLSearchParams; userAgent: string | undefined }[] = [];

function gfsBody(query: URLSearchParams): Uint8Array {
  const fh = Number(/f(\d{3})$/.exec(query.get('file') ?? '')?.[1]);
  const south = Number(query.get('bottomlat'));
  const north = Number(query.get('toplat'));
  const run = Date.parse(
    `${query.get('dir')!.slice(5, 9)}-${query.get('dir')!.slice(9, 11)}-${query.get('dir')!.slice(11, 13)}T${query.get('dir')!.slice(14, 16)}:00:00Z`,
  );
  const grid = {
    ni: 720,
    nj: (north - south) / 0.5 + 1,
    lat1: north,
    lon1: 0,
    dLat: -0.5,
    dLon: 0.5,
  };
  const field = (parameter: number, levelType: number, value: number) =>
    encodeGrib2({
      referenceTime: run,
      forecastHours: fh,
      category: 6,
      parameter,
      levelType,
      grid,
      values: Array(grid.ni * grid.nj).fill(value),
      packing: 'simple',
    });
  return concatGrib2([
    field(1, 10, 40 + fh),
    field(3, 214, 20),
    field(4, 224, 10),
    field(5, 234, 5),
  ]);
}

beforeAll(async () => {
  metno = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push({ path: url.pathname, query: url.search, userAgent: req.headers['user-agent'] });
    if (Number(url.searchParams.get('lat')) > 68.5) return void req.socket.destroy();
    const expires = new Date(Date.now() + 30 * 60_000).toUTCString();
    res
      .writeHead(200, {
        'content-type': 'application/json',
        expires,
        'last-modified': new Date().toUTCString(),
      })
      .end(EDINBURGH);
  });
  await new Promise<void>((r) => metno.listen(0, '127.0.0.1', r));
  metnoUrl = `http://127.0.0.1:${(metno.address() as AddressInfo).port}`;
  nomads = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    gfsRequests.push({ query: url.searchParams, userAgent: req.headers['user-agent'] });
    res
      .writeHead(200, { 'content-type': 'application/octet-stream' })
      .end(gfsBody(url.searchParams));
  });
  await new Promise<void>((r) => nomads.listen(0, '127.0.0.1', r));
  stack = await startTestStack({
    functionEnv: {
      WEATHER_BASE_URL: metnoUrl,
      WEATHER_USER_AGENT: UA,
      GFS_BASE_URL: `http://127.0.0.1:${(nomads.address() as AddressInfo).port}`,
    },
  });
});
afterAll(async () => {
  await stack?.stop();
  await new Promise<void>((r) => {
    metno?.closeAllConnections();
    metno?.close(() => r());
  });
  await new Promise<void>((r) => {
    nomads?.closeAllConnections();
    nomads?.close(() => r());
  });
});

const get = (query: string, headers: Record<string, string> = {}) =>
  fetch(`${stack.url}/functions/v1/weather${query}`, {
    headers: { apikey: stack.anonKey, ...headers },
  });

interface Body {
  attribution: string;
  place: {
    lat: number;
    lon: number;
    source: string;
    hours: { time: number[]; low: (number | null)[] } | null;
    replayOf?: { updatedAt: string | null; shiftMs: number };
  };
  grid: { lat: number; lon: number; source: string | null; error?: string }[];
}

describe('weather through the local gateway', () => {
  it('answers a place and its 3×3 grid with one upstream fetch per point for 200 concurrent callers', async () => {
    const responses = await Promise.all(
      Array.from({ length: 200 }, () => get('?lat=55.95&lon=-3.19')),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(200).fill(200));
    const body = (await responses[0]!.json()) as Body;
    await Promise.all(responses.slice(1).map((r) => r.arrayBuffer()));
    expect(body.attribution).toBe('Data from MET Norway (CC BY 4.0)');
    expect(body.place).toMatchObject({ lat: 56, lon: -3.2 });
    expect(body.place.hours!.low[0]).toBe(96);
    expect(body.grid.map((p) => `${p.lat},${p.lon}`)).toEqual([
      '55,-4',
      '55,-3',
      '55,-2',
      '56,-4',
      '56,-3',
      '56,-2',
      '57,-4',
      '57,-3',
      '57,-2',
    ]);
    expect(
      requests.filter((r) => r.path === '/weatherapi/locationforecast/2.0/complete'),
    ).toHaveLength(10);
    expect(new Set(requests.map((r) => r.query)).size).toBe(10);
    expect(requests.every((r) => r.userAgent === UA)).toBe(true);
    expect(responses[0]!.headers.get('access-control-allow-origin')).toBe('*');
    expect(responses[0]!.headers.get('cache-control')).toMatch(
      /^public, max-age=1[78]\d\d, stale-if-error=86400$/,
    );
  });

  it('serves the next caller from memory until upstream’s Expires', async () => {
    const before = requests.length;
    const res = await get('?lat=55.96&lon=-3.21');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-aurora-source')).toBe('cache');
    await res.arrayBuffer();
    expect(requests.length).toBe(before);
  });

  it('answers a repeat request carrying the ETag it got with a 304 and no body, without asking upstream', async () => {
    const before = requests.length;
    const first = await get('?lat=55.95&lon=-3.19');
    expect(first.status).toBe(200);
    await first.arrayBuffer();
    // Compressed by the gateway, so weakened (W/): the function still matches it.
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^(W\/)?"wx-[0-9a-f]{32}"$/);
    expect(first.headers.get('access-control-expose-headers')).toContain('etag');
    const again = await get('?lat=55.95&lon=-3.19', { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    // The gateway weakens a tag only on a body it compresses; a 304 carries the function's own.
    expect(again.headers.get('etag')).toBe(etag.replace(/^W\//, ''));
    expect(again.headers.get('last-modified')).toBe(first.headers.get('last-modified'));
    expect(again.headers.get('cache-control')).toMatch(
      /^public, max-age=\d+, stale-if-error=86400$/,
    );
    expect(requests.length).toBe(before);
  });

  it('refuses a latitude off the globe with a 400 that says so', async () => {
    const res = await get('?lat=123&lon=10');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'lat must be between -90 and 90, got 123' });
  });

  it('replays the shipped Tromsø forecast, moved to the present hour, when MET Norway cannot be reached', async () => {
    const hourBefore = Math.floor(Date.now() / 3_600_000) * 3_600_000;
    const res = await get('?lat=69.65&lon=18.96');
    const hourAfter = Math.floor(Date.now() / 3_600_000) * 3_600_000;
    expect(res.status).toBe(200);
    expect(res.headers.get('x-aurora-source')).toBe('replay');
    // The model run sits 40 min before the first hour, as in the file; the first hour is this one.
    expect([hourBefore, hourAfter].map((h) => new Date(h - 40 * 60_000).toISOString())).toContain(
      res.headers.get('x-aurora-data-time'),
    );
    const body = (await res.json()) as Body;
    expect([hourBefore, hourAfter]).toContain(body.place.hours!.time[0]);
    expect(body.place.replayOf!.updatedAt).toBe('2027-01-15T11:20:00.000Z');
    expect(body.place.source).toBe('replay');
    expect(body.grid.every((p) => p.source === 'replay')).toBe(true);
  });

  it('answers the regional cloud layer over a view from NOAA GFS, a forecast hour per request, the current one first, compressed', async () => {
    const tiles = tilesForView({ west: -13, south: 53, east: 7, north: 59 }, 0);
    const res = await get(`/clouds?tiles=${tiles.join(',')}&layers=total,low`, {
      'accept-encoding': 'br, gzip',
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toMatch(/^(br|gzip)$/);
    expect(res.headers.get('x-aurora-source')).toBe('upstream');
    const body = (await res.json()) as {
      hours: number[];
      complete: boolean;
      tiles: { key: string; layers: Record<string, string> }[];
    };
    const hour = Math.floor(Date.now() / 3_600_000) * 3_600_000;
    expect([hour, hour - 3_600_000]).toContain(body.hours[0]);
    // One band (30–60° N), each forecast hour asked once, with our User-Agent, the first first.
    const asked = gfsRequests.map((r) => r.query);
    expect(asked.length).toBeGreaterThanOrEqual(body.hours.length);
    expect(asked.every((q) => q.get('bottomlat') === '30' && q.get('toplat') === '60')).toBe(true);
    expect(new Set(asked.map((q) => q.get('file'))).size).toBe(asked.length);
    expect(gfsRequests.every((r) => r.userAgent === UA)).toBe(true);
    const g = tileGeometry(body.tiles[0]!.key)!;
    const total = decodeCloudLayer(
      body.tiles[0]!.layers.total!,
      body.hours.length,
      g.rows * g.cols,
    )!;
    const fh = Number(/f(\d{3})$/.exec(asked[0]!.get('file')!)![1]);
    expect(total[0]).toBe(40 + fh);
    expect(
      decodeCloudLayer(body.tiles[0]!.layers.low!, body.hours.length, g.rows * g.cols)![0],
    ).toBe(20);
  });
});
