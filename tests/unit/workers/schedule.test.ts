import { describe, expect, it } from 'vitest';
import {
  backoffMs,
  dataAgeMs,
  feedState,
  isPollDue,
  joinHorizonMs,
  joinsRound,
  nextPollAt,
  pollRound,
} from '../../../workers/schedule.ts';
import { nextFeedStatus } from '../../../workers/feedStatus.ts';
import { SOURCES, backendUrl, pollOrder, swpcUrl } from '../../../core/products/sources.ts';
import { UPSTREAM_FILES } from '../../../core/products/upstreamFiles.ts';
import { NORMALISERS, normalise } from '../../../core/normalise/index.ts';
import { RESOURCES, type FeedStatus } from '../../../core/model.ts';
import { STORM_FRAMES, ovationBody } from '../../fixtures/swpc/ovation.ts';

const MIN = 60_000;
const T0 = Date.UTC(2026, 10, 22, 5, 0);
const on = { now: T0, online: true, forcedOffline: false, visible: true };
const oval = SOURCES['aurora-oval'];

describe('sources', () => {
  it('declares every resource with an SWPC path or a reason, cadence, max age and normaliser', () => {
    for (const r of RESOURCES) {
      const s = SOURCES[r];
      expect(s.resource).toBe(r);
      expect(s.cadenceMs).toBeGreaterThanOrEqual(MIN);
      expect(s.maxAgeMs).toBeGreaterThan(s.cadenceMs);
      expect(typeof NORMALISERS[r]).toBe('function');
      expect(UPSTREAM_FILES[r].schema.length).toBeGreaterThan(20);
      // SDO's pictures and GFZ Potsdam's Kp are not SWPC's: only through our backend.
      if (r === 'sdo-images' || r === 'kp-gfz') expect(swpcUrl(r)).toBeNull();
      else
        expect(swpcUrl(r)).toMatch(/^https:\/\/services\.swpc\.noaa\.gov\/(products|json|text)\//);
    }
    expect(backendUrl('https://api.example.org/', 'solar-wind')).toBe(
      'https://api.example.org/functions/v1/space-weather/solar-wind',
    );
    expect(backendUrl('https://api.example.org', 'magnetic-field', { compact: { since: 5 } })).toBe(
      'https://api.example.org/functions/v1/space-weather/magnetic-field?format=compact&since=5',
    );
    // The grid's `since` names the frame held (the new one may come as the difference from it);
    // text products have no compact form.
    expect(backendUrl('https://api.example.org', 'aurora-oval', { compact: { since: 5 } })).toBe(
      'https://api.example.org/functions/v1/space-weather/aurora-oval?format=compact&since=5',
    );
    expect(backendUrl('https://api.example.org', 'kp-forecast', { compact: { since: 5 } })).toBe(
      'https://api.example.org/functions/v1/space-weather/kp-forecast',
    );
  });

  it('polls the urgent and small products first', () => {
    const order = pollOrder();
    expect(order.slice(0, 2)).toEqual(['kp-index', 'alerts']);
    expect(order.indexOf('aurora-oval')).toBeLessThan(order.indexOf('three-day-forecast'));
  });
});

describe('poll schedule', () => {
  it('polls a source that was never polled at once, then after its cadence', () => {
    expect(isPollDue(oval, { lastAttempt: null, failures: 0 }, on)).toBe(true);
    expect(isPollDue(oval, { lastAttempt: T0 - 4 * MIN, failures: 0 }, on)).toBe(false);
    expect(isPollDue(oval, { lastAttempt: T0 - 5 * MIN, failures: 0 }, on)).toBe(true);
  });

  it('does not poll while offline or forced offline, and resumes at once on reconnect', () => {
    const memory = { lastAttempt: T0 - 60 * MIN, failures: 0 };
    expect(nextPollAt(oval, memory, { ...on, online: false })).toBeNull();
    expect(nextPollAt(oval, memory, { ...on, forcedOffline: true })).toBeNull();
    expect(isPollDue(oval, memory, on)).toBe(true);
  });

  it('slows down in a hidden tab and is due at once when it becomes visible', () => {
    const memory = { lastAttempt: T0 - 6 * MIN, failures: 0 };
    expect(isPollDue(oval, memory, { ...on, visible: false })).toBe(false);
    expect(nextPollAt(oval, memory, { ...on, visible: false })).toBe(T0 - 6 * MIN + 25 * MIN);
    expect(isPollDue(oval, memory, { ...on, visible: true })).toBe(true);
  });

  it('backs off a failing upstream, doubling up to a cap', () => {
    expect(backoffMs(MIN, 0)).toBe(MIN);
    expect(backoffMs(MIN, 1)).toBe(2 * MIN);
    expect(backoffMs(MIN, 3)).toBe(8 * MIN);
    expect(backoffMs(MIN, 10)).toBe(16 * MIN);
    expect(backoffMs(24 * 60 * MIN, 3)).toBe(24 * 60 * MIN);
    expect(isPollDue(oval, { lastAttempt: T0 - 6 * MIN, failures: 1 }, on)).toBe(false);
  });
});

function status(patch: Partial<FeedStatus>): FeedStatus {
  return {
    id: 'aurora-oval',
    lastAttempt: null,
    lastSuccess: null,
    dataTime: null,
    etag: null,
    lastModified: null,
    state: 'stale',
    error: null,
    schemaDrift: false,
    replay: false,
    ...patch,
  };
}

describe('keeping products in step', () => {
  const wind = SOURCES['solar-wind'];
  const alerts = SOURCES.alerts;
  const at = (lastAttempt: number, failures = 0) => ({ lastAttempt, failures });
  /** A round that comes again at once: only the horizon lets a product join it. */
  const onlyHorizon = 0;

  it('lets a product join a round within 5 s, or a tenth of its interval when that is longer', () => {
    expect(joinHorizonMs(20_000)).toBe(5_000);
    expect(joinHorizonMs(MIN)).toBe(6_000);
    expect(joinHorizonMs(5 * MIN)).toBe(30_000);
    // A 1-minute product last asked 54 s ago is 6 s from due: it goes now; 7 s from due, it waits.
    expect(joinsRound(wind, at(T0 - 54_000), on, onlyHorizon)).toBe(true);
    expect(joinsRound(wind, at(T0 - 53_000), on, onlyHorizon)).toBe(false);
    // A 5-minute product joins a round 30 s early, not 31 s.
    expect(joinsRound(oval, at(T0 - 4.5 * MIN), on, onlyHorizon)).toBe(true);
    expect(joinsRound(oval, at(T0 - 4.5 * MIN + 1_000), on, onlyHorizon)).toBe(false);
  });

  it('takes along a product that would come due before the round comes again', () => {
    // The 1-minute round runs now and next in a minute: the alerts (3 min) due in 40 s go now.
    expect(joinsRound(alerts, at(T0 - 140_000), on, MIN)).toBe(true);
    // Due in 70 s, or in 58 s (close to the next round, a minute away): the next round takes them.
    expect(joinsRound(alerts, at(T0 - 110_000), on, MIN)).toBe(false);
    expect(joinsRound(alerts, at(T0 - 122_000), on, MIN)).toBe(false);
    // Solar wind deferred 25 s behind Kp at the first poll is brought into Kp's round.
    expect(joinsRound(wind, at(T0 - 35_000), on, MIN)).toBe(true);
  });

  it('never asks again before half the interval has passed since the last attempt', () => {
    expect(joinsRound(wind, at(T0 - 29_000), on, MIN)).toBe(false);
    expect(joinsRound(wind, at(T0 - 30_000), on, MIN)).toBe(true);
    expect(joinsRound(oval, at(T0 - 2 * MIN), on, 5 * MIN)).toBe(false);
  });

  it('keeps a failing product to its back-off, and nothing joins while offline', () => {
    expect(joinsRound(wind, at(T0 - 59_000, 1), on, MIN)).toBe(false);
    expect(joinsRound(wind, at(T0 - 59_000), { ...on, online: false }, MIN)).toBe(false);
    expect(joinsRound(wind, at(T0 - 59_000), { ...on, forcedOffline: true }, MIN)).toBe(false);
  });

  it('measures the horizon on the hidden-tab interval in a hidden tab', () => {
    // Hidden, the 1-minute product polls every 5 min: 56 s since the last is under half of that.
    expect(joinsRound(wind, at(T0 - 56_000), { ...on, visible: false }, 5 * MIN)).toBe(false);
    expect(joinsRound(wind, at(T0 - 4.5 * MIN), { ...on, visible: false }, onlyHorizon)).toBe(true);
  });

  it('makes a round of what is due, what is due soon, and what would otherwise go alone before it comes again', () => {
    const kp1m = SOURCES['kp-1m'];
    const kpIndex = SOURCES['kp-index'];
    const candidate = (key: string, source: typeof wind, lastAttempt: number, due = false) => ({
      key,
      source,
      memory: at(lastAttempt),
      due,
      mayJoin: true,
    });
    // The alerts are due; the 1-minute products (due in 2 s) join, so the round comes again in a
    // minute: the 5-minute Kp due in 2 min waits for a later round instead of going every 3 min.
    expect(
      pollRound(
        [
          candidate('alerts', alerts, T0 - 3 * MIN, true),
          candidate('kp-1m', kp1m, T0 - 58_000),
          candidate('kp-index', kpIndex, T0 - 3 * MIN),
        ],
        on,
      ),
    ).toEqual(['alerts', 'kp-1m']);
    // Alone, the alerts' round comes again in 3 min: Kp, due before that, goes now.
    expect(
      pollRound(
        [
          candidate('alerts', alerts, T0 - 3 * MIN, true),
          candidate('kp-index', kpIndex, T0 - 3 * MIN),
        ],
        on,
      ),
    ).toEqual(['alerts', 'kp-index']);
    // Nothing due: no round. Held back by the first poll: not taken along.
    expect(pollRound([candidate('kp-1m', kp1m, T0 - 58_000)], on)).toEqual([]);
    expect(
      pollRound(
        [
          candidate('alerts', alerts, T0 - 3 * MIN, true),
          { ...candidate('kp-1m', kp1m, T0 - 58_000), mayJoin: false },
        ],
        on,
      ),
    ).toEqual(['alerts']);
  });
});

describe('feed freshness', () => {
  it('is fresh while the data is younger than the max age', () => {
    expect(
      feedState(status({ lastAttempt: T0, lastSuccess: T0, dataTime: T0 - 10 * MIN }), oval, T0),
    ).toBe('fresh');
  });

  it('is error when the last attempt failed, whatever the data age', () => {
    expect(
      feedState(
        status({
          lastAttempt: T0,
          lastSuccess: T0 - 5 * MIN,
          dataTime: T0 - 10 * MIN,
          error: 'aurora-oval: truncated JSON',
        }),
        oval,
        T0,
      ),
    ).toBe('error');
  });

  it('is stale when old data could not be refreshed (offline)', () => {
    expect(
      feedState(
        status({
          lastAttempt: T0 - 3 * 60 * MIN,
          lastSuccess: T0 - 3 * 60 * MIN,
          dataTime: T0 - 3 * 60 * MIN - 5 * MIN,
        }),
        oval,
        T0,
      ),
    ).toBe('stale');
  });

  it('is frozen when fetches succeed but the data time stopped advancing', () => {
    expect(
      feedState(status({ lastAttempt: T0, lastSuccess: T0, dataTime: T0 - 45 * MIN }), oval, T0),
    ).toBe('frozen');
  });

  it('calls backend replays stale, not frozen', () => {
    expect(
      feedState(
        status({
          lastAttempt: T0,
          lastSuccess: T0,
          dataTime: T0 - 400 * 24 * 60 * MIN,
          replay: true,
        }),
        oval,
        T0,
      ),
    ).toBe('stale');
  });

  it('measures alerts by the last fetch: an alert list of old bulletins is still fresh', () => {
    const alerts = SOURCES.alerts;
    expect(
      feedState(
        status({
          id: 'alerts',
          lastAttempt: T0,
          lastSuccess: T0,
          dataTime: T0 - 3 * 24 * 60 * MIN,
        }),
        alerts,
        T0,
      ),
    ).toBe('fresh');
    expect(dataAgeMs(status({ lastSuccess: T0 - MIN, dataTime: T0 - 99 * MIN }), alerts, T0)).toBe(
      MIN,
    );
  });

  it('detects the storm-day OVATION feed freezing when the same frame keeps coming back', () => {
    // Consecutive constructed frames (tests/fixtures/swpc): 14:22, 14:26, 14:32 observation times.
    const frames = STORM_FRAMES.slice(0, 3).map((shape) => {
      // Normalised when fetched (times after `now` are refused): 14:35, the first poll below.
      const r = normalise('aurora-oval', ovationBody(shape), {
        now: Date.UTC(2022, 3, 14, 14, 35),
      });
      if (!r.ok) throw new Error(r.error);
      return r;
    });
    let s: FeedStatus | null = null;
    const start = Date.UTC(2022, 3, 14, 14, 35);
    // Three polls with advancing frames, then the 14:32 frame again every 5 minutes.
    const served = [frames[0], frames[1], frames[2], ...Array.from({ length: 8 }, () => frames[2])];
    const states: string[] = [];
    served.forEach((frame, i) => {
      const now = start + i * 5 * MIN;
      if (!frame) throw new Error('no frame');
      s = nextFeedStatus(
        s,
        'aurora-oval',
        {
          kind: 'success',
          dataTime: frame.dataTime,
          etag: null,
          lastModified: null,
          schemaDrift: false,
          replay: false,
        },
        now,
      );
      states.push(s.state);
    });
    expect(states.slice(0, 3)).toEqual(['fresh', 'fresh', 'fresh']);
    // 14:32 data is over 30 min old by 15:05 while fetches keep succeeding.
    expect(states).toContain('frozen');
    expect(states[states.length - 1]).toBe('frozen');
    // 14:55 and 15:00: older than the 20-minute max age, not yet 30 minutes without a new frame.
    expect(states.slice(3, 7)).toEqual(['fresh', 'stale', 'stale', 'frozen']);
  });
});

describe('feed status after a poll', () => {
  it('keeps the last good data time and validators when a poll fails', () => {
    const good = nextFeedStatus(
      null,
      'kp-index',
      {
        kind: 'success',
        dataTime: T0 - 2 * 60 * MIN,
        etag: '"a"',
        lastModified: null,
        schemaDrift: false,
        replay: false,
      },
      T0,
    );
    const bad = nextFeedStatus(
      good,
      'kp-index',
      { kind: 'failure', error: 'kp-index: received an HTML page instead of data' },
      T0 + 5 * MIN,
    );
    expect(bad).toMatchObject({
      lastSuccess: T0,
      dataTime: T0 - 2 * 60 * MIN,
      etag: '"a"',
      state: 'error',
      error: 'kp-index: received an HTML page instead of data',
    });
    const back = nextFeedStatus(bad, 'kp-index', { kind: 'not-modified' }, T0 + 10 * MIN);
    expect(back).toMatchObject({ lastSuccess: T0 + 10 * MIN, error: null, state: 'fresh' });
  });

  it('never moves the data time backwards', () => {
    const a = nextFeedStatus(
      null,
      'kp-index',
      {
        kind: 'success',
        dataTime: T0,
        etag: null,
        lastModified: null,
        schemaDrift: false,
        replay: false,
      },
      T0,
    );
    const b = nextFeedStatus(
      a,
      'kp-index',
      {
        kind: 'success',
        dataTime: T0 - 3 * 60 * MIN,
        etag: null,
        lastModified: null,
        schemaDrift: true,
        replay: false,
      },
      T0 + MIN,
    );
    expect(b.dataTime).toBe(T0);
    expect(b.schemaDrift).toBe(true);
  });
});
