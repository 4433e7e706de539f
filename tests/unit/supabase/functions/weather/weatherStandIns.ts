/**
 * What the weather function's unit tests share: MET Norway's recorded answers (tests/fixtures/metno),
 * a stand-in for MET Norway (a third party across the network), and the function on a clock the
 * test moves.
 */
import { readFileSync } from 'node:fs';
import { createWeatherHandler } from '../../../../../supabase/functions/weather/handler.ts';
import { createFileReplayLoader } from '../../../../../supabase/functions/weather/replay.ts';
import { WeatherService } from '../../../../../supabase/functions/weather/service.ts';
import {
  MET_NORWAY_BUDGET,
  UpstreamBudget,
} from '../../../../../supabase/functions/weather/upstreamBudget.ts';

export const TROMSO = readFileSync(
  new URL('../../../../fixtures/metno/complete-tromso.json', import.meta.url),
  'utf8',
);
export const EDINBURGH = readFileSync(
  new URL('../../../../fixtures/metno/complete-edinburgh-low-cloud.json', import.meta.url),
  'utf8',
);
export const BASE = 'https://metno.invalid';
export const UA = 'aurora-test/1.0 (+https://aurora.invalid)';

interface Call {
  url: URL;
  headers: Headers;
}

/** A stand-in for MET Norway (a third party across the network), answering with whatever `respond` says. */
export function fakeUpstream(respond: (call: Call) => Response | Promise<Response>, delayMs = 10) {
  const calls: Call[] = [];
  const fetchFn = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const call = { url: new URL(String(input)), headers: new Headers(init?.headers) };
    calls.push(call);
    await new Promise((r) => setTimeout(r, delayMs));
    return respond(call);
  }) as typeof fetch;
  return { fetch: fetchFn, calls };
}

export function setup(upstream: ReturnType<typeof fakeUpstream>) {
  let now = Date.parse('2027-01-15T13:00:00Z');
  const service = new WeatherService({
    baseUrl: BASE,
    fetch: upstream.fetch,
    now: () => now,
    userAgent: UA,
    replay: createFileReplayLoader(),
    budget: new UpstreamBudget(MET_NORWAY_BUDGET, () => Date.now()),
  });
  const handler = createWeatherHandler(() => service);
  const get = (query: string, headers: Record<string, string> = {}) =>
    handler(new Request(`http://localhost/functions/v1/weather${query}`, { headers }));
  return { service, get, advance: (ms: number) => (now += ms), now: () => now };
}

export const ok = (body: string, headers: Record<string, string> = {}) =>
  new Response(body, {
    status: 200,
    headers: {
      'content-type': 'application/json',
      expires: 'Fri, 15 Jan 2027 13:30:00 GMT',
      'last-modified': 'Fri, 15 Jan 2027 12:55:00 GMT',
      ...headers,
    },
  });
