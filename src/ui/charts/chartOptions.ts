import type uPlot from 'uplot';
import type { ChartData, TimeWindow } from './chartData.ts';
import type { ChartMarker, ChartSpec, ChartSeriesSpec } from './chartSpec.ts';
import type { Clock } from '../../lib/clock.ts';
import { axisTimeLabels, formatChartTime, timeAxisLabel } from './chartTime.ts';
import { formatAxisNumber } from './formatAxisNumber.ts';
import { nearestSample } from './nearestSample.ts';
import { withAlpha, type ChartTheme } from './palette.ts';

/** How far (CSS px) a full-size chart's crosshair looks for a sample with a value. */
const REACH_PX = 12;
/** A compact y axis's room for its tick mark and the gap before the label (uPlot's 10 + 5). */
const AXIS_TICK_SPACE = 15;
/** A compact y axis is never narrower than this (CSS px). */
const MIN_COMPACT_AXIS = 28;

/**
 * A y axis as wide as its longest tick label plus the tick: a fixed 36 px cut the map panel's
 * "1,000 km/s" to ",000". `measure` gives a label's width in CSS px.
 */
export function fittedAxisSize(
  labels: readonly (string | null | undefined)[] | null,
  measure: (text: string) => number,
): number {
  let widest = 0;
  for (const label of labels ?? []) if (label) widest = Math.max(widest, measure(label));
  return Math.max(MIN_COMPACT_AXIS, Math.ceil(widest + AXIS_TICK_SPACE));
}

export interface ChartLayout {
  width: number;
  height: number;
  /** The screen's one clock (src/lib/clock.ts): UTC or the place's local time. */
  clock: Clock;
  theme: ChartTheme;
  /** Small charts (the map panel): no axis titles, fewer ticks. */
  compact?: boolean;
  /** Read on every redraw, so a live window moves without rebuilding the plot. */
  window: () => TimeWindow;
  /** Read on every redraw too: the "now" line moves with the clock. */
  marker?: () => ChartMarker | null;
}

/** "-3.2 nT", "512 km/s", "4.33"; missing → "–" (never 0). */
export function formatValue(
  value: number | null | undefined,
  series: Pick<ChartSeriesSpec, 'digits' | 'unit'>,
): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return '–';
  const text = value.toFixed(series.digits);
  return series.unit ? `${text} ${series.unit}` : text;
}

/** The arrays uPlot draws, in series order, with the caller's arrays as they are (no copies). */
export function alignedData(spec: ChartSpec, data: ChartData): uPlot.AlignedData {
  const empty = new Array<null>(data.t.length).fill(null);
  return [
    data.t as number[],
    ...spec.series.map((s) => (data.columns[s.key] ?? empty) as (number | null | undefined)[]),
  ];
}

/** A fill that shades only the part of the area below zero on this series' scale. */
function belowZeroFill(colour: string, alpha: number, scale: string): uPlot.Series.Fill {
  return (u) => {
    const { top, height } = u.bbox;
    const zero = u.valToPos(0, scale, true);
    // Before the scale has a range (no data yet) there is nothing to shade.
    if (!(height > 0) || !Number.isFinite(top) || !Number.isFinite(zero)) return 'rgba(0,0,0,0)';
    const stop = Math.max(0, Math.min(1, (zero - top) / height));
    const g = u.ctx.createLinearGradient(0, top, 0, top + height);
    g.addColorStop(0, 'rgba(0,0,0,0)');
    g.addColorStop(stop, 'rgba(0,0,0,0)');
    g.addColorStop(stop, withAlpha(colour, alpha));
    g.addColorStop(1, withAlpha(colour, alpha));
    return g;
  };
}

function seriesOptions(s: ChartSeriesSpec, theme: ChartTheme, lib: typeof uPlot): uPlot.Series {
  const base: uPlot.Series = {
    label: s.unit ? `${s.label} (${s.unit})` : s.label,
    scale: s.scale,
    stroke: s.colour,
    width: 1.5,
    spanGaps: false,
    value: (_u, v) => formatValue(v, s),
  };
  if (s.dash) base.dash = s.dash;
  if (s.kind === 'bars') {
    const colour = s.barColour;
    return {
      ...base,
      width: 0,
      fill: withAlpha(s.colour, 0.85),
      points: { show: false },
      paths: lib.paths.bars!({
        align: s.barAlign ?? 0,
        size: [0.9, Infinity, 2],
        ...(colour
          ? {
              disp: {
                fill: {
                  unit: 3,
                  values: (u: uPlot, seriesIdx: number) =>
                    (u.data[seriesIdx] as (number | null | undefined)[]).map((v) =>
                      typeof v === 'number' ? colour(v) : null,
                    ),
                },
              },
            }
          : {}),
      }),
    } as uPlot.Series;
  }
  if (s.shadeBelowZero)
    return {
      ...base,
      fill: belowZeroFill(s.colour, theme.fillAlpha, s.scale),
      fillTo: 0,
      points: { show: false },
    };
  return { ...base, points: { show: false } };
}

/** Draws the marker ("now") as a dashed line with its label. */
function markerHook(
  markerOf: (() => ChartMarker | null) | undefined,
  theme: ChartTheme,
): ((u: uPlot) => void) | null {
  if (!markerOf) return null;
  return (u) => {
    const marker = markerOf();
    if (!marker) return;
    const x = u.valToPos(marker.t, 'x', true);
    const { left, top, width, height } = u.bbox;
    if (x < left || x > left + width) return;
    const ctx = u.ctx;
    ctx.save();
    ctx.strokeStyle = theme.marker;
    ctx.fillStyle = theme.marker;
    ctx.lineWidth = devicePixelRatioOf();
    ctx.setLineDash([4 * devicePixelRatioOf(), 3 * devicePixelRatioOf()]);
    ctx.beginPath();
    ctx.moveTo(x, top);
    ctx.lineTo(x, top + height);
    ctx.stroke();
    ctx.font = `${11 * devicePixelRatioOf()}px system-ui, sans-serif`;
    ctx.textBaseline = 'top';
    ctx.fillText(marker.label, x + 4 * devicePixelRatioOf(), top + 2 * devicePixelRatioOf());
    ctx.restore();
  };
}

function devicePixelRatioOf(): number {
  return typeof devicePixelRatio === 'number' && devicePixelRatio > 0 ? devicePixelRatio : 1;
}

/**
 * uPlot options for a spec: time x axis in the screen's clock, a titled axis per unit, crosshair
 * legend. `lib` is uPlot itself, passed in: it is loaded only where a canvas can draw.
 */
export function chartOptions(
  spec: ChartSpec,
  layout: ChartLayout,
  lib: typeof uPlot,
): uPlot.Options {
  const { theme, clock, compact } = layout;
  const axisTitle = timeAxisLabel(clock, layout.window().to);
  const font = compact ? '10px system-ui, sans-serif' : '12px system-ui, sans-serif';
  const axisBase = {
    stroke: theme.muted,
    font,
    labelFont: font,
    grid: { stroke: theme.grid, width: 1 },
    ticks: { stroke: theme.grid, width: 1 },
  };
  const scales: uPlot.Scales = {
    x: {
      time: true,
      range: () => {
        const w = layout.window();
        return [w.from, w.to];
      },
    },
  };
  for (const axis of spec.axes) {
    const r = axis.range;
    scales[axis.scale] = r
      ? {
          range: (_u, lo, hi) =>
            r.fixed ? [r.min, r.max] : [Math.min(r.min, lo ?? r.min), Math.max(r.max, hi ?? r.max)],
        }
      : {};
  }
  const draw = markerHook(layout.marker, theme);
  return {
    width: layout.width,
    height: layout.height,
    ms: 1,
    // uPlot places its ticks in the clock's zone (the device's own zone needs no conversion).
    ...(clock.timeZone
      ? {
          tzDate: (ts: number) =>
            lib.tzDate(new Date(ts), clock.timeZone === 'UTC' ? 'Etc/UTC' : clock.timeZone!),
        }
      : {}),
    scales,
    series: [
      {
        label: compact ? 'Time' : axisTitle,
        value: (_u, v) => formatChartTime(v, clock, spec.timeStep),
      },
      ...spec.series.map((s) => seriesOptions(s, theme, lib)),
    ],
    axes: [
      {
        ...axisBase,
        scale: 'x',
        space: compact ? 70 : 90,
        values: (_u, splits) => axisTimeLabels(splits, clock, spec.timeStep),
        ...(compact ? {} : { label: axisTitle, labelSize: 24 }),
      },
      ...(spec.axes.map((a) => ({
        ...axisBase,
        scale: a.scale,
        side: a.side === 'right' ? 1 : 3,
        // uPlot's default would format with an Intl object (formatAxisNumber.ts).
        values: (_u: uPlot, splits: (number | null)[]) =>
          splits.map((v) => (v == null ? '' : formatAxisNumber(v))),
        ...(a.side === 'right' ? { grid: { show: false } } : {}),
        ...(compact
          ? {
              space: 14,
              size: (u: uPlot, values: string[] | null) => {
                const ctx = u.ctx;
                ctx.save();
                ctx.font = font;
                const size = fittedAxisSize(values, (text) => ctx.measureText(text).width);
                ctx.restore();
                return size;
              },
            }
          : { label: a.label, labelSize: 22, size: 48 }),
      })) as uPlot.Axis[]),
    ],
    legend: { show: true, live: true },
    cursor: {
      points: { show: true },
      // The nearest sample with a value (nearestSample.ts): anywhere on a small chart, within
      // REACH_PX on a full one.
      dataIdx: (u, _series, closestIdx) =>
        nearestSample(
          u.data,
          closestIdx,
          compact
            ? () => true
            : (j) => Math.abs(u.valToPos(u.data[0][j]!, 'x') - (u.cursor.left ?? 0)) <= REACH_PX,
        ),
      drag: { x: false, y: false, setScale: false },
      ...(spec.syncKey ? { sync: { key: spec.syncKey } } : {}),
    },
    ...(draw ? { hooks: { draw: [draw] } } : {}),
  };
}
