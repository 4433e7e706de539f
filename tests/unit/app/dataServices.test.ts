import { afterEach, describe, expect, it } from 'vitest';
import { CORE_FEEDS } from '../../../src/lib/coreFeeds.ts';
import {
  pollFailureMessage,
  retryFailures,
  shouldRefreshOnVisible,
  VISIBLE_REFRESH_MIN_GAP_MS,
} from '../../../src/app/dataServices.ts';
import { openDatabase, removeDatabase, type AuroraDatabase } from '../../../sync/database.ts';
import { RESOURCES, type Resource } from '../../../core/model.ts';
import { createPoller } from '../../../workers/poller/createPoller.ts';
import { summariseReport } from '../../../workers/poller/reportSummary.ts';
import { databaseStore } from '../../../workers/poller/store.ts';
import type { FetchLike } from '../../../workers/request/requestWithRetry.ts';
import { constructed } from '../../support/constructedSwpc.ts';

const MIN = 60_000;
const online = { online: true, forcedOffline: false };

describe('connecting the poller to the shell', () => {
  const failed = {
    resource: 'kp-index',
    outcome: 'failed',
    error: 'Request timed out after 10000ms',
    dataAgeMs: null,
    maxAgeMs: 7 * 60 * MIN,
  };

  it('puts a failed core product with nothing stored in the error banner, in the product’s wording', () => {
    expect(pollFailureMessage(failed, online)).toBe(
      'Failed to refresh data: kp-index — Request timed out after 10000ms',
    );
    expect(pollFailureMessage({ ...failed, error: null }, online)).toBe(
      'Failed to refresh data: kp-index — Unknown error occurred.',
    );
  });

  it('raises the banner when the stored data of a core product is out of date, not while it is current', () => {
    expect(pollFailureMessage({ ...failed, dataAgeMs: 8 * 60 * MIN }, online)).not.toBeNull();
    expect(pollFailureMessage({ ...failed, dataAgeMs: 7 * 60 * MIN }, online)).toBeNull();
    expect(pollFailureMessage({ ...failed, dataAgeMs: 10 * MIN }, online)).toBeNull();
  });

  it('leaves failures of secondary feeds to their own screens', () => {
    const sdo = {
      resource: 'sdo-images',
      outcome: 'failed',
      error: 'Network error: Failed to fetch',
      dataAgeMs: null,
      maxAgeMs: 2 * 60 * MIN,
    };
    expect(pollFailureMessage(sdo, online)).toBeNull();
    for (const resource of [
      'icao-advisories',
      'alerts',
      'kp-1m',
      'kp-forecast',
      'twenty-seven-day-outlook',
    ]) {
      expect(pollFailureMessage({ ...sdo, resource }, online)).toBeNull();
    }
  });

  it('treats the products of the map, the summary and the forecast as core, and nothing else', () => {
    expect([...CORE_FEEDS].every((r) => (RESOURCES as readonly string[]).includes(r))).toBe(true);
    expect([...CORE_FEEDS].sort()).toEqual(
      [
        'kp-index',
        'aurora-oval',
        'aurora-nowcast-hemi-power',
        'solar-wind',
        'magnetic-field',
        'three-day-forecast',
        'three-day-geomag-forecast',
        'observed-solar-cycle',
        'predicted-solar-cycle',
      ].sort(),
    );
  });

  it('counts every product as still failed after a Retry made offline, when nothing was tried', () => {
    expect(
      retryFailures({ failed: 15, reports: [] }, { online: false, forcedOffline: false }),
    ).toBe(15);
    expect(retryFailures({ failed: 15, reports: [] }, { online: true, forcedOffline: true })).toBe(
      15,
    );
    expect(retryFailures({ failed: 1, reports: [failed] }, online)).toBe(1);
    expect(
      retryFailures({ failed: 1, reports: [{ ...failed, resource: 'sdo-images' }] }, online),
    ).toBe(0);
  });

  it('stays quiet offline, in Go Offline mode, and for polls that worked', () => {
    expect(pollFailureMessage(failed, { online: false, forcedOffline: false })).toBeNull();
    expect(pollFailureMessage(failed, { online: true, forcedOffline: true })).toBeNull();
    expect(pollFailureMessage({ ...failed, outcome: 'unchanged', error: null }, online)).toBeNull();
  });

  it('refreshes on becoming visible at most once a minute', () => {
    expect(shouldRefreshOnVisible(0, VISIBLE_REFRESH_MIN_GAP_MS - 1)).toBe(false);
    expect(shouldRefreshOnVisible(0, VISIBLE_REFRESH_MIN_GAP_MS)).toBe(true);
  });
});

describe('the banner rule on real poll reports', () => {
  let db: AuroraDatabase | undefined;
  afterEach(async () => {
    if (db && !db.closed) await removeDatabase(db);
    db = undefined;
  });

  it('with no internet: the SDO feed fails quietly; a core product says so until it has current data', async () => {
    db = await openDatabase({
      storage: 'memory',
      name: `banner-rule-${process.pid}-${Date.now()}`,
    });
    const now = Date.UTC(2026, 3, 18, 14, 40);
    // The backend serves Kp (a replay of the constructed file); NASA's SDO host and SWPC cannot be reached.
    let backendUp = false;
    const fetch: FetchLike = async (url) => {
      if (
        backendUp &&
        url.startsWith('http://backend/') &&
        new URL(url).pathname.endsWith('/kp-index')
      )
        return new Response(constructed('noaa-planetary-k-index.json'), { status: 200 });
      throw new TypeError('Failed to fetch');
    };
    const retryAnswers: number[] = [];
    const banners = async (at: number) => {
      const poller = createPoller({
        fetch,
        backendBase: 'http://backend',
        store: databaseStore(db!),
        now: () => at,
        resources: ['kp-index', 'sdo-images'],
      });
      const { failed, reports } = await poller.refreshNow([
        'kp-index',
        'sdo-images',
      ] satisfies Resource[]);
      poller.stop();
      const summaries = reports.map((r) => summariseReport(r, at));
      // What the banner's Retry would report for the same refresh.
      retryAnswers.push(retryFailures({ failed, reports: summaries }, online));
      return summaries.map((r) => pollFailureMessage(r, online)).filter((m) => m !== null);
    };
    // Nothing stored and nothing reachable: only the core product reaches the banner.
    expect(await banners(now)).toEqual([
      'Failed to refresh data: kp-index — Network error: Failed to fetch',
    ]);
    backendUp = true;
    // The Kp file ends 2026-02-09 15:00 UT: stored, yet older than its 7 h max age at `now`.
    const dataTime = Date.UTC(2026, 1, 9, 15);
    expect(await banners(now)).toEqual([]);
    backendUp = false;
    expect(await banners(now)).toEqual([
      'Failed to refresh data: kp-index — Network error: Failed to fetch',
    ]);
    // At a time when that data is still current, the same failure stays on the feed only.
    expect(await banners(dataTime + 60 * MIN)).toEqual([]);
    // Retry says "Some requests still failed" exactly when a failure is still worth the banner:
    // the SDO feed failed every time and never counted.
    expect(retryAnswers).toEqual([1, 0, 1, 0]);
  }, 60_000);
});
