import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSpaceWeatherHandler } from '../../../../supabase/functions/space-weather/handler.ts';
import { createFileReplayLoader } from '../../../../supabase/functions/space-weather/replay.ts';
import {
  resourceSpec,
  SPACE_WEATHER_RESOURCE_NAMES,
} from '../../../../supabase/functions/space-weather/resources.ts';
import {
  SpaceWeatherService,
  type ResourceReport,
} from '../../../../supabase/functions/space-weather/service.ts';
import { validateWithNormalise } from '../../../../supabase/functions/space-weather/validate.ts';
import {
  UNREADABLE,
  statsRows,
  statsView,
  type StatsRow,
} from '../../../../src/features/debug/statsRows.ts';
import { constructed } from '../../../support/constructedSwpc.ts';

const PLASMA_7D = constructed('plasma-7-day.json');
const NOW = Date.parse('2026-01-19T23:10:00Z');
const URL_BASE = 'http://localhost/functions/v1/space-weather';

/**
 * The real service behind the real handler, with a stand-in for SWPC (a third party) that answers
 * per resource: solar wind fine (the real plasma file, asked with and without the retired
 * `?window=recent`, which is now the same file), magnetic field 503, the aurora oval unreachable,
 * alerts with a body that is not JSON. Returns the `stats` answer as the browser would parse it.
 */
async function realStatsAnswer(): Promise<unknown> {
  const byPath = (resource: Parameters<typeof resourceSpec>[0]) => resourceSpec(resource);
  const upstream = (async (input: RequestInfo | URL) => {
    const path = String(input).replace('http://swpc.test/', '');
    await new Promise((r) => setTimeout(r, 5));
    if (path === byPath('solar-wind').path(NOW))
      return new Response(PLASMA_7D, { headers: { 'content-type': 'application/json' } });
    if (path === byPath('magnetic-field').path(NOW))
      return new Response('busy', { status: 503, statusText: 'Service Unavailable' });
    if (path === byPath('aurora-oval').path(NOW)) throw new TypeError('fetch failed');
    if (path === byPath('alerts').path(NOW))
      return new Response('<html>maintenance</html>', { headers: { 'content-type': 'text/html' } });
    return new Response('not found', { status: 404, statusText: 'Not Found' });
  }) as typeof fetch;
  const service = new SpaceWeatherService({
    baseUrl: 'http://swpc.test',
    fetch: upstream,
    now: () => Date.now(),
    validate: validateWithNormalise,
    replay: createFileReplayLoader(),
  });
  const handler = createSpaceWeatherHandler(() => service);
  const get = (path: string) => handler(new Request(`${URL_BASE}/${path}`));
  await Promise.all([
    get('solar-wind'),
    ...Array.from({ length: 3 }, () => get('solar-wind?window=recent')),
  ]);
  await get('solar-wind'); // within the cadence: a cache hit
  await Promise.all([get('magnetic-field'), get('aurora-oval'), get('alerts')]);
  const res = await get('stats');
  expect(res.status).toBe(200);
  return JSON.parse(await res.text()) as unknown;
}

describe('the backend statistics table', () => {
  beforeEach(() => {
    // Only Date: the stand-in upstream's setTimeout stays real. The handler stamps serverTime with Date.now().
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('turns a stats answer from the real service into one row per resource', async () => {
    const view = statsRows(await realStatsAnswer());
    if (view.kind !== 'table') throw new Error(`expected a table, got ${view.kind}`);
    expect(view.serverTime).toBe(NOW);
    // No product has a short window since SWPC retired the 2-hour files: no sub-rows.
    expect(view.rows.map((r) => r.key)).toEqual(SPACE_WEATHER_RESOURCE_NAMES);
    const byKey = new Map(view.rows.map((r) => [r.key, r]));

    expect(byKey.get('solar-wind')).toEqual<StatsRow>({
      key: 'solar-wind',
      resource: 'solar-wind',
      upstreamFetches: '1',
      cacheHits: '1 (+3 coalesced)',
      lastStatus: '200 · just now',
      dataAge: '3 min ago', // the file's newest row is 23:07, the clock 23:10
      source: 'upstream',
      replay: false,
      lastError: null,
      problem: false,
      severity: 'ok',
    });
    expect(byKey.get('magnetic-field')).toMatchObject({
      lastStatus: '503 · just now',
      source: 'REPLAY',
      replay: true,
      dataAge: '2 min ago', // the recording ends 23:08
      lastError: 'Upstream answered 503 Service Unavailable',
      severity: 'failing',
    });
    expect(byKey.get('aurora-oval')).toMatchObject({
      lastStatus: 'network error · just now',
      replay: true,
      lastError: 'Upstream unreachable: fetch failed',
      problem: true,
    });
    expect(byKey.get('aurora-oval')!.dataAge).toMatch(/^\d+ days ago$/);
    const alerts = byKey.get('alerts')!;
    expect(alerts).toMatchObject({
      upstreamFetches: '1 (1 rejected)',
      lastStatus: '200 · just now',
      // The rejected body never reaches callers: they get the constructed alerts, labelled a replay.
      source: 'REPLAY',
      severity: 'failing',
    });
    expect(alerts.lastError).toMatch(/^Rejected upstream body: /);
    // Never asked for: nothing to report, nothing wrong.
    expect(byKey.get('kp-index')).toMatchObject({
      upstreamFetches: '0',
      cacheHits: '0',
      lastStatus: 'not asked yet',
      dataAge: 'no data yet',
      source: 'none yet',
      lastError: null,
      problem: false,
    });
  });
});

describe('a stats answer of an unknown shape', () => {
  const report: ResourceReport = {
    upstreamFetches: 4,
    cacheHits: 120,
    coalesced: 3,
    servedStale: 1,
    upstreamNotModified: 2,
    rejectedBodies: 0,
    replays: 0,
    lastUpstreamStatus: 304,
    lastUpstreamAt: Date.parse('2026-02-09T15:25:00Z'),
    lastError: null,
    lastArchiveError: 'connection refused',
    source: 'upstream',
    dataTime: Date.parse('2026-02-09T15:00:00Z'),
    dataAgeMs: 30 * 60_000,
    nextUpstreamInMs: 60_000,
    cadenceMs: 300_000,
  };

  it('reads a hand-written report with every field, archive errors included', () => {
    const view = statsRows({
      serverTime: '2026-02-09T15:30:00.000Z',
      resources: { 'kp-index': report },
    });
    expect(view).toEqual({
      kind: 'table',
      serverTime: Date.parse('2026-02-09T15:30:00Z'),
      rows: [
        {
          key: 'kp-index',
          resource: 'kp-index',
          upstreamFetches: '4 (2 not modified)',
          cacheHits: '120 (+3 coalesced, 1 served stale)',
          lastStatus: '304 · 5 min ago',
          dataAge: '30 min ago',
          source: 'upstream',
          replay: false,
          lastError: 'Archive: connection refused',
          problem: true,
          severity: 'failing',
        },
      ],
    });
  });

  it.each([
    ['null', null, 'it is not a JSON object'],
    ['an array', [report], 'it is not a JSON object'],
    ['a string', 'ok', 'it is not a JSON object'],
    ['no resources', { serverTime: '2026-02-09T15:30:00Z' }, 'it has no "resources" object'],
    ['resources as an array', { resources: [report] }, 'it has no "resources" object'],
    ['resources null', { resources: null }, 'it has no "resources" object'],
  ])('says the answer could not be read for %s', (_name, body, why) => {
    expect(statsRows(body)).toEqual({ kind: 'unreadable', message: `${UNREADABLE}: ${why}.` });
  });

  it('keeps going past entries and fields it cannot read', () => {
    const view = statsRows({
      serverTime: 'not a date',
      resources: {
        'kp-index': 'broken',
        'solar-wind': {},
        'magnetic-field': {
          ...report,
          upstreamFetches: '4',
          cacheHits: -1,
          lastUpstreamStatus: 'teapot',
          dataAgeMs: 'old',
          source: 'somewhere',
          lastError: 42,
          lastArchiveError: null,
          recent: [1, 2],
        },
      },
    });
    if (view.kind !== 'table') throw new Error(view.kind);
    expect(view.serverTime).toBeNull();
    const [kp, wind, mag] = view.rows;
    expect(kp).toMatchObject({
      key: 'kp-index',
      lastError: 'This entry could not be read',
      problem: true,
      severity: 'failing',
    });
    // An empty object: nothing asked, nothing known.
    expect(wind).toMatchObject({
      upstreamFetches: '—',
      cacheHits: '—',
      lastStatus: 'not asked yet',
      dataAge: 'no data yet',
      source: 'none yet',
      problem: false,
    });
    // Wrong types show a dash, never "NaN" or "[object Object]"; an unknown status counts as a failure.
    expect(mag).toMatchObject({
      upstreamFetches: '—',
      cacheHits: '—',
      lastStatus: '—',
      dataAge: '—',
      source: '—',
      lastError: null,
      severity: 'failing',
    });
    // An older backend's `recent` window (SWPC retired the 2-hour files) adds no row.
    expect(view.rows).toHaveLength(3);
  });

  it('shows why there are no statistics when the request failed, and waits before the first answer', () => {
    expect(statsView(null)).toEqual({ kind: 'waiting' });
    expect(statsView({ ok: false, reason: 'HTTP 502 Bad Gateway' })).toEqual({
      kind: 'unavailable',
      message: 'Statistics unavailable: HTTP 502 Bad Gateway',
    });
    expect(statsView({ ok: true, body: { resources: {} } })).toEqual({
      kind: 'table',
      serverTime: null,
      rows: [],
    });
    expect(statsView({ ok: true, body: null })).toMatchObject({ kind: 'unreadable' });
  });
});
