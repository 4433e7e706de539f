/**
 * An OpenLayers image source that paints what `read()` returns straight onto a canvas with the 2D
 * context's path calls: the basemap (basemapSource.ts) and the map's shapes — the night side and
 * the terminator, the globe's disc, the user's marker (shapesSource.ts).
 *
 * Why not OpenLayers' vector layers: for the basemap's ~180 country polygons they built style,
 * render and hit-detection instructions for every feature before drawing, the longest main-thread
 * task of a first visit of `/`; and for the few shapes left they were ~23 KB gzip of the map's
 * chunk (the vector renderer, its builders and executors, styles and style expressions, the
 * spatial index) that `/`'s first load carried to draw a polygon, a line, a disc and a dot
 * (bundle.initialGzipKB). Nothing on the map is clicked or styled per feature, so drawing the
 * projected rings directly is all it needs, and only when the view or what is painted changes.
 */
import type { Extent } from 'ol/extent.js';
import { containsExtent, getHeight, getWidth } from 'ol/extent.js';
import ImageCanvas from 'ol/ImageCanvas.js';
import type Projection from 'ol/proj/Projection.js';
import type { FrameState } from 'ol/Map.js';
import ImageSource from 'ol/source/Image.js';

/** A polygon's rings in the view projection's coordinates (metres), the first the outer one. */
export type ProjectedPolygon = readonly (readonly (readonly number[])[])[];

/**
 * The image covers the view and no more (OpenLayers' default): a pan shows the edge until it ends
 * and the image is repainted, but each paint fills 2.25× fewer pixels than at 1.5, on the first
 * visit's busiest frames.
 */
const IMAGE_RATIO = 1;

/**
 * Paints `paint` over `extent` at `scale` image pixels per projected unit; `pixelRatio` scales
 * widths given in CSS pixels.
 */
export type Painter<P> = (
  ctx: CanvasRenderingContext2D,
  paint: P,
  extent: Extent,
  scale: number,
  pixelRatio: number,
) => void;

/** Adds a polygon's rings to the context's current path, mapped from projected to image pixels. */
export function tracePolygon(
  ctx: CanvasRenderingContext2D,
  polygon: ProjectedPolygon,
  x0: number,
  y0: number,
  scale: number,
  close = true,
): void {
  for (const ring of polygon) {
    for (let i = 0; i < ring.length; i += 1) {
      const point = ring[i]!;
      const x = (point[0]! - x0) * scale;
      const y = (y0 - point[1]!) * scale;
      if (i === 0) ctx.moveTo(x, y);
      else ctx.lineTo(x, y);
    }
    if (close) ctx.closePath();
  }
}

export class PaintedSource<P> extends ImageSource {
  private readonly read: () => P;
  private readonly painter: Painter<P>;
  private readonly canvases: (HTMLCanvasElement | undefined)[] = [];
  private nextCanvas = 0;
  private cachedImage: {
    image: ImageCanvas;
    paint: P;
    resolution: number;
    pixelRatio: number;
  } | null = null;

  constructor(options: { attributions?: string; read: () => P; painter: Painter<P> }) {
    super({ attributions: options.attributions });
    this.read = options.read;
    this.painter = options.painter;
  }

  /**
   * Paints, now, the image the next frame will ask for (the extent, resolution and pixel ratio of
   * `frameState`, the map's latest), so that frame only composes it.
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
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    this.painter(ctx, paint, imageExtent, 1 / span, pixelRatio);
    const image = new ImageCanvas(imageExtent, resolution, pixelRatio, canvas);
    this.cachedImage = { image, paint, resolution, pixelRatio };
    return image;
  }
}
