// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FeedStatus } from '../../../../core/model.ts';
import { feedStatus } from '../../../support/feedStatus.ts';
import { BackendStatsTable } from '../../../../src/features/debug/BackendStatsTable.tsx';
import { FeedStatusTable, NO_FEEDS_YET } from '../../../../src/features/debug/FeedStatusTable.tsx';

const NOW = Date.parse('2026-02-09T15:30:00Z');

const feed = (over: Partial<FeedStatus> & Pick<FeedStatus, 'id'>): FeedStatus =>
  feedStatus(over.id, {
    lastAttempt: NOW - 60_000,
    lastSuccess: NOW - 60_000,
    dataTime: NOW - 180_000,
    ...over,
  });

describe("the device's feed table", () => {
  it('has a named table with column headers, and marks rows that need a look', () => {
    render(
      <FeedStatusTable
        feeds={[
          feed({ id: 'kp-index' }),
          feed({
            id: 'solar-wind',
            state: 'stale',
            lastSuccess: NOW - 3_600_000,
            dataTime: NOW - 3_600_000,
          }),
          feed({ id: 'alerts', state: 'error', error: 'Backend answered 503' }),
        ]}
        isLoading={false}
        error={null}
        now={NOW}
      />,
    );
    const table = screen.getByRole('table', { name: "This device's feeds" });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Feed', 'State', 'Data age', 'Last success', 'Replay', 'Schema drift', 'Error']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.className)).toEqual([
      'debug-row',
      'debug-row debug-row--slow',
      'debug-row debug-row--failing',
    ]);
    expect(within(rows[2]!).getByText('Backend answered 503')).toBeTruthy();
    expect(within(rows[0]!).getByText('3 min ago')).toBeTruthy();
    expect(screen.getByText('3 feeds · 2 need a look')).toBeTruthy();
  });

  it('says so when the poller has written nothing yet, while loading, and on a database error', () => {
    const { rerender } = render(<FeedStatusTable feeds={[]} isLoading error={null} now={NOW} />);
    expect(screen.getByText('Reading feed statuses…')).toBeTruthy();
    rerender(<FeedStatusTable feeds={[]} isLoading={false} error={null} now={NOW} />);
    expect(screen.getByText(NO_FEEDS_YET)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    rerender(
      <FeedStatusTable
        feeds={[]}
        isLoading={false}
        error={new Error('IndexedDB is blocked')}
        now={NOW}
      />,
    );
    expect(screen.getByText('Feed statuses unavailable: IndexedDB is blocked')).toBeTruthy();
  });
});

describe('the backend statistics table', () => {
  it('shows a row per resource, marked by its state', () => {
    const report = {
      upstreamFetches: 2,
      cacheHits: 40,
      coalesced: 5,
      servedStale: 0,
      upstreamNotModified: 0,
      rejectedBodies: 0,
      replays: 1,
      lastUpstreamStatus: 'timeout',
      lastUpstreamAt: NOW - 60_000,
      lastError: 'Upstream timed out',
      lastArchiveError: null,
      source: 'replay',
      dataTime: NOW - 600_000,
      dataAgeMs: 600_000,
      nextUpstreamInMs: 0,
      cadenceMs: 60_000,
    };
    render(
      <BackendStatsTable
        result={{
          ok: true,
          body: {
            serverTime: new Date(NOW).toISOString(),
            resources: {
              'solar-wind': report,
            },
          },
        }}
      />,
    );
    const table = screen.getByRole('table', { name: 'Backend statistics' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.className).toBe('debug-row debug-row--failing');
    expect(within(rows[0]!).getByText('REPLAY')).toBeTruthy();
    expect(within(rows[0]!).getByText('40 (+5 coalesced)')).toBeTruthy();
    expect(within(rows[0]!).getByText('timed out · 1 min ago')).toBeTruthy();
    expect(within(rows[0]!).getByRole('rowheader').textContent).toBe('solar-wind');
  });

  it('says why there are no statistics instead of crashing', () => {
    const { rerender } = render(
      <BackendStatsTable result={{ ok: false, reason: 'HTTP 503 Service Unavailable' }} />,
    );
    expect(screen.getByText('Statistics unavailable: HTTP 503 Service Unavailable')).toBeTruthy();
    rerender(<BackendStatsTable result={{ ok: true, body: ['not', 'stats'] }} />);
    expect(screen.getByText(/^The stats answer could not be read/)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
