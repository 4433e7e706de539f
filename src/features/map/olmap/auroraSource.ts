/**
 * The aurora field as an OpenLayers image source. Compared with an ImageCanvas source painting a
 * full-screen canvas, it
 * - paints at PAINT_SCALE of the screen's pixels and hands OpenLayers that small image with a
 *   matching pixel ratio, so the (smoothed) upscale happens in the one drawImage OpenLayers does
 *   anyway, not in an extra full-screen copy;
 * - reuses one canvas, one ImageData and the pixel → grid sampling between frames, so a time-slider
 *   step allocates nothing and only looks colours up (auroraImage.ts); while there is no grid to
 *   paint, the view's sampling is built in an idle moment (samplingCache.ts).
 */
import type { Extent } from 'ol/extent.js';
import { containsExtent, getHeight, getWidth } from 'ol/extent.js';
import ImageCanvas from 'ol/ImageCanvas.js';
import type Projection from 'ol/proj/Projection.js';
import ImageSource from 'ol/source/Image.js';
import type { FrameState } from 'ol/Map.js';
import ViewHint from 'ol/ViewHint.js';
import { paintWithSampling, type Extent as ViewExtent } from '../auroraImage.ts';
import type { ProjectionSpec } from '../projections.ts';
import { SamplingCache } from '../samplingCache.ts';

/** The grid is 1° (~100 km): half the screen's resolution loses no detail, and paints a quarter of the pixels. */
const PAINT_SCALE = 0.5;

export interface AuroraPaint {
  spec: ProjectionSpec;
  values: Uint8Array | null;
  /** Observation time of `values`. */
  frame: number | null;
}

interface Options {
  attributions?: string;
  /** What to paint, read at render time: a new frame needs only `changed()`. */
  read: () => AuroraPaint;
  lut: Uint8ClampedArray;
}

/** The image painted for an asked extent: whole pixels covering it, and exactly the extent they span. */
function imageGeometry(extent: Extent, resolution: number, pixelRatio: number) {
  const imagePixelRatio = pixelRatio * PAINT_SCALE;
  const width = Math.max(1, Math.ceil((getWidth(extent) / resolution) * imagePixelRatio));
  const height = Math.max(1, Math.ceil((getHeight(extent) / resolution) * imagePixelRatio));
  const span = resolution / imagePixelRatio;
  const imageExtent: Extent = [
    extent[0]!,
    extent[3]! - height * span,
    extent[0]! + width * span,
    extent[3]!,
  ];
  return { width, height, imagePixelRatio, imageExtent };
}

function viewExtent(e: Extent): ViewExtent {
  return [e[0]!, e[1]!, e[2]!, e[3]!];
}

export class AuroraSource extends ImageSource {
  private readonly read: () => AuroraPaint;
  private readonly lut: Uint8ClampedArray;
  private canvas: HTMLCanvasElement | null = null;
  private pixels: ImageData | null = null;
  private readonly sampling = new SamplingCache();
  private cachedImage: {
    image: ImageCanvas;
    revision: number;
    resolution: number;
    pixelRatio: number;
  } | null = null;
  /** The frame the current image shows (null: an empty image). */
  paintedFrame: number | null = null;

  constructor(options: Options) {
    super({ attributions: options.attributions });
    this.read = options.read;
    this.lut = options.lut;
  }

  /**
   * Builds, in an idle moment, the pixel → grid sampling of the image this source would paint for
   * a frame (the extent, resolution and pixel ratio its layer would ask for). The map calls it
   * while there is no grid to show (a first visit; the layer is hidden then), so the frame that
   * paints the first oval does not also build the sampling. Skipped while the view moves.
   */
  prepareFor(frameState: FrameState): void {
    const hints = frameState.viewHints;
    if (hints[ViewHint.ANIMATING] || hints[ViewHint.INTERACTING]) return;
    const resolution = this.findNearestResolution(frameState.viewState.resolution);
    const { width, height, imageExtent } = imageGeometry(
      frameState.extent!,
      resolution,
      frameState.pixelRatio,
    );
    this.sampling.prepare(this.read().spec, viewExtent(imageExtent), width, height);
  }

  /**
   * Paints, now, the image the next frame will ask for (the extent, resolution and pixel ratio of
   * `frameState`, the map's latest), so that frame only composes it: a new oval arriving is
   * painted in a task of its own, not in the animation frame that draws the map (useOlMap.ts
   * `later`). Skipped while the view moves: that frame will ask for another image.
   */
  paintAhead(frameState: FrameState): void {
    const hints = frameState.viewHints;
    if (hints[ViewHint.ANIMATING] || hints[ViewHint.INTERACTING]) return;
    this.getImageInternal(
      frameState.extent!,
      frameState.viewState.resolution,
      frameState.pixelRatio,
      frameState.viewState.projection,
    );
  }

  protected override getImageInternal(
    extent: Extent,
    resolution: number,
    pixelRatio: number,
    _projection: Projection,
  ): ImageCanvas | null {
    resolution = this.findNearestResolution(resolution);
    const cached = this.cachedImage;
    if (
      cached &&
      cached.revision === this.getRevision() &&
      cached.resolution === resolution &&
      cached.pixelRatio === pixelRatio &&
      containsExtent(cached.image.getExtent(), extent)
    ) {
      return cached.image;
    }
    const { width, height, imagePixelRatio, imageExtent } = imageGeometry(
      extent,
      resolution,
      pixelRatio,
    );
    const canvas = (this.canvas ??= document.createElement('canvas'));
    if (canvas.width !== width || canvas.height !== height) {
      canvas.width = width;
      canvas.height = height;
    }
    const ctx = canvas.getContext('2d');
    if (!ctx) return null;
    const { spec, values, frame } = this.read();
    const view = viewExtent(imageExtent);
    if (values) {
      if (this.pixels?.width !== width || this.pixels.height !== height)
        this.pixels = ctx.createImageData(width, height);
      // The pixel → grid mapping depends only on the view: a slider step reuses it.
      paintWithSampling(
        this.pixels,
        this.sampling.get(spec, view, width, height),
        values,
        this.lut,
      );
      ctx.putImageData(this.pixels, 0, 0);
    } else {
      ctx.clearRect(0, 0, width, height);
      // Shown with nothing to paint yet (the cloud layer before its forecast): get ready for it.
      this.sampling.prepare(spec, view, width, height);
    }
    this.paintedFrame = values ? frame : null;
    const image = new ImageCanvas(imageExtent, resolution, imagePixelRatio, canvas);
    this.cachedImage = { image, revision: this.getRevision(), resolution, pixelRatio };
    return image;
  }
}
