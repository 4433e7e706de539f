// @vitest-environment jsdom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useReducer } from 'react';
import { describe, expect, it } from 'vitest';
import { AuroraLegend } from '../../../../src/features/map/AuroraLegend.tsx';
import { gridFreshness } from '../../../../src/features/map/freshness.ts';
import { magneticCoordinates } from '../../../../core/tonight/magneticCoordinates.ts';
import { LocationPanel } from '../../../../src/features/map/LocationPanel.tsx';
import { NO_VALUE, type SpaceWeatherNow } from '../../../../src/features/map/mapPageData.ts';
import { SummaryPanel } from '../../../../src/features/map/SummaryPanel.tsx';
import { TimeSlider } from '../../../../src/features/map/TimeSlider.tsx';
import { forecastPositionText } from '../../../../src/features/map/forecastHour.tsx';
import { INITIAL_SLIDER, sliderReducer } from '../../../../src/features/map/timeSlider.ts';
import { loadOvationFixture } from '../../../support/ovationFixture.ts';
import { UTC_CLOCK } from '../../../../src/lib/clock.ts';

/** The map’s legend, summary and location panels and time slider, rendered. The status line: mapStatus.test.tsx. */

const grid = loadOvationFixture();
/** The moment the panels are shown: twelve minutes after the fixture's observation. */
const NOW = grid.observationTime + 12 * 60_000;

describe('legend', () => {
  it('is a named figure that says what the colours mean', () => {
    render(<AuroraLegend hidden={false} />);
    const figure = screen.getByRole('figure', { name: 'Probability of aurora (%)' });
    expect(figure.getAttribute('aria-describedby')).toBe('aurora-legend-desc');
    expect(document.getElementById('aurora-legend-desc')?.textContent).toContain(
      'chance of seeing aurora',
    );
  });
});

describe('summary panel', () => {
  it('gives every value as text with its age, and says when a value is missing', () => {
    const now = Date.UTC(2026, 0, 19, 12, 0);
    const summary: SpaceWeatherNow = {
      kp: { value: 4.33, time: now - 3 * 60_000 },
      speed: { value: 512.4, time: now - 60_000 },
      density: { value: 3.21, time: now - 60_000 },
      bz: { value: -6.4, time: now - 2 * 60_000 },
      hemiPowerNorth: { value: 35, time: now - 5 * 60_000 },
      hemiPowerSouth: NO_VALUE,
    };
    render(<SummaryPanel summary={summary} loading={false} now={now} />);
    const text = screen.getByRole('region', { name: 'Space weather now' }).textContent ?? '';
    expect(text).toContain('Kp index4.33 · 3 min ago');
    expect(text).toContain('512 km/s');
    expect(text).toContain('3.2 p/cm³');
    expect(text).toContain('-6.4 nT (southward) · 2 min ago');
    expect(text).toContain('Hemispheric power, north35 GW · 5 min ago');
    expect(text).toContain('Hemispheric power, southNo data yet');
  });
});

describe('location panel', () => {
  it('asks before locating, then gives the probability there and the distance to the oval (real fixture)', () => {
    let asked = 0;
    const { rerender } = render(
      <LocationPanel state={{ status: 'idle' }} onRequest={() => asked++} grid={grid} now={NOW} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Show my location' }));
    expect(asked).toBe(1);
    rerender(
      <LocationPanel
        state={{ status: 'located', position: { lat: 45, lon: -100 }, accuracyM: 30 }}
        onRequest={() => asked++}
        grid={grid}
        now={NOW}
      />,
    );
    const text = screen.getByRole('region', { name: 'Your location' }).textContent ?? '';
    expect(text).toContain('45.0° N, 100.0° W');
    // The probability says how old the map it comes from is, in the words of the status over the map.
    expect(text).toMatch(/Aurora probability here\d+ % · aurora map observed 12 min ago/);
    expect(text).toMatch(/equatorward edge \(10 %\) is [\d,]+ km away/);
  });

  it('gives the magnetic latitude the verdict uses, and measures to the oval of the magnetic hemisphere (Quito: the northern one)', () => {
    render(
      <LocationPanel
        state={{ status: 'located', position: { lat: -0.18, lon: -78.47 }, accuracyM: 30 }}
        onRequest={() => {}}
        grid={grid}
        magnetic={magneticCoordinates}
        now={grid.observationTime}
      />,
    );
    const text = screen.getByRole('region', { name: 'Your location' }).textContent ?? '';
    expect(text).toContain('Magnetic latitude12.9° N (AACGM-v2)');
    expect(text).toMatch(/is [\d,]+ km away, nearest at \d+\.\d° N/);
  });

  it('says the probability comes from a stale map when the frame is past its window', () => {
    const now = grid.observationTime + 289 * 86_400_000;
    render(
      <LocationPanel
        state={{ status: 'located', position: { lat: 69.65, lon: 18.96 }, accuracyM: 30 }}
        onRequest={() => {}}
        grid={grid}
        now={now}
        stale={gridFreshness(grid.observationTime, now, 'stale', true).stale}
      />,
    );
    expect(screen.getByRole('region', { name: 'Your location' }).textContent).toMatch(
      /Aurora probability here\d+ % · aurora map observed 289 days ago \(stale: newer data has not arrived\)/,
    );
  });

  it('explains a refused permission', () => {
    render(
      <LocationPanel
        state={{ status: 'failed', message: 'Location permission was denied.' }}
        onRequest={() => {}}
        grid={null}
        now={NOW}
      />,
    );
    expect(screen.getByText('Location permission was denied.')).toBeTruthy();
  });
});

function SliderHarness({
  count,
  ahead = [],
  ovalFor = null,
}: {
  count: number;
  ahead?: number[];
  ovalFor?: number | null;
}) {
  const [state, dispatch] = useReducer(
    sliderReducer,
    sliderReducer(INITIAL_SLIDER, {
      type: 'frames',
      count: count + ahead.length,
      latest: count - 1,
    }),
  );
  const times = Array.from({ length: count }, (_, i) => Date.UTC(2026, 0, 19, 10, i * 5));
  return (
    <TimeSlider
      state={state}
      dispatch={dispatch}
      times={times}
      ahead={ahead}
      forecastText={forecastPositionText}
      ovalFor={ovalFor}
      clock={UTC_CLOCK}
    />
  );
}

describe('time slider', () => {
  it('starts on the newest frame, steps with its buttons and reads out the frame time', () => {
    render(<SliderHarness count={4} />);
    const slider = screen.getByRole('slider', { name: 'Forecast frame' });
    expect(slider.getAttribute('aria-valuetext')).toBe('19 Jan 2026, 10:15 UTC, frame 4 of 4');
    fireEvent.click(screen.getByRole('button', { name: 'Previous frame' }));
    expect(slider.getAttribute('aria-valuetext')).toBe('19 Jan 2026, 10:10 UTC, frame 3 of 4');
    fireEvent.change(slider, { target: { value: '0' } });
    expect(slider.getAttribute('aria-valuetext')).toBe('19 Jan 2026, 10:00 UTC, frame 1 of 4');
  });

  it('plays and pauses with one labelled button', async () => {
    render(<SliderHarness count={3} />);
    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    expect(screen.getByRole('button', { name: 'Pause' })).toBeTruthy();
    await act(() => new Promise((r) => setTimeout(r, 700)));
    expect(screen.getByRole('slider').getAttribute('aria-valuetext')).toContain('frame 2 of 3');
    fireEvent.click(screen.getByRole('button', { name: 'Pause' }));
    expect(screen.getByRole('button', { name: 'Play' })).toBeTruthy();
  });

  it('runs on into the forecast hours after the newest frame, each read out with its time and “forecast”', () => {
    const ahead = [1, 2, 3].map((h) => Date.UTC(2026, 0, 19, 10 + h));
    render(<SliderHarness count={4} ahead={ahead} ovalFor={Date.UTC(2026, 0, 19, 10, 45)} />);
    expect(
      screen.getByRole('heading', { name: 'Last 24 hours and the next 3 h (forecast)' }),
    ).toBeTruthy();
    const slider = screen.getByRole('slider', { name: 'Forecast frame' });
    // The range covers the 4 frames and the 3 hours; it opens on the newest frame (now).
    expect(slider.getAttribute('max')).toBe('6');
    expect(slider.getAttribute('aria-valuetext')).toBe('19 Jan 2026, 10:15 UTC, frame 4 of 4');
    fireEvent.click(screen.getByRole('button', { name: 'Next frame' }));
    // The newest frame is forecast for 10:45: its oval stands for 11:00, and for no later hour.
    expect(slider.getAttribute('aria-valuetext')).toBe(
      '19 Jan 2026, 11:00 UTC, forecast 1 h ahead: clouds for that hour, aurora from the latest frame, forecast for this hour',
    );
    expect(
      screen.getByText(
        '11:00 UTC — forecast, 1 h ahead: clouds for that hour; the aurora shown is the latest forecast, for this hour',
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next frame' }));
    expect(slider.getAttribute('aria-valuetext')).toBe(
      '19 Jan 2026, 12:00 UTC, forecast 2 h ahead: clouds for that hour, no aurora oval (no forecast reaches this hour)',
    );
    expect(
      screen.getByText(
        '12:00 UTC — forecast, 2 h ahead: clouds for that hour; no oval is drawn (no aurora forecast reaches this hour)',
      ),
    ).toBeTruthy();
    fireEvent.change(slider, { target: { value: '6' } });
    expect(slider.getAttribute('aria-valuetext')).toMatch(
      /^19 Jan 2026, 13:00 UTC, forecast 3 h ahead/,
    );
    expect(screen.getByRole('button', { name: 'Next frame' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Latest' }));
    expect(slider.getAttribute('aria-valuetext')).toBe('19 Jan 2026, 10:15 UTC, frame 4 of 4');
  });

  it('is disabled with an honest label when no frames are stored', () => {
    render(<SliderHarness count={0} />);
    expect(screen.getByRole('slider').hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('No stored frames yet.')).toBeTruthy();
  });
});
