import uPlot from 'uplot';
import { describe, expect, it } from 'vitest';
import { alignedData, chartOptions, formatValue } from '../../../../src/ui/charts/chartOptions.ts';
import { latestPoint, missingShare, withGaps } from '../../../../src/ui/charts/chartData.ts';
import {
  axisTimeLabels,
  formatChartTime,
  timeAxisLabel,
} from '../../../../src/ui/charts/chartTime.ts';
import {
  chartTheme,
  DARK_THEME,
  gLevel,
  kpColour,
  KP_LEVEL_COLOURS,
  LIGHT_THEME,
  withAlpha,
} from '../../../../src/ui/charts/palette.ts';
import { MAGNETIC_FIELD, PLASMA } from '../../../../src/features/live-feeds/solarWindSpecs.ts';
import { deviceClock, UTC_CLOCK, zoneClock, type Clock } from '../../../../src/lib/clock.ts';

const MIN = 60_000;
const T0 = Date.UTC(2026, 10, 23, 12, 0);
const layout = (clock: Clock = UTC_CLOCK) => ({
  width: 600,
  height: 200,
  clock,
  theme: DARK_THEME,
  window: () => ({ from: T0, to: T0 + 60 * MIN }),
});

describe('chart options', () => {
  it('puts the unit on every y axis and the clock on the time axis', () => {
    const opts = chartOptions(PLASMA, layout(), uPlot);
    const labels = opts.axes!.map((a) => a.label);
    expect(labels).toEqual(['Time (UTC)', 'Speed (km/s)', 'Density (p/cm³)']);
    expect(opts.axes![2]!.side).toBe(1);
    expect(timeAxisLabel(deviceClock('this device’s time'), T0)).toMatch(
      /^Time \(UTC([+-][\d:]+)?(, this device’s time)?\)$/,
    );
    expect(timeAxisLabel(zoneClock('Europe/Oslo', 'local time at Tromsø'), T0)).toBe(
      'Time (UTC+1, local time at Tromsø)',
    );
  });

  it('labels y-axis ticks as uPlot would in English, with no Intl object: "1,000", "-2.5"', () => {
    const opts = chartOptions(PLASMA, layout(), uPlot);
    for (const axis of opts.axes!.slice(1)) {
      const values = axis.values as (u: uPlot, splits: (number | null)[]) => string[];
      expect(values({} as uPlot, [-2.5, 0, 1000, null, 0.125])).toEqual([
        '-2.5',
        '0',
        '1,000',
        '',
        '0.125',
      ]);
    }
  });

  it('reads times in milliseconds and in UTC unless local time is chosen', () => {
    expect(chartOptions(MAGNETIC_FIELD, layout(UTC_CLOCK), uPlot)).toMatchObject({ ms: 1 });
    expect(chartOptions(MAGNETIC_FIELD, layout(UTC_CLOCK), uPlot).tzDate).toBeTypeOf('function');
    // Another place's zone: uPlot places its ticks in that zone too.
    expect(
      chartOptions(MAGNETIC_FIELD, layout(zoneClock('Europe/Oslo', 'Tromsø')), uPlot).tzDate,
    ).toBeTypeOf('function');
    expect(chartOptions(MAGNETIC_FIELD, layout(deviceClock('here')), uPlot).tzDate).toBeUndefined();
  });

  it('shows crosshair values with their units, and a missing value as a dash, never 0', () => {
    const opts = chartOptions(MAGNETIC_FIELD, layout(), uPlot);
    const bz = opts.series[1]!;
    const value = bz.value as (u: unknown, v: number | null, s: number, i: number | null) => string;
    expect(value(null, -3.24, 1, 0)).toBe('-3.2 nT');
    expect(value(null, null, 1, 0)).toBe('–');
    expect(bz.label).toBe('Bz (nT)');
    expect(bz.spanGaps).toBe(false);
    expect(formatValue(512.4, { digits: 0, unit: 'km/s' })).toBe('512 km/s');
    const time = opts.series[0]!.value as (u: unknown, v: number) => string;
    expect(time(null, T0)).toBe('23 Nov, 12:00 UTC');
  });

  it('keeps a quiet day from filling the axis: the Bz range spans at least ±10 nT', () => {
    const range = chartOptions(MAGNETIC_FIELD, layout(), uPlot).scales!.nT!.range as (
      u: unknown,
      lo: number,
      hi: number,
    ) => [number, number];
    expect(range(null, -2, 3)).toEqual([-10, 10]);
    expect(range(null, -25, 30)).toEqual([-25, 30]);
  });

  it('hands uPlot the columns as they are, in series order, with a null column for a missing field', () => {
    const bz = [1, -2];
    const data = alignedData(MAGNETIC_FIELD, { t: [T0, T0 + MIN], columns: { bz } });
    expect(data[1]).toBe(bz);
    expect(data[2]).toEqual([null, null]);
  });
});

describe('gaps', () => {
  it('breaks the line across an outage by inserting a null, and copies nothing when there is none', () => {
    const data = { t: [T0, T0 + MIN, T0 + 30 * MIN, T0 + 31 * MIN], columns: { bz: [1, 2, 3, 4] } };
    const gapped = withGaps(data, 3 * MIN);
    expect(gapped.t).toEqual([T0, T0 + MIN, T0 + 15 * MIN + 30_000, T0 + 30 * MIN, T0 + 31 * MIN]);
    expect(gapped.columns.bz).toEqual([1, 2, null, 3, 4]);
    const steady = { t: [T0, T0 + MIN], columns: { bz: [1, 2] } };
    expect(withGaps(steady, 3 * MIN)).toBe(steady);
  });

  it('counts how much of a range is missing, not the future, and takes the newest present value', () => {
    const data = {
      t: [T0, T0 + MIN, T0 + 2 * MIN, T0 + 3 * MIN],
      columns: { bz: [1, null, 3, null] },
    };
    // 11 expected minutes (0..10), 2 present.
    expect(
      missingShare(data, ['bz'], { from: T0, to: T0 + 20 * MIN }, MIN, T0 + 10 * MIN),
    ).toBeCloseTo(9 / 11);
    expect(latestPoint(data, 'bz')).toEqual({ t: T0 + 2 * MIN, value: 3 });
    expect(latestPoint(data, 'bt')).toBeNull();
  });
});

describe('palette and clocks', () => {
  it('colours Kp by G level in an order that stays ordered', () => {
    expect([3, 4, 5, 6, 7, 8, 9].map(kpColour)).toEqual([...KP_LEVEL_COLOURS]);
    expect([4.67, 5, 7.33, 9].map(gLevel)).toEqual([0, 1, 3, 5]);
    expect(withAlpha('#56B4E9', 0.5)).toBe('rgba(86, 180, 233, 0.5)');
  });

  it('follows the page theme, falling back to dark or light by colour scheme', () => {
    expect(chartTheme(() => '', 'light')).toEqual(LIGHT_THEME);
    expect(chartTheme((n) => (n === '--text' ? '#ffffff' : ''), 'dark')).toMatchObject({
      text: '#ffffff',
      muted: DARK_THEME.muted,
    });
  });

  it('formats times by the chosen clock and step', () => {
    expect(formatChartTime(T0, UTC_CLOCK)).toBe('23 Nov, 12:00 UTC');
    const oslo = zoneClock('Europe/Oslo', 'local time at Tromsø');
    expect(formatChartTime(T0, oslo)).toBe('23 Nov, 13:00 UTC+1');
    expect(formatChartTime(T0, UTC_CLOCK, 'month')).toBe('Nov 2026');
    expect(formatChartTime(Number.NaN, UTC_CLOCK)).toBe('–');
  });
});

describe('time-axis labels', () => {
  it('read as a 24-hour clock within a day, the date at midnight and on longer axes', () => {
    const H = 3_600_000;
    expect(axisTimeLabels([T0 - 12 * H, T0 - 6 * H, T0], UTC_CLOCK)).toEqual([
      '23 Nov',
      '06:00',
      '12:00',
    ]);
    expect(axisTimeLabels([T0, T0 + 48 * H, T0 + 96 * H], UTC_CLOCK)).toEqual([
      '23 Nov',
      '25 Nov',
      '27 Nov',
    ]);
    expect(
      axisTimeLabels([Date.UTC(2010, 0, 1), Date.UTC(2020, 0, 1)], UTC_CLOCK, 'month'),
    ).toEqual(['2010', '2020']);
  });
});
