import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { denoCheck, FUNCTIONS_DIR } from '../../support/denoFunction.ts';
import {
  bearer,
  FUNCTION_NAMES,
  JPEG,
  replay,
  WEATHER_USER_AGENT,
  hostedFunctionsOnDeno,
} from '../../support/hostedFunctionsOnDeno.ts';

/**
 * Every function on Deno with hosted Supabase's environment (tests/support/hostedFunctionsOnDeno.ts):
 * each folder's entry starts and type-checks, the public data functions answer, the schedule's
 * archive job runs, and config.toml's JWT switch matches who each function serves. The account
 * functions: onDenoAccounts.test.ts.
 */
const deno = hostedFunctionsOnDeno(FUNCTION_NAMES);
const { call, feedLink } = deno;

describe('the functions on Deno with hosted Supabase’s environment', () => {
  it('starts every function folder’s entry', () => {
    const folders = readdirSync(FUNCTIONS_DIR, { withFileTypes: true })
      .filter((d) => d.isDirectory() && d.name !== '_shared')
      .map((d) => d.name);
    expect([...deno.fns.keys()].sort()).toEqual(folders.sort());
  });

  it('type-checks every function with Deno and deno.json', async () => {
    const checked = await denoCheck(FUNCTION_NAMES);
    expect(checked.ok, checked.output).toBe(true);
  });

  it('ping answers with the server time', async () => {
    const res = await call('ping');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ok: true });
    expect((await call('ping', '', { method: 'PUT' })).status).toBe(405);
  });

  it('space-weather serves SWPC_BASE_URL’s file with validators a CDN can use, 304 on a match, 4xx on bad input', async () => {
    const res = await call('space-weather', '/kp-index');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-aurora-source')).toBe('upstream');
    expect(res.headers.get('cache-control')).toMatch(/^public, max-age=\d+/);
    const etag = res.headers.get('etag')!;
    expect(etag).toBeTruthy();
    expect(await res.text()).toBe(
      replay('space-weather/replay/noaa-planetary-k-index.json').toString(),
    );
    expect(
      deno.agencies().requests.some((r) => r.path === '/products/noaa-planetary-k-index.json'),
    ).toBe(true);
    const again = await call('space-weather', '/kp-index', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect((await call('space-weather', '/kp-index?window=bogus')).status).toBe(400);
    expect((await call('space-weather', '/no-such-product')).status).toBe(404);
  });

  it('space-weather replays a recorded file when its upstream has nothing', async () => {
    const res = await call('space-weather', '/kp-forecast');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-aurora-source')).toBe('replay');
  });

  it('sdo-image serves SDO_BASE_URL’s picture and 404s an unknown channel before any upstream request', async () => {
    const res = await call('sdo-image', '/0193');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\/jpeg/);
    expect(Buffer.from(await res.arrayBuffer()).equals(JPEG)).toBe(true);
    const before = deno.agencies().requests.length;
    expect((await call('sdo-image', '/..%2f..%2fetc')).status).toBe(404);
    expect((await call('sdo-image', '/nope')).status).toBe(404);
    expect(deno.agencies().requests.length).toBe(before);
  });

  it('weather asks WEATHER_BASE_URL with WEATHER_USER_AGENT and refuses coordinates off the globe', async () => {
    const res = await call('weather', '?lat=69.65&lon=18.96&radius=0');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toMatch(/^public, max-age=\d+/);
    const body = (await res.json()) as { place: { source: string } };
    expect(body.place.source).toBe('upstream');
    const asked = deno.agencies().requests.filter((r) => r.path.startsWith('/weatherapi/'));
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.every((r) => r.userAgent === WEATHER_USER_AGENT)).toBe(true);
    expect((await call('weather', '?lat=91&lon=10')).status).toBe(400);
    expect((await call('weather', '?lon=10')).status).toBe(400);
  });

  it('archive-space-weather, run with the service-role key as the schedule runs it, archives SWPC_BASE_URL’s and GFZ_BASE_URL’s Kp, which space-weather/history then serves', async () => {
    expect((await call('archive-space-weather', '', { method: 'POST' })).status).toBe(403);
    const res = await call('archive-space-weather', '', {
      method: 'POST',
      headers: bearer(deno.stack().serviceRoleKey, { 'content-type': 'application/json' }),
      body: JSON.stringify({ resources: ['kp-index', 'kp-gfz'] }),
    });
    const report = (await res.json()) as { resources: Record<string, { rows: number }> };
    expect(res.status, JSON.stringify(report)).toBe(200);
    expect(report.resources['kp-index']!.rows).toBeGreaterThan(50);
    expect(report.resources['kp-gfz']!.rows).toBe(360);
    expect(deno.agencies().requests.some((r) => r.path === '/app/json/')).toBe(true);
    const [row] = await deno
      .stack()
      .sql<{ n: string }>(
        "select count(*) as n from space_weather_samples where product in ('kp-3h', 'kp-gfz')",
      );
    expect(Number(row!.n)).toBeGreaterThan(400);
    const history = await call('space-weather', '/history/kp-gfz?since=0&limit=10');
    expect(history.status).toBe(200);
    expect(((await history.json()) as { page: { next: number } }).page.next).toBeGreaterThan(0);
    expect(
      (
        await call('archive-space-weather', '', {
          method: 'POST',
          headers: bearer(deno.stack().serviceRoleKey),
          body: '{"resources": ["alerts"]}',
        })
      ).status,
    ).toBe(400);
  });

  it('config.toml turns the gateway’s JWT check off exactly for the functions that serve a caller without a session', async () => {
    const config = parse(readFileSync(join(FUNCTIONS_DIR, '../config.toml'), 'utf8')) as {
      functions: Record<string, { verify_jwt: boolean }>;
    };
    // Each function's main route, asked with no Authorization header at all.
    const anonymous: Record<string, () => Promise<Response>> = {
      'space-weather': () => call('space-weather', '/kp-index'),
      'sdo-image': () => call('sdo-image', '/0193'),
      weather: () => call('weather', '?lat=69.65&lon=18.96&radius=0'),
      ping: () => call('ping'),
      'siwe-nonce': () => call('siwe-nonce'),
      'siwe-verify': () => call('siwe-verify', '/nonce'),
      'push-subscription': () =>
        call('push-subscription', '', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(deno.push().subscription('/push/anonymous')),
        }),
      'delete-account': () => call('delete-account', '', { method: 'POST' }),
      'kp-alert-sender': () => call('kp-alert-sender', '', { method: 'POST' }),
      'archive-space-weather': () => call('archive-space-weather', '', { method: 'POST' }),
      // A calendar app polls its link with no Authorization header.
      'plan-feed': async () => call('plan-feed', (await feedLink()).url),
    };
    expect(Object.keys(anonymous).sort()).toEqual(Object.keys(config.functions).sort());
    for (const [name, ask] of Object.entries(anonymous)) {
      const status = (await ask()).status;
      const servesAnonymous = status < 400;
      expect(servesAnonymous, `${name} answered ${status}`).toBe(
        !config.functions[name]!.verify_jwt,
      );
    }
  });
});
