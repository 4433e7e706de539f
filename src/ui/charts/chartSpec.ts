import type { ChartTimeStep } from './chartTime.ts';

/** What one chart shows, declared once per chart; `chartOptions.ts` turns it into uPlot options. */
export interface ChartSeriesSpec {
  /** The column in ChartData.columns. */
  key: string;
  label: string;
  /** Shown after every value ("nT", "km/s"); '' for unitless indices such as Kp. */
  unit: string;
  /** Which y axis (ChartAxisSpec.scale). */
  scale: string;
  kind: 'line' | 'bars';
  colour: string;
  digits: number;
  dash?: number[];
  /** Shade between the line and zero on the negative side (Bz south). */
  shadeBelowZero?: boolean;
  /** Bars: colour each bar by its value (Kp by G level). */
  barColour?: (value: number) => string;
  /** Bars: which side of its time a bar stands (1: the period starting at t). */
  barAlign?: -1 | 0 | 1;
  /**
   * For a chart whose series have different cadences or cover different parts of the range (Kp:
   * 3-hourly bars, a 1-minute line, forecast bars ahead): the cadence this series is expected at
   * and the part of the range it claims — before the marker ('past') or after it ('ahead'). The
   * caption then counts each such series on its own, so a full set of bars cannot hide a line
   * that shows only a sliver of its range.
   */
  coverage?: { cadenceMs: number; span: 'past' | 'ahead' };
}

interface ChartAxisSpec {
  scale: string;
  /** Axis title with its unit ("Bz, Bt (nT)"). */
  label: string;
  side: 'left' | 'right';
  /** Fixed range, or a minimum span kept visible (so a quiet day is not drawn as a storm). */
  range?: { min: number; max: number; fixed?: boolean };
}

export interface ChartSpec {
  /** Names the chart for assistive tech and tests ("Magnetic field"). */
  title: string;
  series: readonly ChartSeriesSpec[];
  axes: readonly ChartAxisSpec[];
  /** Expected time between samples: longer steps are drawn as gaps and counted as missing. */
  cadenceMs: number;
  /** How times read in the legend, caption and table (default: to the minute). */
  timeStep?: ChartTimeStep;
  /** Shared key: charts with the same key move their crosshairs together. */
  syncKey?: string;
}

/** A labelled vertical line (e.g. "now" between observed and forecast). */
export interface ChartMarker {
  t: number;
  label: string;
}
