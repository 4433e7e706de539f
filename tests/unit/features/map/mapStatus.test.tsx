// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { gridFreshness } from '../../../../src/features/map/freshness.ts';
import { MapStatus } from '../../../../src/features/map/MapStatus.tsx';
import { ForecastHourStatus } from '../../../../src/features/map/forecastHour.tsx';
import { CloudLayerStatus } from '../../../../src/features/map/cloudStatus.tsx';
import type { CloudCells } from '../../../../src/features/map/cloudCells.ts';
import { loadOvationFixture } from '../../../support/ovationFixture.ts';
import { UTC_CLOCK } from '../../../../src/lib/clock.ts';

/** The map’s status line (MapStatus, cloud and forecast-hour status): what it says, as text. Other map components: mapComponents.test.tsx. */

const grid = loadOvationFixture();
const statusDefaults = {
  grid: null,
  freshness: null,
  loading: false,
  error: null,
  feedError: null,
  isNewest: true,
  showAurora: true,
  showClouds: false,
  now: grid.observationTime + 12 * 60_000,
  clock: UTC_CLOCK,
};

function cells(overrides: Partial<CloudCells> = {}): CloudCells {
  return {
    south: 60,
    west: 10,
    cellDeg: 0.5,
    rows: 2,
    cols: 2,
    values: Uint8Array.from([0, 50, 100, 255]),
    time: Date.UTC(2024, 2, 3, 19),
    layer: 'total',
    run: grid.observationTime - 6 * 3_600_000,
    replay: false,
    tilesDrawn: 1,
    ...overrides,
  };
}

describe('map status text', () => {
  it('says plainly that no forecast is stored yet', () => {
    render(<MapStatus {...statusDefaults} />);
    expect(screen.getByRole('status').textContent).toContain(
      'No aurora forecast stored yet — it appears after the first successful update.',
    );
  });

  it('gives the forecast time and the data age as text, without a stale mark while fresh', () => {
    const now = statusDefaults.now;
    render(
      <MapStatus
        {...statusDefaults}
        grid={grid}
        freshness={gridFreshness(grid.observationTime, now, 'fresh', true)}
      />,
    );
    const text = screen.getByRole('status').textContent ?? '';
    expect(text).toContain('Aurora forecast for 3 Mar 2024, 16:20 UTC');
    expect(text).toContain('Observed 3 Mar 2024, 15:07 UTC (12 min ago)');
    expect(text).not.toContain('Stale');
  });

  it('marks a grid older than its maximum age as stale, with its age', () => {
    const now = grid.observationTime + 3 * 3_600_000;
    render(
      <MapStatus
        {...statusDefaults}
        now={now}
        grid={grid}
        freshness={gridFreshness(grid.observationTime, now, null, true)}
      />,
    );
    const text = screen.getByRole('status').textContent ?? '';
    expect(text).toContain('Stale');
    expect(text).toContain('(3 h ago)');
    // The same window as the feed's (core/products/freshness.ts), not a map-only number.
    expect(text).toContain('older than the 20-minute update window');
  });

  it('says the cloud layer is being fetched while online with nothing stored, and never that it is unavailable offline', () => {
    const now = statusDefaults.now;
    render(
      <MapStatus
        {...statusDefaults}
        showClouds
        cloudStatus={
          <CloudLayerStatus
            cells={null}
            layer="total"
            stored={0}
            feed={null}
            online
            now={now}
            clock={UTC_CLOCK}
          />
        }
      />,
    );
    const text = screen.getByTestId('cloud-status').textContent ?? '';
    expect(text).toBe('Clouds: fetching the cloud cover for this view…');
    expect(text).not.toMatch(/offline/i);
  });

  it('names the place’s own forecast, which the verdict judges, and its age beside the regional layer’s source', () => {
    const now = statusDefaults.now;
    render(
      <CloudLayerStatus
        cells={cells()}
        layer="total"
        stored={4}
        feed={null}
        online
        now={now}
        clock={UTC_CLOCK}
        place={{ run: now - 41 * 60_000, replay: true }}
      />,
    );
    const text = screen.getByTestId('cloud-status').textContent ?? '';
    expect(text).toContain('Cloud data: NOAA GFS.');
    expect(text).toMatch(
      /At your place \(tonight’s verdict\): MET Norway, model run 41 min ago, a replayed sample\.$/,
    );
  });

  it('says offline that no cloud cover is stored for the view on this device', () => {
    render(
      <CloudLayerStatus
        cells={null}
        layer="low"
        stored={0}
        feed={null}
        online={false}
        now={statusDefaults.now}
        clock={UTC_CLOCK}
      />,
    );
    expect(screen.getByTestId('cloud-status').textContent).toBe(
      'Clouds: no cloud cover is stored for this view on this device; it is fetched when you are online.',
    );
  });

  it('names the layer, the hour, the cells and the model run’s age of the clouds drawn, and NOAA GFS', () => {
    render(
      <CloudLayerStatus
        cells={cells({ layer: 'low', tilesDrawn: 0.5 })}
        layer="low"
        stored={3}
        feed={null}
        online
        now={statusDefaults.now}
        clock={UTC_CLOCK}
      />,
    );
    expect(screen.getByTestId('cloud-status').textContent).toBe(
      'Clouds (low cloud, 0.5° cells): forecast for 3 Mar 2024, 19:00 UTC, model run 6 h 12 min ago. Stored for 50 % of this view; the rest is on its way. Cloud data: NOAA GFS.',
    );
  });

  it('on a forecast hour says the time, that it is a forecast, and that no oval is drawn for an hour OVATION does not reach', () => {
    const now = statusDefaults.now;
    const hour = Date.UTC(2024, 2, 3, 19);
    render(
      <MapStatus
        {...statusDefaults}
        grid={grid}
        showClouds
        cloudStatus={
          <CloudLayerStatus
            cells={cells({ time: hour, replay: true })}
            layer="total"
            stored={4}
            feed={null}
            online
            now={now}
            clock={UTC_CLOCK}
          />
        }
        forecastStatus={
          <ForecastHourStatus
            hour={hour}
            hoursAhead={3}
            grid={grid}
            showAurora
            now={now}
            clock={UTC_CLOCK}
          />
        }
      />,
    );
    const text = screen.getByRole('status').textContent ?? '';
    expect(text).toContain('Showing 3 Mar 2024, 19:00 UTC, 3 h ahead');
    expect(text).toContain('Forecast');
    expect(text).toContain(
      'Aurora: no oval is drawn for this hour — OVATION looks about an hour ahead at most, and its latest forecast is for 3 Mar 2024, 16:20 UTC (observed 12 min ago).',
    );
    expect(text).not.toContain('Aurora forecast for');
    // A replayed sample says it is one.
    expect(screen.getByTestId('cloud-status').textContent).toContain(
      'Clouds (total cloud, 0.5° cells): forecast for 3 Mar 2024, 19:00 UTC (a replayed sample, not today’s forecast)',
    );
  });
});
