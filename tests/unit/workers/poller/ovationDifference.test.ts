/**
 * The worker's OVATION poll against the real space-weather function when the worker already
 * holds the previous frame: it asks `since` that frame, gets the new one as the difference from
 * it (core/compact/gridDiff.ts) — alone or inside a poll round's multi exchange — and stores
 * exactly what the agency's new file gives. A worker whose held frame is gone still gets the new
 * frame whole.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, removeDatabase, type AuroraDatabase } from '../../../../sync/database.ts';
import { readFeedStatus } from '../../../../sync/write.ts';
import type { Resource } from '../../../../core/model.ts';
import { readMulti } from '../../../../core/compact/multiForm.ts';
import { createSpaceWeatherHandler } from '../../../../supabase/functions/space-weather/handler.ts';
import { createFileReplayLoader } from '../../../../supabase/functions/space-weather/replay.ts';
import { SpaceWeatherService } from '../../../../supabase/functions/space-weather/service.ts';
import { validateWithNormalise } from '../../../../supabase/functions/space-weather/validate.ts';
import { databaseStore } from '../../../../workers/poller/store.ts';
import { pollResource, type PollDeps } from '../../../../workers/poller/pollResource.ts';
import { createBatcher } from '../../../../workers/request/batcher.ts';
import { createInFlight } from '../../../../workers/request/inFlight.ts';
import type { FetchLike } from '../../../../workers/request/requestWithRetry.ts';
import { constructed } from '../../../support/constructedSwpc.ts';

const OVATION = 'json/ovation_aurora_latest.json';
const KP_1M = 'json/planetary_k_index_1m.json';
const FIVE_MIN = 5 * 60_000;
// Just before the constructed 1-minute Kp file's newest row, so both products of a round are current.
const FIRST = Date.parse('2026-07-09T10:00:00Z');

const opened: AuroraDatabase[] = [];
let n = 0;
afterEach(async () => {
  for (const db of opened.splice(0)) if (!db.closed) await removeDatabase(db);
});

async function openDb(): Promise<AuroraDatabase> {
  const db = await openDatabase({ storage: 'memory', name: `ovation-diff-${process.pid}-${n++}` });
  opened.push(db);
  return db;
}

/**
 * The constructed OVATION file `frames` × 5 minutes later, its oval turned one degree of longitude
 * a frame as the Earth turns under it (the file lists 181 latitudes per longitude).
 */
function ovationFrame(frames: number): string {
  const file = JSON.parse(constructed('ovation_aurora_latest.json')) as {
    coordinates: [number, number, number][];
  };
  const values = file.coordinates.map((c) => c[2]);
  const time = (t: number) => new Date(t).toISOString().replace('.000', '');
  const observed = FIRST + frames * FIVE_MIN;
  return JSON.stringify({
    ...file,
    'Observation Time': time(observed),
    'Forecast Time': time(observed + 30 * 60_000),
    coordinates: file.coordinates.map(([lon, lat], i) => [
      lon,
      lat,
      values[(i + frames * 181) % values.length],
    ]),
  });
}

/** SWPC's files (a third party): what the function and the direct poll read. */
function agency(files: Map<string, string>): FetchLike {
  return async (url) => {
    const body = files.get(url.replace(/^https?:\/\/[^/]+\//, '').split('?')[0]!);
    return body === undefined
      ? new Response('not found', { status: 404 })
      : new Response(body, { headers: { 'content-type': 'application/json' } });
  };
}

/** The real function; every answer's grid encodings are noted (single or inside a multi answer). */
function backend(files: Map<string, string>, clock: { now: number }) {
  const service = new SpaceWeatherService({
    baseUrl: 'https://services.swpc.noaa.gov',
    fetch: agency(files) as unknown as typeof globalThis.fetch,
    now: () => clock.now,
    validate: validateWithNormalise,
    replay: createFileReplayLoader(),
  });
  const handler = createSpaceWeatherHandler(() => service);
  const urls: string[] = [];
  const encodings: string[] = [];
  const noteGrids = (text: string | null) => {
    if (!text) return;
    const body = JSON.parse(text) as { grids?: { encoding: string }[] };
    for (const g of body.grids ?? []) encodings.push(g.encoding);
  };
  const fetch: FetchLike = async (url, init) => {
    urls.push(url);
    const response = await handler(new Request(url, init));
    if (response.status !== 200) return response;
    const text = await response.clone().text();
    if (url.includes('/multi?')) {
      const multi = readMulti(text);
      if (multi.ok) for (const item of multi.items) noteGrids(item.body);
    } else if (url.includes('aurora-oval')) noteGrids(text);
    return response;
  };
  return { fetch, urls, encodings };
}

function deps(db: AuroraDatabase, fetch: FetchLike, base: string | null, clock: { now: number }) {
  return {
    fetch,
    backendBase: base,
    store: databaseStore(db),
    now: () => clock.now,
    inFlight: createInFlight(),
    batcher: createBatcher(),
  } satisfies PollDeps;
}

async function storedGrids(db: AuroraDatabase) {
  const docs = await db.grids.find({ sort: [{ observationTime: 'asc' }] }).exec();
  return docs.map((d) => {
    const { observationTime, forecastTime, values } = d.toJSON() as Record<string, unknown>;
    return { observationTime, forecastTime, values };
  });
}

/** What polling SWPC's files directly stores, frame by frame. */
async function directly(frames: number[], clock: { now: number }) {
  const db = await openDb();
  for (const f of frames) {
    const files = new Map([[OVATION, ovationFrame(f)]]);
    await pollResource('aurora-oval', deps(db, agency(files), null, clock));
  }
  return storedGrids(db);
}

describe('the OVATION frame after the one held', () => {
  it('is asked since the frame held, comes as the difference from it, and stores what the agency’s file gives', async () => {
    const clock = { now: FIRST + 60_000 };
    const files = new Map([[OVATION, ovationFrame(0)]]);
    const server = backend(files, clock);
    const db = await openDb();
    const d = deps(db, server.fetch, 'http://api.test', clock);
    expect(await pollResource('aurora-oval', d)).toMatchObject({ outcome: 'updated' });
    files.set(OVATION, ovationFrame(1));
    clock.now += FIVE_MIN;
    expect(await pollResource('aurora-oval', d)).toMatchObject({
      outcome: 'updated',
      error: null,
    });
    expect(server.urls[1]).toBe(
      `http://api.test/functions/v1/space-weather/aurora-oval?format=compact&since=${FIRST}`,
    );
    expect(server.encodings).toEqual(['sub-base64', 'shift-diff-base64']);
    expect(await storedGrids(db)).toEqual(await directly([0, 1], clock));
    expect((await readFeedStatus(db, 'aurora-oval'))?.dataTime).toBe(FIRST + FIVE_MIN);
  });

  it('comes as the difference inside a poll round’s one exchange too', async () => {
    const clock = { now: FIRST + 60_000 };
    const files = new Map([
      [OVATION, ovationFrame(0)],
      [KP_1M, constructed('planetary_k_index_1m.json')],
    ]);
    const server = backend(files, clock);
    const db = await openDb();
    const d = deps(db, server.fetch, 'http://api.test', clock);
    const round: Resource[] = ['aurora-oval', 'kp-1m'];
    await Promise.all(round.map((r) => pollResource(r, d)));
    files.set(OVATION, ovationFrame(1));
    clock.now += FIVE_MIN;
    const reports = await Promise.all(round.map((r) => pollResource(r, d)));
    expect(reports.map((r) => r.error)).toEqual([null, null]);
    expect(server.urls).toHaveLength(2);
    expect(server.urls[1]).toContain(`/space-weather/multi?aurora-oval=${FIRST}.`);
    expect(server.encodings).toEqual(['sub-base64', 'shift-diff-base64']);
    expect(await storedGrids(db)).toEqual(await directly([0, 1], clock));
  });

  it('comes whole when the frame the worker asked since is no longer stored', async () => {
    const clock = { now: FIRST + 60_000 };
    const files = new Map([[OVATION, ovationFrame(0)]]);
    const server = backend(files, clock);
    const db = await openDb();
    const d = deps(db, server.fetch, 'http://api.test', clock);
    await pollResource('aurora-oval', d);
    // The frame is gone (storage cleared by the browser, say) while the feed row still names it.
    await db.grids.find().remove();
    files.set(OVATION, ovationFrame(1));
    clock.now += FIVE_MIN;
    expect(await pollResource('aurora-oval', d)).toMatchObject({
      outcome: 'updated',
      error: null,
    });
    expect(server.encodings).toEqual(['sub-base64', 'shift-diff-base64', 'sub-base64']);
    expect(server.urls.at(-1)).toBe(
      'http://api.test/functions/v1/space-weather/aurora-oval?format=compact',
    );
    expect(await storedGrids(db)).toEqual((await directly([0, 1], clock)).slice(1));
  });
});
