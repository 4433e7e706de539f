import { describe, expect, it } from 'vitest';
import { feedState } from '../../../workers/schedule.ts';
import { nextFeedStatus } from '../../../workers/feedStatus.ts';
import { FRESHNESS, liveFeedState } from '../../../core/products/freshness.ts';
import { SOURCES } from '../../../core/products/sources.ts';
import { RESOURCES, type FeedStatus } from '../../../core/model.ts';
import { gridFreshness, OVATION_MAX_AGE_MS } from '../../../src/features/map/freshness.ts';
import { feedStatus } from '../../support/feedStatus.ts';

const MIN = 60_000;
const DAY = 24 * 60 * MIN;
const T0 = Date.UTC(2026, 10, 23, 17, 0);

/** A feed row never polled yet, with what the test sets. */
const row = (patch: Partial<FeedStatus>): FeedStatus =>
  feedStatus('solar-wind', { lastAttempt: null, lastSuccess: null, dataTime: null, ...patch });

describe('one freshness window per product', () => {
  it('gives the poller’s sources and the map the same numbers', () => {
    for (const r of RESOURCES) {
      expect(SOURCES[r].maxAgeMs).toBe(FRESHNESS[r].maxAgeMs);
      expect(SOURCES[r].ageFrom).toBe(FRESHNESS[r].ageFrom);
      expect(SOURCES[r].frozenAfterMs).toBe(FRESHNESS[r].frozenAfterMs);
    }
    expect(OVATION_MAX_AGE_MS).toBe(FRESHNESS['aurora-oval'].maxAgeMs);
  });

  it('calls the map’s newest oval stale after the feed’s 20 minutes, not a map-only 30', () => {
    expect(gridFreshness(T0 - 25 * MIN, T0, null, true).stale).toBe(true);
    expect(gridFreshness(T0 - 15 * MIN, T0, null, true).stale).toBe(false);
  });
});

describe('feed state judged live from the row’s own times', () => {
  it('reads a row the poller stored as fresh three days ago as stale when opened offline now', () => {
    const stored = nextFeedStatus(
      null,
      'solar-wind',
      {
        kind: 'success',
        dataTime: T0 - 3 * DAY - MIN,
        etag: null,
        lastModified: null,
        schemaDrift: false,
        replay: false,
      },
      T0 - 3 * DAY,
    );
    expect(stored.state).toBe('fresh');
    expect(liveFeedState(stored, T0)).toBe('stale');
  });

  it('moves from fresh to stale as the clock passes the max age, with no new write', () => {
    const stored = row({ lastAttempt: T0, lastSuccess: T0, dataTime: T0 - MIN });
    expect(liveFeedState(stored, T0 + 13 * MIN)).toBe('fresh');
    expect(liveFeedState(stored, T0 + 15 * MIN)).toBe('stale');
  });

  it('keeps a frozen solar-wind feed frozen between polls five minutes apart (hidden tab), not flipping to stale and back', () => {
    // Upstream answers every poll with the same sample from 45 min before; a hidden tab polls every 5 min.
    const dataTime = T0 - 45 * MIN;
    const states: string[] = [];
    let s: FeedStatus | null = null;
    for (let poll = 0; poll < 3; poll++) {
      const at = T0 + poll * 5 * MIN;
      s = nextFeedStatus(
        s,
        'solar-wind',
        {
          kind: 'success',
          dataTime,
          etag: null,
          lastModified: null,
          schemaDrift: false,
          replay: false,
        },
        at,
      );
      for (const later of [0, MIN, 2 * MIN, 4 * MIN])
        states.push(feedState(s, SOURCES['solar-wind'], at + later));
    }
    expect(new Set(states)).toEqual(new Set(['frozen']));
  });

  it('stops calling a feed frozen once nothing has been heard for its max age', () => {
    const s = row({ lastAttempt: T0, lastSuccess: T0, dataTime: T0 - 45 * MIN });
    expect(liveFeedState(s, T0 + 10 * MIN)).toBe('frozen');
    expect(liveFeedState(s, T0 + 16 * MIN)).toBe('stale');
  });
});

describe('the solar-cycle prediction’s age', () => {
  it('is the file’s Last-Modified: a prediction issued 1,108 days ago reads stale, with that age, never fresh', () => {
    const s = nextFeedStatus(
      null,
      'predicted-solar-cycle',
      {
        kind: 'success',
        dataTime: null,
        etag: null,
        lastModified: 'Sat, 11 Nov 2023 00:00:00 GMT',
        schemaDrift: false,
        replay: false,
      },
      T0,
    );
    expect(s.dataTime).toBe(Date.UTC(2023, 10, 11));
    expect(Math.floor((T0 - s.dataTime!) / DAY)).toBe(1108);
    expect(s.state).toBe('stale');
  });

  it('is current when SWPC issued it last week', () => {
    const lastWeek = new Date(T0 - 7 * DAY).toUTCString();
    expect(
      nextFeedStatus(
        null,
        'predicted-solar-cycle',
        {
          kind: 'success',
          dataTime: null,
          etag: null,
          lastModified: lastWeek,
          schemaDrift: false,
          replay: false,
        },
        T0,
      ).state,
    ).toBe('fresh');
  });

  it('is unknown — stale, not fresh — when the file has no Last-Modified', () => {
    const s = nextFeedStatus(
      null,
      'predicted-solar-cycle',
      {
        kind: 'success',
        dataTime: null,
        etag: null,
        lastModified: null,
        schemaDrift: false,
        replay: false,
      },
      T0,
    );
    expect(s.dataTime).toBeNull();
    expect(s.state).toBe('stale');
  });
});
