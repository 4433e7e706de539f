// @vitest-environment jsdom
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AuroraDatabase } from '../../../../sync/database.ts';
import { DEFAULT_PREFERENCES, type FeedStatus, type GridSnapshot } from '../../../../core/model.ts';
import { setPreferencesUser } from '../../../../sync/preferences/activeUser.ts';
import {
  DatabaseProvider,
  useFeedStatus,
  useFeedStatuses,
  useGridWindow,
  useLatestGrid,
  usePreferences,
  useProduct,
  useProducts,
  useSeries,
  useSpaceWeatherSummary,
} from '../../../../sync/react/index.ts';
import { writeFeedStatus, writeGrid, writeProducts, writeSeries } from '../../../../sync/write.ts';
import { disposeTestDatabase, openTestDatabase } from '../../../support/testDb.ts';
import { normalise } from '../../../../core/normalise/index.ts';
import { readsByIds } from '../../../../sync/read/readSeriesColumns.ts';
import { constructed } from '../../../support/constructedSwpc.ts';

const MIN = 60_000;
const T0 = Date.UTC(2026, 0, 19, 12);
let db: AuroraDatabase | undefined;

afterEach(async () => {
  cleanup();
  setPreferencesUser(null);
  await disposeTestDatabase(db);
  db = undefined;
});

function wrapperFor(database: AuroraDatabase) {
  return ({ children }: { children: ReactNode }) => (
    <DatabaseProvider database={database}>{children}</DatabaseProvider>
  );
}

function feed(id: FeedStatus['id'], state: FeedStatus['state']): FeedStatus {
  return {
    id,
    lastAttempt: T0,
    lastSuccess: T0,
    dataTime: T0,
    etag: null,
    lastModified: null,
    state,
    error: null,
    schemaDrift: false,
    replay: false,
  };
}

describe('useSeries', () => {
  it('starts loading, then shows stored columns, then follows a new write live', async () => {
    db = await openTestDatabase();
    await writeSeries(
      db,
      {
        product: 'solar-wind-plasma',
        t: [T0, T0 + MIN],
        fields: { speed: [400, 410] },
        source: 'DSCOVR',
      },
      { fetchedAt: T0 },
    );
    const { result } = renderHook(
      () => useSeries('solar-wind-plasma', { from: T0, to: T0 + 10 * MIN }),
      { wrapper: wrapperFor(db) },
    );
    expect(result.current.isLoading).toBe(true);
    await waitFor(() => expect(result.current.data.t).toEqual([T0, T0 + MIN]));
    expect(result.current.data.fields.speed).toEqual([400, 410]);
    await act(() =>
      writeSeries(
        db!,
        {
          product: 'solar-wind-plasma',
          t: [T0 + 2 * MIN],
          fields: { speed: [420] },
          source: 'DSCOVR',
        },
        { fetchedAt: T0 + MIN },
      ),
    );
    await waitFor(() => expect(result.current.data.fields.speed).toEqual([400, 410, 420]));
    expect(result.current.error).toBeNull();
  });

  it('follows a day chunk that did not exist yet when it subscribed, for a bounded and an open-ended range', async () => {
    db = await openTestDatabase();
    const DAY = 86_400_000;
    await writeSeries(
      db,
      { product: 'hemi-power', t: [T0], fields: { north: [10] }, source: null },
      { fetchedAt: T0 },
    );
    // Two days: read by chunk id. From 0: read through the index.
    const bounded = renderHook(() => useSeries('hemi-power', { from: T0 - DAY, to: T0 + DAY }), {
      wrapper: wrapperFor(db),
    });
    const open = renderHook(() => useSeries('hemi-power', { from: 0, to: T0 + DAY }), {
      wrapper: wrapperFor(db),
    });
    await waitFor(() => expect(bounded.result.current.data.fields.north).toEqual([10]));
    await waitFor(() => expect(open.result.current.data.fields.north).toEqual([10]));
    // The next UTC day's first sample creates a new chunk document.
    await act(() =>
      writeSeries(
        db!,
        { product: 'hemi-power', t: [T0 + DAY - MIN], fields: { north: [20] }, source: null },
        { fetchedAt: T0 + DAY },
      ),
    );
    await waitFor(() =>
      expect(bounded.result.current.data).toEqual({
        t: [T0, T0 + DAY - MIN],
        fields: { north: [10, 20] },
        source: null,
      }),
    );
    await waitFor(() =>
      expect(open.result.current.data).toEqual({
        t: [T0, T0 + DAY - MIN],
        fields: { north: [10, 20] },
        source: null,
      }),
    );
  });
});

describe('readsByIds', () => {
  it('reads ranges of up to 62 UTC days by chunk id and longer or inverted ones through the index', () => {
    const DAY = 86_400_000;
    expect(readsByIds({ from: T0 - 6 * 3_600_000, to: T0 })).toBe(true);
    expect(readsByIds({ from: T0 - 62 * DAY, to: T0 })).toBe(true);
    expect(readsByIds({ from: T0 - 63 * DAY, to: T0 })).toBe(false);
    expect(readsByIds({ from: 0, to: T0 })).toBe(false);
    expect(readsByIds({ from: T0, to: T0 - DAY })).toBe(false);
  });
});

describe('grid hooks', () => {
  it('give the newest frame and the frames of a window, decoded', async () => {
    db = await openTestDatabase();
    const frame = (t: number, v: number): GridSnapshot => ({
      observationTime: t,
      forecastTime: t + 30 * MIN,
      width: 360,
      height: 181,
      values: new Uint8Array(65160).fill(v),
    });
    await writeGrid(db, frame(T0, 1), { fetchedAt: T0 });
    const latest = renderHook(() => useLatestGrid(), { wrapper: wrapperFor(db) });
    // The window reaches back from now to before T0.
    const range = renderHook(() => useGridWindow(Date.now() - T0 + MIN), {
      wrapper: wrapperFor(db),
    });
    await waitFor(() => expect(latest.result.current.data?.observationTime).toBe(T0));
    await act(() => writeGrid(db!, frame(T0 + 5 * MIN, 7), { fetchedAt: T0 + 5 * MIN }));
    await waitFor(() => expect(latest.result.current.data?.values[100]).toBe(7));
    await waitFor(() =>
      expect(range.result.current.data.map((g) => g.observationTime)).toEqual([T0, T0 + 5 * MIN]),
    );
  });

  it('keep the newest frame live from its bound: an older frame written later does not replace it, a newer one does', async () => {
    db = await openTestDatabase();
    const frame = (t: number, v: number): GridSnapshot => ({
      observationTime: t,
      forecastTime: t + 30 * MIN,
      width: 360,
      height: 181,
      values: new Uint8Array(65160).fill(v),
    });
    const now = Math.floor(Date.now() / MIN) * MIN;
    // The newest stored frame is 2 h old: beyond the first (1 h) window of the newest-grid read.
    for (const [ago, v] of [
      [180, 1],
      [150, 2],
      [120, 3],
    ] as const)
      await writeGrid(db, frame(now - ago * MIN, v), { fetchedAt: now });
    const latest = renderHook(() => useLatestGrid(), { wrapper: wrapperFor(db) });
    await waitFor(() => expect(latest.result.current.data?.observationTime).toBe(now - 120 * MIN));
    expect(latest.result.current.data?.values[0]).toBe(3);
    await act(() => writeGrid(db!, frame(now - 200 * MIN, 9), { fetchedAt: now }));
    await act(() => writeGrid(db!, frame(now - 5 * MIN, 4), { fetchedAt: now }));
    await waitFor(() => expect(latest.result.current.data?.observationTime).toBe(now - 5 * MIN));
    expect(latest.result.current.data?.values[0]).toBe(4);
  });

  it('give null for the newest frame while none is stored, then the first one written', async () => {
    db = await openTestDatabase();
    const latest = renderHook(() => useLatestGrid(), { wrapper: wrapperFor(db) });
    await waitFor(() => expect(latest.result.current.isLoading).toBe(false));
    expect(latest.result.current.data).toBeNull();
    const t = Date.now() - 10 * MIN;
    await act(() =>
      writeGrid(
        db!,
        {
          observationTime: t,
          forecastTime: t + 30 * MIN,
          width: 360,
          height: 181,
          values: new Uint8Array(65160).fill(5),
        },
        { fetchedAt: t },
      ),
    );
    await waitFor(() => expect(latest.result.current.data?.observationTime).toBe(t));
  });
});

describe('feed hooks', () => {
  it('report one feed and all feeds, null before the poller has written', async () => {
    db = await openTestDatabase();
    const one = renderHook(() => useFeedStatus('kp-index', Date.now()), {
      wrapper: wrapperFor(db),
    });
    const all = renderHook(() => useFeedStatuses(Date.now()), { wrapper: wrapperFor(db) });
    await waitFor(() => expect(one.result.current.isLoading).toBe(false));
    expect(one.result.current.data).toBeNull();
    await act(async () => {
      await writeFeedStatus(db!, feed('solar-wind', 'stale'));
      // Written just now: the hooks re-evaluate the state at the current clock.
      const now = Date.now();
      await writeFeedStatus(db!, {
        ...feed('kp-index', 'fresh'),
        lastAttempt: now,
        lastSuccess: now,
        dataTime: now,
      });
    });
    await waitFor(() => expect(one.result.current.data?.state).toBe('fresh'));
    await waitFor(() =>
      expect(all.result.current.data.map((f) => f.id)).toEqual(['kp-index', 'solar-wind']),
    );
  });
});

describe('hooks whose states move with the clock', () => {
  it('judge a feed at the caller’s clock: fresh now, stale two hours on, with no write between', async () => {
    db = await openTestDatabase();
    const now = Date.now();
    await writeFeedStatus(db, {
      ...feed('solar-wind', 'fresh'),
      lastAttempt: now,
      lastSuccess: now,
      dataTime: now,
    });
    const one = renderHook(({ at }) => useFeedStatus('solar-wind', at), {
      wrapper: wrapperFor(db),
      initialProps: { at: now },
    });
    const all = renderHook(({ at }) => useFeedStatuses(at), {
      wrapper: wrapperFor(db),
      initialProps: { at: now },
    });
    await waitFor(() => expect(one.result.current.data?.state).toBe('fresh'));
    await waitFor(() => expect(all.result.current.data[0]?.state).toBe('fresh'));
    const before = one.result.current;
    one.rerender({ at: now + MIN });
    // Nothing changed for a reader: the same result, so nothing re-renders below it.
    expect(one.result.current).toBe(before);
    one.rerender({ at: now + 120 * MIN });
    all.rerender({ at: now + 120 * MIN });
    expect(one.result.current.data?.state).toBe('stale');
    expect(all.result.current.data[0]?.state).toBe('stale');
  });

  it('give the summary’s ages and states at the caller’s clock', async () => {
    db = await openTestDatabase();
    const now = Date.now();
    const t = now - 5 * MIN;
    await writeSeries(
      db,
      { product: 'solar-wind-plasma', t: [t], fields: { speed: [455] }, source: 'DSCOVR' },
      { fetchedAt: now },
    );
    await writeFeedStatus(db, {
      ...feed('solar-wind', 'fresh'),
      lastAttempt: now,
      lastSuccess: now,
      dataTime: t,
    });
    // The place's cloud forecast row (no SWPC freshness window of its own) is not the summary's.
    await writeFeedStatus(db, { ...feed('weather' as FeedStatus['id'], 'fresh') });
    const { result, rerender } = renderHook(({ at }) => useSpaceWeatherSummary(at), {
      wrapper: wrapperFor(db),
      initialProps: { at: now },
    });
    await waitFor(() => expect(result.current.data.solarWindSpeed).toBe(455));
    expect(result.current.data.details.solarWindSpeed.ageMs).toBe(5 * MIN);
    expect(result.current.data.details.solarWindSpeed.state).toBe('fresh');
    rerender({ at: now + 120 * MIN });
    expect(result.current.error).toBeNull();
    expect(result.current.data.details.solarWindSpeed.ageMs).toBe(125 * MIN);
    expect(result.current.data.details.solarWindSpeed.state).toBe('stale');
  });
});

describe('product hooks', () => {
  it('give the newest product of a kind and all of them newest first', async () => {
    db = await openTestDatabase();
    await writeProducts(
      db,
      [
        { id: 'alert/A/1', kind: 'alert', issued: T0, data: { code: 'A' }, raw: 'a' },
        { id: 'alert/B/2', kind: 'alert', issued: T0 + MIN, data: { code: 'B' }, raw: 'b' },
      ],
      { fetchedAt: T0 },
    );
    const latest = renderHook(() => useProduct<{ code: string }>('alert'), {
      wrapper: wrapperFor(db),
    });
    const list = renderHook(() => useProducts('alert'), { wrapper: wrapperFor(db) });
    await waitFor(() => expect(latest.result.current.data?.data.code).toBe('B'));
    await waitFor(() =>
      expect(list.result.current.data.map((p) => p.id)).toEqual(['alert/B/2', 'alert/A/1']),
    );
  });
});

describe('useSpaceWeatherSummary', () => {
  it('reads zeros with no age when nothing is stored', async () => {
    db = await openTestDatabase();
    const { result } = renderHook(() => useSpaceWeatherSummary(Date.now()), {
      wrapper: wrapperFor(db),
    });
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    expect(result.current.data).toMatchObject({
      kpIndex: 0,
      solarWindSpeed: 0,
      solarWindDensity: 0,
      magneticFieldBz: 0,
      timestamp: 0,
    });
    expect(result.current.data.details.kpIndex.ageMs).toBeNull();
  });

  it('takes the newest present value of each list with its age and feed state', async () => {
    db = await openTestDatabase();
    const now = Date.now();
    const t = now - 5 * MIN;
    await writeSeries(
      db,
      {
        product: 'solar-wind-plasma',
        t: [t - MIN, t],
        fields: { speed: [450, 455], density: [3.2, null] },
        source: 'DSCOVR',
      },
      { fetchedAt: now },
    );
    await writeSeries(
      db,
      { product: 'solar-wind-mag', t: [t], fields: { bz: [-7.5] }, source: 'DSCOVR' },
      { fetchedAt: now },
    );
    await writeSeries(
      db,
      { product: 'kp-1m', t: [t], fields: { kp: [4.33], kpIndex: [4] }, source: null },
      { fetchedAt: now },
    );
    // States are judged at the current clock: polled just now, and two hours ago.
    await writeFeedStatus(db, {
      ...feed('solar-wind', 'fresh'),
      lastAttempt: now,
      lastSuccess: now,
      dataTime: t,
    });
    await writeFeedStatus(db, {
      ...feed('magnetic-field', 'stale'),
      lastAttempt: now - 120 * MIN,
      lastSuccess: now - 120 * MIN,
      dataTime: now - 121 * MIN,
    });
    const { result } = renderHook(() => useSpaceWeatherSummary(Date.now()), {
      wrapper: wrapperFor(db),
    });
    await waitFor(() => expect(result.current.data.solarWindSpeed).toBe(455));
    const s = result.current.data;
    expect(s).toMatchObject({
      kpIndex: 4.33,
      solarWindDensity: 3.2,
      magneticFieldBz: -7.5,
      timestamp: t,
    });
    expect(s.details.solarWindDensity.time).toBe(t - MIN);
    expect(s.details.solarWindSpeed.ageMs).toBeGreaterThanOrEqual(5 * MIN);
    expect(s.details.solarWindSpeed.state).toBe('fresh');
    expect(s.details.magneticFieldBz.state).toBe('stale');
    expect(s.details.kpIndex.state).toBeNull();
  });
});

describe('useSpaceWeatherSummary across the 1-minute Kp reset', () => {
  it('does not report the estimate restarting at 09:00 UT as Kp dropping, and follows it once it has caught up', async () => {
    db = await openTestDatabase();
    // The constructed SWPC file (tests/fixtures/swpc/kp1m.ts, 2026-07-09 04:03–10:00 UT), first as fetched at 09:03, then complete.
    const body = constructed('planetary_k_index_1m.json');
    const rows = JSON.parse(body) as { time_tag: string }[];
    const upTo = (time: string) => JSON.stringify(rows.filter((r) => r.time_tag <= time));
    const write = async (text: string) => {
      const r = normalise('kp-1m', text, { now: Date.UTC(2026, 6, 9, 10, 1) });
      if (!r.ok) throw new Error(r.error);
      for (const batch of r.series)
        await writeSeries(db!, batch, { fetchedAt: Date.UTC(2026, 6, 9, 10, 1) });
    };
    await write(upTo('2026-07-09T09:03:00'));
    const { result } = renderHook(() => useSpaceWeatherSummary(Date.now()), {
      wrapper: wrapperFor(db),
    });
    await waitFor(() =>
      expect(result.current.data.details.kpIndex.time).toBe(Date.UTC(2026, 6, 9, 9, 3)),
    );
    // Served: 0 at 09:03 (the restart); 2.33 at 08:59, the end of the period before.
    expect(result.current.data.kpIndex).toBe(2.33);
    await write(body);
    await waitFor(() =>
      expect(result.current.data.details.kpIndex.time).toBe(Date.UTC(2026, 6, 9, 10, 0)),
    );
    expect(result.current.data.kpIndex).toBe(1.67);
  });
});

describe('usePreferences', () => {
  it('shows the defaults, saves a change and follows the active user', async () => {
    db = await openTestDatabase();
    const { result } = renderHook(() => usePreferences(), { wrapper: wrapperFor(db) });
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    expect(result.current.data).toEqual(DEFAULT_PREFERENCES);
    await act(() => result.current.update({ defaultMapView: '3d' }));
    await waitFor(() => expect(result.current.data.defaultMapView).toBe('3d'));
    const stored = await db.preferences.findOne('local').exec();
    expect(stored?.default_map_view).toBe('3d');
    expect(stored?.default_map_style).toBeNull();

    act(() => setPreferencesUser('user-1'));
    await waitFor(() => expect(result.current.data).toEqual(DEFAULT_PREFERENCES));
    await act(() => result.current.update({ showCloudsOnLoad: true }));
    await waitFor(() => expect(result.current.data.showCloudsOnLoad).toBe(true));
    expect((await db.preferences.findOne('user-1').exec())?.show_clouds_on_load).toBe(true);
  });

  it('keeps a location shared before the database has opened, and saves it once it is open', async () => {
    const opened = openTestDatabase();
    const { result } = renderHook(() => usePreferences(), {
      wrapper: ({ children }: { children: ReactNode }) => (
        <DatabaseProvider database={opened}>{children}</DatabaseProvider>
      ),
    });
    // The tap comes first: the write waits for the database instead of failing "not open yet".
    const location = { lat: 69.65, lon: 18.96, accuracyM: 25, at: T0 };
    const saved = result.current.updateDevice({ location });
    db = await opened;
    await act(() => saved);
    await waitFor(() => expect(result.current.device.data.location).toEqual(location));
  });
});
