/**
 * The image an image source painted last, and whether it still answers a request: OpenLayers asks
 * a source for an image at every frame, and repainting is the costly part, so a source hands back
 * its last image while nothing it was painted for has changed — the source's revision (bumped by
 * `changed()`: new data or colours), the resolution and pixel ratio — and it covers the asked
 * extent (a pan within it, a slider step that did not change the data).
 */
import type { Extent } from 'ol/extent.js';
import { containsExtent } from 'ol/extent.js';
import type ImageCanvas from 'ol/ImageCanvas.js';

export class LastImage {
  private last: {
    image: ImageCanvas;
    revision: number;
    resolution: number;
    pixelRatio: number;
  } | null = null;

  /** The last image when it was painted for this revision, resolution and pixel ratio and covers `extent`; else null. */
  reusable(
    revision: number,
    extent: Extent,
    resolution: number,
    pixelRatio: number,
  ): ImageCanvas | null {
    const last = this.last;
    return last &&
      last.revision === revision &&
      last.resolution === resolution &&
      last.pixelRatio === pixelRatio &&
      containsExtent(last.image.getExtent(), extent)
      ? last.image
      : null;
  }

  /** Keeps `image`, painted at `revision` for a request at `resolution` and `pixelRatio`. */
  keep(image: ImageCanvas, revision: number, resolution: number, pixelRatio: number): void {
    this.last = { image, revision, resolution, pixelRatio };
  }
}
