/**
 * An If-Modified-Since date later than the server's clock is invalid and ignored (RFC 2616 §14.25):
 * otherwise one request dated 2099 would get 304s for every later version. `conditional.ts` decides
 * it for space-weather, sdo-image and weather; each function's path is checked here.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  isNotModified,
  unmodifiedSince,
} from '../../../../../supabase/functions/_shared/conditional.ts';
import { createSdoImageHandler } from '../../../../../supabase/functions/sdo-image/handler.ts';
import { SdoImageService } from '../../../../../supabase/functions/sdo-image/service.ts';
import {
  createCachedAnswer,
  createSpaceWeatherHandler,
} from '../../../../../supabase/functions/space-weather/handler.ts';
import { createFileReplayLoader as spaceWeatherReplay } from '../../../../../supabase/functions/space-weather/replay.ts';
import { SpaceWeatherService } from '../../../../../supabase/functions/space-weather/service.ts';
import { validateWithNormalise } from '../../../../../supabase/functions/space-weather/validate.ts';
import { createWeatherHandler } from '../../../../../supabase/functions/weather/handler.ts';
import { createFileReplayLoader as weatherReplay } from '../../../../../supabase/functions/weather/replay.ts';
import { WeatherService } from '../../../../../supabase/functions/weather/service.ts';
import {
  MET_NORWAY_BUDGET,
  UpstreamBudget,
} from '../../../../../supabase/functions/weather/upstreamBudget.ts';

const fixture = (path: string) =>
  readFileSync(new URL(`../../../../fixtures/${path}`, import.meta.url));

/** A day after each service's own clock below, and long after every Last-Modified. */
const httpDate = (ms: number) => new Date(ms).toUTCString();
const DAY = 24 * 60 * 60_000;

describe('the If-Modified-Since decision', () => {
  const lastModified = Date.parse('2026-02-09T15:05:00Z');
  const now = Date.parse('2026-02-09T15:30:00Z');

  it('answers 304 for a date at or after the last change and not after now', () => {
    expect(unmodifiedSince(httpDate(lastModified), lastModified, now)).toBe(true);
    expect(unmodifiedSince(httpDate(now), lastModified, now)).toBe(true);
    expect(unmodifiedSince(httpDate(lastModified - 1000), lastModified, now)).toBe(false);
  });

  it('ignores a date later than the server clock, and an unreadable one', () => {
    expect(unmodifiedSince(httpDate(now + 1000), lastModified, now)).toBe(false);
    expect(unmodifiedSince('Fri, 01 Jan 2099 00:00:00 GMT', lastModified, now)).toBe(false);
    expect(unmodifiedSince('soon', lastModified, now)).toBe(false);
    expect(
      isNotModified(
        { ifNoneMatch: null, ifModifiedSince: httpDate(now + DAY) },
        { etag: '"x"', lastModified },
        now,
      ),
    ).toBe(false);
  });

  it('keeps our own Last-Modified valid when it is ahead of our clock (a fast upstream clock)', () => {
    const ahead = now + 90_000;
    expect(unmodifiedSince(httpDate(ahead), ahead, now)).toBe(true);
  });
});

describe('space-weather ignores a future If-Modified-Since', () => {
  const now = Date.parse('2026-02-09T15:30:00Z');
  const service = new SpaceWeatherService({
    baseUrl: 'http://swpc.test',
    // A stand-in for SWPC (third party).
    fetch: (async () =>
      new Response(fixture('noaa/noaa-planetary-k-index.json'), {
        headers: {
          'content-type': 'application/json',
          'last-modified': 'Mon, 09 Feb 2026 15:05:00 GMT',
        },
      })) as typeof fetch,
    now: () => now,
    validate: validateWithNormalise,
    replay: spaceWeatherReplay(),
  });
  const handler = createSpaceWeatherHandler(() => service);
  const cachedAnswer = createCachedAnswer(() => service);
  const future = { 'if-modified-since': httpDate(now + DAY) };
  const url = (path: string) => `http://localhost/functions/v1/space-weather/${path}`;

  it('on the handler, in the agency form and the compact form', async () => {
    const first = await handler(new Request(url('kp-index')));
    expect(first.status).toBe(200);
    const plain = await handler(new Request(url('kp-index'), { headers: future }));
    expect(plain.status).toBe(200);
    expect((await plain.text()).length).toBeGreaterThan(0);
    const compact = await handler(new Request(url('kp-index?format=compact'), { headers: future }));
    expect(compact.status).toBe(200);
  });

  it('on the gateway’s cached-answer path', async () => {
    await handler(new Request(url('kp-index')));
    for (const path of ['kp-index', 'kp-index?format=compact']) {
      const answer = cachedAnswer({
        method: 'GET',
        url: url(path),
        header: (name) => (future as Record<string, string>)[name] ?? null,
      });
      expect(answer?.status, path).toBe(200);
    }
  });
});

describe('sdo-image ignores a future If-Modified-Since', () => {
  it('sends the picture, not a 304', async () => {
    const now = Date.parse('2026-11-22T04:20:00Z');
    const service = new SdoImageService({
      baseUrl: 'https://sdo.invalid',
      // A stand-in for NASA's SDO host (third party).
      fetch: (async () =>
        new Response(new Uint8Array(fixture('sdo/sun-0171-a.jpg')), {
          headers: {
            'content-type': 'image/jpeg',
            'last-modified': 'Sun, 22 Nov 2026 04:12:05 GMT',
          },
        })) as typeof fetch,
      now: () => now,
      cadenceMs: 15 * 60_000,
    });
    const handler = createSdoImageHandler(() => service);
    const res = await handler(
      new Request('http://localhost/functions/v1/sdo-image/0171', {
        headers: { 'if-modified-since': httpDate(now + DAY) },
      }),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
  });
});

describe('weather ignores a future If-Modified-Since', () => {
  it('sends the forecast, not a 304', async () => {
    const now = Date.parse('2027-01-15T13:00:00Z');
    const service = new WeatherService({
      baseUrl: 'https://metno.invalid',
      budget: new UpstreamBudget(MET_NORWAY_BUDGET, () => now),
      // A stand-in for MET Norway (third party).
      fetch: (async () =>
        new Response(fixture('metno/complete-tromso.json'), {
          headers: {
            'content-type': 'application/json',
            expires: 'Fri, 15 Jan 2027 13:30:00 GMT',
            'last-modified': 'Fri, 15 Jan 2027 12:55:00 GMT',
          },
        })) as typeof fetch,
      now: () => now,
      userAgent: 'aurora-test/1.0 (+https://aurora.invalid)',
      replay: weatherReplay(),
    });
    const handler = createWeatherHandler(() => service);
    const get = (headers: Record<string, string> = {}) =>
      handler(
        new Request('http://localhost/functions/v1/weather?lat=69.65&lon=18.96&radius=0', {
          headers,
        }),
      );
    const first = await get();
    expect(first.status).toBe(200);
    expect(first.headers.get('last-modified')).not.toBeNull();
    const res = await get({ 'if-modified-since': httpDate(now + DAY) });
    expect(res.status).toBe(200);
    expect(await res.json()).toHaveProperty('place');
  });
});
