import { useEffect, useLayoutEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import type uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import './charts.css';
import { sameChartData, withGaps, type ChartData, type TimeWindow } from './chartData.ts';
import { alignedData, chartOptions } from './chartOptions.ts';
import type { ChartMarker, ChartSpec } from './chartSpec.ts';
import type { Clock } from '../../lib/clock.ts';
import { ChartTextAlternative } from './ChartTextAlternative.tsx';
import { loadUplot } from './loadUplot.ts';
import { firstNowRestLater, oneTaskEach } from './oneTaskEach.ts';
import { plotInTwoTasks } from './plotInTwoTasks.ts';
import { whenNearViewport } from './whenNearViewport.ts';
import { chartTheme } from './palette.ts';

/** A step longer than this many cadences is an outage, drawn as a gap (NOAA's 1-minute feeds skip the odd minute). */
const GAP_CADENCES = 3;

export interface TimeChartProps {
  spec: ChartSpec;
  data: ChartData;
  window: TimeWindow;
  clock: Clock;
  now: number;
  height?: number;
  compact?: boolean;
  marker?: ChartMarker | null;
}

/** Charts are built, and then initialised and drawn, one step per task (./oneTaskEach.ts). */
const inOwnTask = oneTaskEach();
/** New data: one chart's at once, the others of the same task one per task after it. */
const drawNewData = firstNowRestLater(inOwnTask);

function canvasWorks(): boolean {
  try {
    return (
      typeof HTMLCanvasElement !== 'undefined' &&
      !/jsdom/i.test(navigator.userAgent) &&
      document.createElement('canvas').getContext('2d') !== null
    );
  } catch {
    return false;
  }
}

/** What a plot shows: its data and its time window. */
interface Shown {
  data: ChartData;
  from: number;
  to: number;
}

/** Puts the newest data and window on `plot`, unless it shows them already. */
function showLatest(
  plot: uPlot,
  spec: ChartSpec,
  newest: { gapped: ChartData; window: { from: number; to: number } },
  shownRef: { current: Shown | null },
): void {
  const { gapped, window: w } = newest;
  const shown = shownRef.current;
  // The same samples in a new object have nothing to draw.
  const same =
    shown !== null &&
    shown.from === w.from &&
    shown.to === w.to &&
    sameChartData(shown.data, gapped);
  shownRef.current = { data: gapped, from: w.from, to: w.to };
  if (!same) plot.setData(alignedData(spec, gapped));
}

function themeFor(el: HTMLElement) {
  const style = getComputedStyle(el);
  const scheme =
    /light/.test(style.colorScheme) && !/dark/.test(style.colorScheme) ? 'light' : 'dark';
  return chartTheme((name) => style.getPropertyValue(name), scheme);
}

/**
 * The one chart wrapper: creates a uPlot once its box is near the viewport (built in one task,
 * drawn in the next: ./plotInTwoTasks.ts) and destroys it on unmount; new data goes in with
 * `setData` (a live minute redraws, never rebuilds). Under the plot, the chart as text.
 * Without a canvas (a text browser, tests) only the text is shown.
 */
export function TimeChart({
  spec,
  data,
  window,
  clock,
  now,
  height = 220,
  compact = false,
  marker = null,
}: TimeChartProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const plotRef = useRef<uPlot | null>(null);
  /** What the plot currently draws, so an unchanged render costs nothing. */
  const shownRef = useRef<Shown | null>(null);
  const [drawable] = useState(canvasWorks);
  const gapped = useMemo(
    () => withGaps(data, spec.cadenceMs * GAP_CADENCES),
    [data, spec.cadenceMs],
  );
  const latest = useRef({ gapped, window, marker });
  useLayoutEffect(() => {
    latest.current = { gapped, window, marker };
  });

  useEffect(() => {
    const host = hostRef.current;
    if (!drawable || !host) return;
    let cancelled = false;
    let cleanup: (() => void) | null = null;
    const make = (lib: typeof uPlot, then: (plot: uPlot, init: () => void) => void) => {
      const opts = chartOptions(
        spec,
        {
          width: Math.max(200, host.clientWidth),
          height,
          clock,
          compact,
          theme: themeFor(host),
          window: () => latest.current.window,
          marker: () => latest.current.marker,
        },
        lib,
      );
      opts.hooks = {
        ...opts.hooks,
        draw: [
          ...(opts.hooks?.draw ?? []),
          // For the chart bench and anyone profiling: when a draw finished, and of how many points.
          (u) =>
            performance.mark('chart:draw', {
              detail: { title: spec.title, points: u.data[0].length },
            }),
        ],
      };
      shownRef.current = {
        data: latest.current.gapped,
        from: latest.current.window.from,
        to: latest.current.window.to,
      };
      // uPlot types `init` as a bare Function; it takes no arguments.
      return new lib(opts, alignedData(spec, latest.current.gapped), (self, init) =>
        then(self, init as () => void),
      );
    };
    const ready = (plot: uPlot) => {
      host.appendChild(plot.root);
      plotRef.current = plot;
      // Data or window that changed between the two tasks: drawn in the same (first) draw.
      showLatest(plot, spec, latest.current, shownRef);
      // Tap and drag on touch screens moves the crosshair; vertical swipes still scroll (CSS touch-action).
      const onTouch = (e: TouchEvent) => {
        const touch = e.touches[0];
        if (!touch) return;
        const r = plot.over.getBoundingClientRect();
        plot.setCursor({ left: touch.clientX - r.left, top: touch.clientY - r.top });
      };
      plot.over.addEventListener('touchstart', onTouch, { passive: true });
      plot.over.addEventListener('touchmove', onTouch, { passive: true });
      // A layout change resizes every chart on the screen in one rendering step: the first is
      // redrawn at once, the others one per task after it (each redraw is a whole chart's draw).
      const resize = new ResizeObserver(() =>
        drawNewData(() => {
          if (plotRef.current !== plot) return;
          const width = Math.max(200, host.clientWidth);
          if (width !== plot.width) plot.setSize({ width, height });
        }),
      );
      resize.observe(host);
      cleanup = () => resize.disconnect();
    };
    let dispose: (() => void) | null = null;
    const library = loadUplot();
    const stopWatching = whenNearViewport(host, () => {
      void library.then((lib) => {
        if (cancelled) return;
        dispose = plotInTwoTasks((then) => make(lib, then), inOwnTask, ready);
      });
    });
    return () => {
      cancelled = true;
      stopWatching();
      cleanup?.();
      dispose?.();
      plotRef.current = null;
      shownRef.current = null;
    };
  }, [drawable, spec, clock, height, compact]);

  const { from, to } = window;
  useEffect(() => {
    const plot = plotRef.current;
    const shown = shownRef.current;
    if (!plot || (shown && shown.data === gapped && shown.from === from && shown.to === to)) return;
    let cancelled = false;
    drawNewData(() => {
      // Drawn later, the newest data then (a newer render may have come in between).
      if (!cancelled && plotRef.current === plot) showLatest(plot, spec, latest.current, shownRef);
    });
    return () => {
      cancelled = true;
    };
  }, [gapped, spec, from, to]);

  const markerT = marker?.t ?? null;
  const markerLabel = marker?.label ?? null;
  useEffect(() => {
    if (markerT !== null || markerLabel !== null) plotRef.current?.redraw(false);
  }, [markerT, markerLabel]);

  return (
    <figure
      className={`time-chart${compact ? ' time-chart--compact' : ''}`}
      data-chart={spec.title}
    >
      {drawable ? (
        <div
          ref={hostRef}
          className="time-chart__plot"
          // The plot's final size is reserved before uPlot loads (charts.css), so the page does not
          // jump when it draws: the canvas, plus the legend's lines (one per series on a phone).
          style={
            {
              '--plot-height': `${height}px`,
              '--legend-lines-narrow': spec.series.length,
            } as CSSProperties
          }
          role="img"
          aria-label={`${spec.title} chart; its values are in the text below`}
        />
      ) : null}
      <figcaption>
        <ChartTextAlternative
          spec={spec}
          data={data}
          window={window}
          now={now}
          clock={clock}
          split={marker?.t ?? now}
        />
      </figcaption>
    </figure>
  );
}
