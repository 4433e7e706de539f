/**
 * The basemap (land and country outlines) as an OpenLayers image source that paints its polygons
 * straight onto one canvas with the 2D context's path calls.
 *
 * Why not OpenLayers' vector layers: for ~180 country polygons they built style, render and
 * hit-detection instructions for every feature before drawing, in one animation frame — the
 * longest main-thread task of a first visit of `/` (~150 ms unthrottled in Lighthouse's trace, so
 * ~600 ms on its simulated phone). The basemap is never clicked or styled per feature, so drawing
 * the projected rings directly is all it needs: a few milliseconds, and only when the view or the
 * style changes (a slider step reuses the image).
 */
import type { Extent } from 'ol/extent.js';
import { containsExtent, getHeight, getWidth } from 'ol/extent.js';
import ImageCanvas from 'ol/ImageCanvas.js';
import type Projection from 'ol/proj/Projection.js';
import type { FrameState } from 'ol/Map.js';
import ImageSource from 'ol/source/Image.js';

/** A polygon's rings in the view projection's coordinates (metres), the first the outer one. */
export type ProjectedPolygon = readonly (readonly (readonly number[])[])[];

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
/**
 * The image covers the view and no more (OpenLayers' default): a pan shows the edge until it ends
 * and the image is repainted, but each paint fills 2.25× fewer pixels than at 1.5, on the first
 * visit's busiest frames.
 */
const IMAGE_RATIO = 1;

/** Adds a polygon's rings to the context's current path, mapped from projected to image pixels. */
function tracePolygon(
  ctx: CanvasRenderingContext2D,
  polygon: ProjectedPolygon,
  x0: number,
  y0: number,
  scale: number,
): void {
  for (const ring of polygon) {
    for (let i = 0; i < ring.length; i += 1) {
      const point = ring[i]!;
      const x = (point[0]! - x0) * scale;
      const y = (y0 - point[1]!) * scale;
      if (i === 0) ctx.moveTo(x, y);
      else ctx.lineTo(x, y);
    }
    ctx.closePath();
  }
}

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
  ctx.clearRect(0, 0, ctx.canvas.width, ctx.canvas.height);
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

export class BasemapSource extends ImageSource {
  private readonly read: () => BasemapPaint;
  private readonly canvases: (HTMLCanvasElement | undefined)[] = [];
  private nextCanvas = 0;
  private cachedImage: {
    image: ImageCanvas;
    paint: BasemapPaint;
    resolution: number;
    pixelRatio: number;
  } | null = null;

  constructor(options: Options) {
    super({ attributions: options.attributions });
    this.read = options.read;
  }

  /** Whether there is land to draw (the page's `data-basemap` says when it is on screen). */
  hasLand(): boolean {
    return this.read().land.length > 0;
  }

  /**
   * Paints, now, the image the next frame will ask for (the extent, resolution and pixel ratio of
   * `frameState`, the map's latest), so that frame only composes it. The map calls this in a task
   * of its own when new land arrives: painted inside the frame, the land's ~180 polygons and the
   * first oval together made a long task at 4× CPU slowdown.
   */
  paintAhead(frameState: FrameState): void {
    this.imageFor(frameState.extent!, frameState.viewState.resolution, frameState.pixelRatio);
  }

  protected override getImageInternal(
    extent: Extent,
    resolution: number,
    pixelRatio: number,
    _projection: Projection,
  ): ImageCanvas | null {
    return this.imageFor(extent, resolution, pixelRatio);
  }

  private imageFor(extent: Extent, resolution: number, pixelRatio: number): ImageCanvas | null {
    const paint = this.read();
    const cached = this.cachedImage;
    // Keyed by what is painted (every change replaces the paint object), not by the source's
    // revision, so an image painted ahead of the `changed()` that asks for it is still used.
    if (
      cached &&
      cached.paint === paint &&
      cached.resolution === resolution &&
      cached.pixelRatio === pixelRatio &&
      containsExtent(cached.image.getExtent(), extent)
    ) {
      return cached.image;
    }
    // The asked extent, grown by IMAGE_RATIO around its centre, in whole pixels.
    const grownWidth = getWidth(extent) * IMAGE_RATIO;
    const grownHeight = getHeight(extent) * IMAGE_RATIO;
    const width = Math.max(1, Math.ceil((grownWidth / resolution) * pixelRatio));
    const height = Math.max(1, Math.ceil((grownHeight / resolution) * pixelRatio));
    const span = resolution / pixelRatio;
    const cx = (extent[0]! + extent[2]!) / 2;
    const cy = (extent[1]! + extent[3]!) / 2;
    const imageExtent: Extent = [
      cx - (width * span) / 2,
      cy - (height * span) / 2,
      cx + (width * span) / 2,
      cy + (height * span) / 2,
    ];
    // Two canvases in turn: the image on screen keeps its own until the next frame replaces it
    // (one painted ahead is composed only in the frame after).
    const canvas = (this.canvases[this.nextCanvas] ??= document.createElement('canvas'));
    this.nextCanvas = 1 - this.nextCanvas;
    if (canvas.width !== width || canvas.height !== height) {
      canvas.width = width;
      canvas.height = height;
    }
    const ctx = canvas.getContext('2d');
    if (!ctx) return null;
    paintBasemap(ctx, paint, imageExtent, 1 / span, pixelRatio);
    const image = new ImageCanvas(imageExtent, resolution, pixelRatio, canvas);
    this.cachedImage = { image, paint, resolution, pixelRatio };
    return image;
  }
}
