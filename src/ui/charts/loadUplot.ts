import type uPlot from 'uplot';

let loaded: typeof uPlot | null = null;

/**
 * uPlot, loaded once for every chart: the only place that loads the library (its own chunk), so
 * a route that wants the charts ready early (src/pwa/preloadForRoute.ts) asks the chart family
 * rather than importing uPlot itself.
 */
export function loadUplot(): Promise<typeof uPlot> {
  return loaded ? Promise.resolve(loaded) : import('uplot').then((m) => (loaded = m.default));
}
