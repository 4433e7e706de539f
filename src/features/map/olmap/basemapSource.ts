/**
 * The basemap (land and country outlines) as an OpenLayers image source that paints its polygons
 * straight onto one canvas with the 2D context's path calls (paintedSource.ts).
 *
 * Why not OpenLayers' vector layers: for ~180 country polygons they built style, render and
 * hit-detection instructions for every feature before drawing, in one animation frame — the
 * longest main-thread task of a first visit of `/` (~150 ms unthrottled in Lighthouse's trace, so
 * ~600 ms on its simulated phone). The basemap is never clicked or styled per feature, so drawing
 * the projected rings directly is all it needs: a few milliseconds, and only when the view or the
 * style changes (a slider step reuses the image).
 */
import type { Extent } from 'ol/extent.js';
import { PaintedSource, tracePolygon, type ProjectedPolygon } from './paintedSource.ts';

export interface BasemapPaint {
  /** Land polygons, filled. */
  land: readonly ProjectedPolygon[];
  /** Country polygons, whose rings are stroked (coasts and borders). */
  outlines: readonly ProjectedPolygon[];
  landColour: string;
  coastColour: string;
}

interface Options {
  attributions?: string;
  /** What to paint, read at render time: new data or colours need only `changed()`. */
  read: () => BasemapPaint;
}

/** The width of coasts and borders in CSS pixels. */
const OUTLINE_WIDTH = 0.7;

/** Paints land and outlines over `extent` at `scale` image pixels per projected unit. */
function paintBasemap(
  ctx: CanvasRenderingContext2D,
  paint: BasemapPaint,
  extent: Extent,
  scale: number,
  pixelRatio: number,
): void {
  const x0 = extent[0]!;
  const y0 = extent[3]!;
  ctx.fillStyle = paint.landColour;
  for (const polygon of paint.land) {
    ctx.beginPath();
    tracePolygon(ctx, polygon, x0, y0, scale);
    // Even-odd: a ring inside another is a hole, whichever way the source wound it.
    ctx.fill('evenodd');
  }
  ctx.strokeStyle = paint.coastColour;
  ctx.lineWidth = OUTLINE_WIDTH * pixelRatio;
  ctx.lineJoin = 'round';
  ctx.beginPath();
  for (const polygon of paint.outlines) tracePolygon(ctx, polygon, x0, y0, scale);
  ctx.stroke();
}

export class BasemapSource extends PaintedSource<BasemapPaint> {
  private readonly readPaint: () => BasemapPaint;

  constructor(options: Options) {
    super({ attributions: options.attributions, read: options.read, painter: paintBasemap });
    this.readPaint = options.read;
  }

  /** Whether there is land to draw (the page's `data-basemap` says when it is on screen). */
  hasLand(): boolean {
    return this.readPaint().land.length > 0;
  }
}
