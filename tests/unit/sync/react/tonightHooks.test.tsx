// @vitest-environment jsdom
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AuroraDatabase } from '../../../../sync/database.ts';
import { DatabaseProvider, useFeedStatuses, useWeather } from '../../../../sync/react/index.ts';
import { writeFeedStatus, writeProducts } from '../../../../sync/write.ts';
import {
  WEATHER_FEED,
  WEATHER_KIND,
  type WeatherData,
} from '../../../../workers/weather/pollWeather.ts';
import { disposeTestDatabase, openTestDatabase } from '../../../support/testDb.ts';
import { feedStatus } from '../../../support/feedStatus.ts';

let db: AuroraDatabase | null = null;
afterEach(async () => {
  cleanup();
  if (db) await disposeTestDatabase(db);
  db = null;
});

const wrapperFor = (database: AuroraDatabase) =>
  function Wrapper({ children }: { children: ReactNode }) {
    return <DatabaseProvider database={database}>{children}</DatabaseProvider>;
  };

const T = Date.parse('2027-01-15T11:20:00Z');
const hours = { time: [T], total: [80], low: [10], medium: [80], high: [0] };
const data: WeatherData = {
  attribution: 'Data from MET Norway (CC BY 4.0)',
  place: { lat: 69.7, lon: 19, updatedAt: T, hours },
  grid: [{ lat: 70, lon: 19, updatedAt: T, hours }],
};

describe('the map’s weather hooks', () => {
  it('reads the stored cloud forecast of a place rounded to 0.1°, with its feed row', async () => {
    db = await openTestDatabase();
    await writeProducts(
      db,
      [{ id: 'weather/69.7_19.0', kind: WEATHER_KIND, issued: T, data, raw: null }],
      { fetchedAt: T + 60_000 },
    );
    await writeFeedStatus(db, {
      id: WEATHER_FEED,
      lastAttempt: T + 60_000,
      lastSuccess: T + 60_000,
      dataTime: T,
      etag: null,
      lastModified: null,
      state: 'fresh',
      error: null,
      schemaDrift: false,
      replay: true,
    });
    const { result } = renderHook(() => useWeather({ lat: 69.65, lon: 18.96 }), {
      wrapper: wrapperFor(db),
    });
    await waitFor(() => expect(result.current.data.weather?.data.grid).toHaveLength(1));
    expect(result.current.data.weather).toMatchObject({ issued: T, fetchedAt: T + 60_000 });
    expect(result.current.data.feed).toEqual({
      lastAttempt: T + 60_000,
      lastSuccess: T + 60_000,
      error: null,
      replay: true,
    });
  });

  it('keeps the feed list (live feeds page) to the SWPC resources when the weather row is stored', async () => {
    db = await openTestDatabase();
    await writeFeedStatus(
      db,
      feedStatus(WEATHER_FEED, { lastAttempt: T, lastSuccess: T, dataTime: T }),
    );
    await writeFeedStatus(
      db,
      feedStatus('kp-index', { lastAttempt: T, lastSuccess: T, dataTime: T }),
    );
    const { result } = renderHook(() => useFeedStatuses(Date.now()), { wrapper: wrapperFor(db) });
    await waitFor(() => expect(result.current.data.map((f) => f.id)).toEqual(['kp-index']));
    expect(result.current.error).toBeNull();
  });
});
