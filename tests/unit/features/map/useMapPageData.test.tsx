// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useMapPageData, useMapSummary } from '../../../../src/features/map/useMapPageData.ts';
import type { AuroraDatabase } from '../../../../sync/database.ts';
import { DatabaseProvider } from '../../../../sync/react/index.ts';
import { writeFeedStatus, writeGrid, writeSeries } from '../../../../sync/write.ts';
import { normalise } from '../../../../core/normalise/index.ts';
import type { GridSnapshot } from '../../../../core/model.ts';
import { disposeTestDatabase, openTestDatabase } from '../../../support/testDb.ts';
import {
  updatePreferences,
  readPreferences,
} from '../../../../sync/preferences/updatePreferences.ts';
import {
  readDeviceChoices,
  updateDeviceChoices,
} from '../../../../sync/preferences/deviceChoices.ts';
import { loadOvationFixture } from '../../../support/ovationFixture.ts';
import { constructed } from '../../../support/constructedSwpc.ts';

let db: AuroraDatabase | undefined;
beforeEach(async () => {
  db = await openTestDatabase();
});
afterEach(async () => {
  cleanup();
  await disposeTestDatabase(db);
});

function Probe({
  windowWanted = true,
  seen,
  counts,
}: {
  windowWanted?: boolean;
  /** Every newest grid the page was handed, in order (the map draws each). */
  seen?: GridSnapshot[];
  /** The number of frames of every render, in order. */
  counts?: number[];
}) {
  const d = useMapPageData(windowWanted);
  const { summary } = useMapSummary();
  const newest = d.frames.at(-1);
  if (seen && newest && seen.at(-1) !== newest) seen.push(newest);
  counts?.push(d.frames.length);
  return (
    <dl>
      <dt>frames</dt>
      <dd data-testid="frames">{d.frames.length}</dd>
      <dt>newest</dt>
      <dd data-testid="newest">
        {newest ? new Date(newest.observationTime).toISOString() : 'none'}
      </dd>
      <dt>feed</dt>
      <dd data-testid="feed">{d.feedState ?? 'unknown'}</dd>
      <dt>hemi</dt>
      <dd data-testid="hemi">{summary.hemiPowerNorth.value ?? 'none'}</dd>
      <dt>loading</dt>
      <dd data-testid="loading">{String(d.gridsLoading)}</dd>
      <dt>view</dt>
      <dd data-testid="view">{d.preferences.defaultMapView}</dd>
    </dl>
  );
}

const fixture = (name: string) => constructed(name);

describe('map page data from the local database', () => {
  it('shows nothing stored, then the stored OVATION grid, its feed state and hemispheric power', async () => {
    render(
      <DatabaseProvider database={db!}>
        <Probe />
      </DatabaseProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('view').textContent).toBe('flat'));
    expect(screen.getByTestId('frames').textContent).toBe('0');

    const now = Date.UTC(2024, 2, 3, 15, 20);
    const oval = normalise('aurora-oval', fixture('ovation_aurora_latest.json'), { now });
    const hemi = normalise('aurora-nowcast-hemi-power', fixture('aurora-nowcast-hemi-power.txt'), {
      now,
    });
    if (!oval.ok || !hemi.ok) throw new Error('fixtures did not normalise');
    await writeGrid(db!, oval.grids[0]!, { fetchedAt: now });
    for (const batch of hemi.series) await writeSeries(db!, batch, { fetchedAt: now });
    // The feed's state is judged at the current clock: served a minute ago, its newest frame 45 min old.
    const polled = Date.now() - 60_000;
    await writeFeedStatus(db!, {
      id: 'aurora-oval',
      lastAttempt: polled,
      lastSuccess: polled,
      dataTime: polled - 45 * 60_000,
      etag: null,
      lastModified: null,
      state: 'frozen',
      error: null,
      schemaDrift: false,
      replay: false,
    });

    // The fixture is from 2024, far outside the 24 h window: the newest grid is still shown.
    await waitFor(() =>
      expect(screen.getByTestId('newest').textContent).toBe('2024-03-03T15:07:00.000Z'),
    );
    expect(screen.getByTestId('frames').textContent).toBe('1');
    await waitFor(() => expect(screen.getByTestId('feed').textContent).toBe('frozen'));
    // The file's last row: 2024-03-03_15:15, north 88 GW.
    await waitFor(() => expect(screen.getByTestId('hemi').textContent).toBe('88'));
  });

  it('shows the stored grid once the database opens, and is loading until then', async () => {
    const fixture = loadOvationFixture();
    await writeGrid(db!, fixture, { fetchedAt: fixture.observationTime });
    let resolveDb: (db: AuroraDatabase) => void = () => undefined;
    const pending = new Promise<AuroraDatabase>((r) => (resolveDb = r));
    render(
      <DatabaseProvider database={pending}>
        <Probe />
      </DatabaseProvider>,
    );
    expect(screen.getByTestId('loading').textContent).toBe('true');
    expect(screen.getByTestId('newest').textContent).toBe('none');
    resolveDb(db!);
    await waitFor(() =>
      expect(screen.getByTestId('newest').textContent).toBe(
        new Date(fixture.observationTime).toISOString(),
      ),
    );
    expect(screen.getByTestId('loading').textContent).toBe('false');
  });

  it('hands the map one object per stored grid: the live answer with the same grid is not a second copy, a newer grid is the next', async () => {
    const fixture = loadOvationFixture();
    await writeGrid(db!, fixture, { fetchedAt: fixture.observationTime });
    const seen: GridSnapshot[] = [];
    render(
      <DatabaseProvider database={db!}>
        <Probe seen={seen} />
      </DatabaseProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('frames').textContent).toBe('1'));
    // Give the live query time to answer: the map must not get a second copy of the same oval to draw.
    await new Promise((r) => setTimeout(r, 200));
    expect(seen.map((g) => g.observationTime)).toEqual([fixture.observationTime]);
    const newer = {
      ...fixture,
      observationTime: fixture.observationTime + 5 * 60_000,
      forecastTime: fixture.forecastTime + 5 * 60_000,
    };
    await act(() => writeGrid(db!, newer, { fetchedAt: newer.observationTime }));
    await waitFor(() =>
      expect(screen.getByTestId('newest').textContent).toBe(
        new Date(newer.observationTime).toISOString(),
      ),
    );
    expect(seen.map((g) => g.observationTime)).toEqual([
      fixture.observationTime,
      newer.observationTime,
    ]);
  });

  it('reads only the newest grid until the slider window is wanted, then every frame of the last 24 h', async () => {
    const fixture = loadOvationFixture();
    const now = Date.now();
    const older = { ...fixture, observationTime: now - 10 * 60_000 };
    const newer = { ...fixture, observationTime: now - 5 * 60_000 };
    await writeGrid(db!, older, { fetchedAt: now });
    await writeGrid(db!, newer, { fetchedAt: now });
    const view = render(
      <DatabaseProvider database={db!}>
        <Probe windowWanted={false} />
      </DatabaseProvider>,
    );
    await waitFor(() =>
      expect(screen.getByTestId('newest').textContent).toBe(
        new Date(newer.observationTime).toISOString(),
      ),
    );
    // Give the window query time to answer, were it running.
    await new Promise((r) => setTimeout(r, 200));
    expect(screen.getByTestId('frames').textContent).toBe('1');
    view.rerender(
      <DatabaseProvider database={db!}>
        <Probe windowWanted />
      </DatabaseProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('frames').textContent).toBe('2'));
  });

  it('keeps every frame of the window as the hour turns: the slider never drops to the newest frame alone', async () => {
    // Only Date is fake: the database's own timers stay real. The page's shared clock
    // (src/ui/useNow.ts) reads the time and wakes every age when the page becomes visible again,
    // which turns the hour here without waiting for its minute timer.
    const hourTurns = Date.UTC(2026, 10, 27, 3);
    vi.useFakeTimers({ toFake: ['Date'], now: hourTurns - 30_000 });
    try {
      const fixture = loadOvationFixture();
      for (const ago of [15, 10, 5])
        await writeGrid(
          db!,
          { ...fixture, observationTime: hourTurns - ago * 60_000 },
          { fetchedAt: hourTurns },
        );
      const counts: number[] = [];
      render(
        <DatabaseProvider database={db!}>
          <Probe counts={counts} />
        </DatabaseProvider>,
      );
      await vi.waitFor(() => expect(screen.getByTestId('frames').textContent).toBe('3'), {
        timeout: 5_000,
      });
      const before = counts.length;
      // Past the hour, and the page's clock wakes.
      vi.setSystemTime(hourTurns + 30_000);
      act(() => {
        document.dispatchEvent(new Event('visibilitychange'));
      });
      await new Promise((r) => setTimeout(r, 300));
      expect(screen.getByTestId('frames').textContent).toBe('3');
      expect(Math.min(...counts.slice(before))).toBe(3);
    } finally {
      vi.useRealTimers();
    }
  });
});

/** The map's choices as the page would use them: shown, and changed through `choose`. */
function ChoicesProbe() {
  const d = useMapPageData();
  const c = d.choices;
  return (
    <div>
      <p data-testid="choices">{`${c.view} ${c.mapStyle} aurora:${c.showAurora} clouds:${c.showClouds} ${c.hemisphere ?? 'no-hemisphere'}`}</p>
      <p data-testid="location">
        {d.rememberedLocation ? `${d.rememberedLocation.lat},${d.rememberedLocation.lon}` : 'none'}
      </p>
      <button
        type="button"
        onClick={() =>
          d.choose({ view: '3d', mapStyle: 'light', showClouds: true, hemisphere: 'south' })
        }
      >
        choose
      </button>
      <button
        type="button"
        onClick={() => d.rememberLocation({ lat: 69.6, lon: 18.9, accuracyM: 20, at: 1 })}
      >
        locate
      </button>
    </div>
  );
}

describe('map choices', () => {
  it('stores what the user chooses on the map: view, style and layers as preferences, the hemisphere and location on this device', async () => {
    const view = render(
      <DatabaseProvider database={db!}>
        <ChoicesProbe />
      </DatabaseProvider>,
    );
    await waitFor(() =>
      expect(screen.getByTestId('choices').textContent).toBe(
        'flat dark aurora:true clouds:false no-hemisphere',
      ),
    );
    fireEvent.click(screen.getByText('choose'));
    fireEvent.click(screen.getByText('locate'));
    // Shown at once, before the writes land.
    expect(screen.getByTestId('choices').textContent).toBe(
      '3d light aurora:true clouds:true south',
    );
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('69.6,18.9'));
    await waitFor(async () =>
      expect(await readPreferences(db!, null)).toEqual({
        defaultMapView: '3d',
        defaultMapStyle: 'light',
        showAuroraOnLoad: true,
        showCloudsOnLoad: true,
      }),
    );
    await waitFor(async () => expect((await readDeviceChoices(db!)).hemisphere).toBe('south'));

    // A reload: the page mounts again and reads them back.
    view.unmount();
    render(
      <DatabaseProvider database={db!}>
        <ChoicesProbe />
      </DatabaseProvider>,
    );
    await waitFor(() =>
      expect(screen.getByTestId('choices').textContent).toBe(
        '3d light aurora:true clouds:true south',
      ),
    );
    expect(screen.getByTestId('location').textContent).toBe('69.6,18.9');
  });

  it('follows a change that arrives later from elsewhere (replication, another tab), even for a control used here', async () => {
    render(
      <DatabaseProvider database={db!}>
        <ChoicesProbe />
      </DatabaseProvider>,
    );
    await waitFor(() =>
      expect(screen.getByTestId('choices').textContent).toBe(
        'flat dark aurora:true clouds:false no-hemisphere',
      ),
    );
    fireEvent.click(screen.getByText('choose'));
    await waitFor(async () => expect((await readPreferences(db!, null)).defaultMapView).toBe('3d'));
    // Another device's change lands in the local document (as replication writes it), then another tab's hemisphere.
    await act(() =>
      updatePreferences(db!, null, { defaultMapView: 'flat', showAuroraOnLoad: false }, Date.now()),
    );
    await act(() => updateDeviceChoices(db!, { hemisphere: 'north' }));
    await waitFor(() =>
      expect(screen.getByTestId('choices').textContent).toBe(
        'flat light aurora:false clouds:true north',
      ),
    );
  });
});
