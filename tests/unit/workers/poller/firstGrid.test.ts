import { describe, expect, it } from 'vitest';
import { COMPACT_FORM_HEADER, encodeCompact } from '../../../../core/compact/compactForm.ts';
import { fetchFirstGrid, type FirstGridDeps } from '../../../../workers/poller/firstGrid.ts';
import { loadOvationFixture } from '../../../support/ovationFixture.ts';

const BACKEND = 'https://backend.invalid';
const grid = loadOvationFixture();
const NOW = grid.observationTime + 5 * 60_000;

const compactBody = () =>
  encodeCompact({
    resource: 'aurora-oval',
    dataTime: grid.observationTime,
    schemaDrift: false,
    series: [],
    grids: [grid],
  });

/** A fetch that answers every request with `answer` and records the URLs asked for. */
function recordingFetch(answer: () => Response) {
  const urls: string[] = [];
  return {
    urls,
    fetch: (url: string) => {
      urls.push(url);
      return Promise.resolve(answer());
    },
  };
}

const deps = (over: Partial<FirstGridDeps>): FirstGridDeps => ({
  fetch: () => Promise.reject(new Error('no fetch expected')),
  backendBase: BACKEND,
  now: () => NOW,
  online: true,
  forcedOffline: false,
  kept: () => Promise.resolve(false),
  ...over,
});

describe("a first visit's oval before RxDB (the worker's first grid)", () => {
  it('asks our backend once for the compact grid and hands over the decoded frame with its times', async () => {
    const f = recordingFetch(
      () => new Response(compactBody(), { headers: { [COMPACT_FORM_HEADER]: 'compact' } }),
    );
    const got = await fetchFirstGrid(deps({ fetch: f.fetch }));
    expect(f.urls).toEqual([`${BACKEND}/functions/v1/space-weather/aurora-oval?format=compact`]);
    expect(got?.observationTime).toBe(grid.observationTime);
    expect(got?.forecastTime).toBe(grid.forecastTime);
    expect(got?.values).toEqual(grid.values);
  });

  it('fetches nothing when a grid is kept already, offline, in Go Offline mode or without a backend', async () => {
    const f = recordingFetch(() => new Response(compactBody()));
    for (const over of [
      { kept: () => Promise.resolve(true) },
      { online: false },
      { forcedOffline: true },
      { backendBase: null },
    ]) {
      expect(await fetchFirstGrid(deps({ fetch: f.fetch, ...over }))).toBeNull();
    }
    expect(f.urls).toEqual([]);
  });

  it('hands over nothing (the poller then polls as usual) for an error, an agency file, a damaged body or no answer', async () => {
    const answers = [
      () => new Response('down', { status: 503 }),
      () => new Response('{"Observation Time":"x"}'),
      () => new Response('{"format":1}', { headers: { [COMPACT_FORM_HEADER]: 'compact' } }),
    ];
    for (const answer of answers)
      expect(await fetchFirstGrid(deps({ fetch: recordingFetch(answer).fetch }))).toBeNull();
    expect(
      await fetchFirstGrid(deps({ fetch: () => Promise.reject(new TypeError('Failed to fetch')) })),
    ).toBeNull();
  });

  it('gives up on a backend that never answers, so the worker goes on to its own polling', async () => {
    // A fetch that answers only by failing when its request is aborted, as a browser's does.
    const hanging = (_url: string, init: RequestInit) =>
      new Promise<Response>((_, reject) =>
        init.signal?.addEventListener('abort', () =>
          reject(new DOMException('aborted', 'AbortError')),
        ),
      );
    expect(await fetchFirstGrid(deps({ fetch: hanging, timeoutMs: 1 }))).toBeNull();
  });
});
