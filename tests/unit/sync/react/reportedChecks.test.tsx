// @vitest-environment jsdom
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AuroraDatabase } from '../../../../sync/database.ts';
import type { FeedStatus } from '../../../../core/model.ts';
import {
  DatabaseProvider,
  useFeedStatus,
  useFeedStatuses,
  useSpaceWeatherSummary,
} from '../../../../sync/react/index.ts';
import { writeFeedStatus } from '../../../../sync/write.ts';
import {
  forgetReportedChecks,
  recordReportedCheck,
  withReportedCheck,
} from '../../../../sync/feeds/reportedChecks.ts';
import { disposeTestDatabase, openTestDatabase } from '../../../support/testDb.ts';

const MIN = 60_000;
let db: AuroraDatabase | undefined;

afterEach(async () => {
  cleanup();
  forgetReportedChecks();
  await disposeTestDatabase(db);
  db = undefined;
});

const wrapperFor =
  (database: AuroraDatabase) =>
  ({ children }: { children: ReactNode }) => (
    <DatabaseProvider database={database}>{children}</DatabaseProvider>
  );

/** The alerts row as the poller last stored it: a good fetch `ago` ms before `now`. */
function alertsStored(now: number, ago: number): FeedStatus {
  return {
    id: 'alerts',
    lastAttempt: now - ago,
    lastSuccess: now - ago,
    dataTime: now - 3 * 86_400_000,
    etag: '"v1"',
    lastModified: null,
    state: 'fresh',
    error: null,
    schemaDrift: false,
    replay: false,
  };
}

describe('the check times the page’s poller reports, laid over the stored feed rows', () => {
  it('keep alerts fresh on this page though their stored fetch time is 40 min old, without a write', async () => {
    db = await openTestDatabase();
    const now = Date.now();
    // Alerts are aged from the last fetch, fresh for 15 min (core/products/products.ts).
    await writeFeedStatus(db, alertsStored(now, 40 * MIN));
    const one = renderHook(() => useFeedStatus('alerts', now), { wrapper: wrapperFor(db) });
    const all = renderHook(() => useFeedStatuses(now), { wrapper: wrapperFor(db) });
    await waitFor(() => expect(one.result.current.data?.state).toBe('stale'));
    expect(all.result.current.data[0]?.state).toBe('stale');
    act(() => recordReportedCheck('alerts', { lastSuccess: now - MIN, lastAttempt: now - MIN }));
    await waitFor(() => expect(one.result.current.data?.state).toBe('fresh'));
    expect(one.result.current.data?.lastSuccess).toBe(now - MIN);
    expect(all.result.current.data[0]?.state).toBe('fresh');
  });

  it('keep a frozen solar wind frozen in the summary (upstream still answers), not stale', async () => {
    db = await openTestDatabase();
    const now = Date.now();
    // Its newest sample is 40 min old (frozen after 30); the stored success is 20 min old, past
    // the 15 min the summary needs to call it "still heard from".
    await writeFeedStatus(db, {
      ...alertsStored(now, 20 * MIN),
      id: 'solar-wind',
      dataTime: now - 40 * MIN,
    });
    const summary = renderHook(() => useSpaceWeatherSummary(now), { wrapper: wrapperFor(db) });
    await waitFor(() =>
      expect(summary.result.current.data.details.solarWindSpeed.state).toBe('stale'),
    );
    act(() =>
      recordReportedCheck('solar-wind', { lastSuccess: now - MIN, lastAttempt: now - MIN }),
    );
    await waitFor(() =>
      expect(summary.result.current.data.details.solarWindSpeed.state).toBe('frozen'),
    );
  });

  it('only ever move a stored time forward, and leave other rows as they are', () => {
    const now = Date.UTC(2026, 10, 27, 6);
    const row = alertsStored(now, 5 * MIN);
    recordReportedCheck('alerts', { lastSuccess: now - 20 * MIN, lastAttempt: now - 20 * MIN });
    expect(withReportedCheck(row)).toBe(row);
    recordReportedCheck('alerts', { lastSuccess: null, lastAttempt: now });
    // The last attempt failed after the stored success: the success stays, the attempt moves.
    expect(withReportedCheck(row)).toEqual({ ...row, lastAttempt: now });
    const other = { ...row, id: 'kp-1m' as const };
    expect(withReportedCheck(other)).toBe(other);
  });
});
