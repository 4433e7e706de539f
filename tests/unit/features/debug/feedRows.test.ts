import { describe, expect, it } from 'vitest';
import type { FeedStatus } from '../../../../core/model.ts';
import { feedRow, feedRows, feedSummary } from '../../../../src/features/debug/feedRows.ts';

const NOW = Date.parse('2026-02-09T15:30:00Z');
const MIN = 60_000;

/** A feed row as the poller writes it (core/model.ts FeedStatus). */
function feed(over: Partial<FeedStatus> & Pick<FeedStatus, 'id'>): FeedStatus {
  return {
    lastAttempt: NOW - 1 * MIN,
    lastSuccess: NOW - 1 * MIN,
    dataTime: NOW - 3 * MIN,
    etag: '"a1b2"',
    lastModified: 'Mon, 09 Feb 2026 15:27:00 GMT',
    state: 'fresh',
    error: null,
    schemaDrift: false,
    replay: false,
    ...over,
  };
}

describe("this device's feed rows", () => {
  it('labels a fresh feed with its data age and last success, unmarked', () => {
    expect(feedRow(feed({ id: 'solar-wind' }), NOW)).toEqual({
      id: 'solar-wind',
      state: 'fresh',
      stateLabel: 'fresh',
      dataAge: '3 min ago',
      lastSuccess: '1 min ago',
      replay: false,
      replayLabel: '—',
      schemaDrift: false,
      schemaDriftLabel: '—',
      error: null,
      problem: false,
      severity: 'ok',
    });
  });

  it('marks stale and frozen feeds as slow, and errors as failing', () => {
    const rows = feedRows(
      [
        feed({
          id: 'kp-index',
          state: 'stale',
          dataTime: NOW - 8 * 60 * MIN,
          lastSuccess: NOW - 4 * 60 * MIN,
        }),
        // Served again a minute ago, its newest frame three days old: upstream stopped updating.
        feed({ id: 'aurora-oval', state: 'frozen', dataTime: NOW - 3 * 24 * 60 * MIN }),
        feed({
          id: 'magnetic-field',
          state: 'error',
          error: 'Backend answered 503',
          lastSuccess: NOW - 90 * MIN,
        }),
        // An error text on a feed still called fresh (the last poll failed, the data is recent) is marked too.
        feed({ id: 'alerts', error: 'Network error: Failed to fetch' }),
      ],
      NOW,
    );
    expect(rows.map((r) => [r.id, r.severity, r.problem])).toEqual([
      ['kp-index', 'slow', true],
      ['aurora-oval', 'slow', true],
      ['magnetic-field', 'failing', true],
      ['alerts', 'failing', true],
    ]);
    expect(rows[0]).toMatchObject({
      dataAge: '8 h ago',
      lastSuccess: '4 h ago',
      stateLabel: 'stale',
    });
    expect(rows[1]).toMatchObject({
      dataAge: '3 days ago',
      stateLabel: 'frozen (upstream stopped updating)',
    });
    expect(rows[2]).toMatchObject({
      error: 'Backend answered 503',
      lastSuccess: '1 h 30 min ago',
      stateLabel: 'error',
    });
  });

  it('flags replay and schema drift, and keeps the order it was given', () => {
    const rows = feedRows(
      [feed({ id: 'kp-1m', replay: true }), feed({ id: 'three-day-forecast', schemaDrift: true })],
      NOW,
    );
    expect(rows.map((r) => r.id)).toEqual(['kp-1m', 'three-day-forecast']);
    expect(rows[0]).toMatchObject({
      replay: true,
      replayLabel: 'REPLAY',
      schemaDriftLabel: '—',
      problem: false,
    });
    expect(rows[1]).toMatchObject({
      schemaDrift: true,
      schemaDriftLabel: 'DRIFT',
      replayLabel: '—',
    });
  });

  it('says what is missing for a feed never fetched, or tried but never successful', () => {
    const never = feedRow(
      feed({
        id: 'sdo-images',
        lastAttempt: null,
        lastSuccess: null,
        dataTime: null,
        state: 'stale',
      }),
      NOW,
    );
    expect(never).toMatchObject({ dataAge: 'no data yet', lastSuccess: 'never tried' });
    const failing = feedRow(
      feed({
        id: 'sdo-images',
        lastSuccess: null,
        dataTime: null,
        state: 'error',
        error: '  timed out ',
      }),
      NOW,
    );
    expect(failing).toMatchObject({
      lastSuccess: 'never',
      error: 'timed out',
      severity: 'failing',
    });
    // A blank error text is no error.
    expect(feedRow(feed({ id: 'kp-index', error: '   ' }), NOW)).toMatchObject({
      error: null,
      problem: false,
    });
  });

  it('judges the state at this clock, not the word the poller stored: a row stored fresh two days ago reads stale', () => {
    const old = feed({
      id: 'solar-wind',
      state: 'fresh',
      lastSuccess: NOW - 2 * 24 * 60 * MIN,
      dataTime: NOW - 2 * 24 * 60 * MIN - MIN,
    });
    expect(feedRow(old, NOW)).toMatchObject({
      state: 'stale',
      stateLabel: 'stale',
      severity: 'slow',
      problem: true,
    });
  });

  it('reads a data time a little ahead of this clock (skew) as just now', () => {
    expect(feedRow(feed({ id: 'kp-1m', dataTime: NOW + 2 * MIN }), NOW).dataAge).toBe('just now');
  });

  it('ages move on with the clock', () => {
    const f = feed({ id: 'solar-wind' });
    expect(feedRow(f, NOW).dataAge).toBe('3 min ago');
    expect(feedRow(f, NOW + 30_000 * 4).dataAge).toBe('5 min ago');
  });

  it('summarises how many feeds need a look', () => {
    expect(feedSummary(feedRows([feed({ id: 'kp-index' })], NOW))).toBe('1 feed · all fresh');
    expect(
      feedSummary(
        feedRows(
          [
            feed({ id: 'kp-index' }),
            feed({ id: 'alerts', state: 'error', error: 'x' }),
            feed({
              id: 'kp-1m',
              state: 'stale',
              dataTime: NOW - 60 * MIN,
              lastSuccess: NOW - 60 * MIN,
            }),
          ],
          NOW,
        ),
      ),
    ).toBe('3 feeds · 2 need a look');
    expect(
      feedSummary(
        feedRows([feed({ id: 'kp-index', state: 'stale', dataTime: NOW - 8 * 60 * MIN })], NOW),
      ),
    ).toBe('1 feed · 1 needs a look');
  });
});
