/**
 * The regional cloud layer as an OpenLayers image source: the cells of the hour shown
 * (cloudImage.ts), painted at half the screen's resolution into one reused canvas, like the aurora
 * (auroraSource.ts says why). The pixel → cell mapping is kept for the view and the lattice, so a
 * slider step only looks colours up. After each paint `coverage` says what share of the image lies
 * in cells with a value (the map reports it for tests and the status line).
 */
import type { Extent } from 'ol/extent.js';
import { containsExtent, getHeight, getWidth } from 'ol/extent.js';
import ImageCanvas from 'ol/ImageCanvas.js';
import type Projection from 'ol/proj/Projection.js';
import ImageSource from 'ol/source/Image.js';
import {
  buildCellSampling,
  paintCells,
  type CellLattice,
  type CellSampling,
} from '../cloudImage.ts';
import { projectionCode, type ProjectionSpec } from '../projections.ts';

/** Cells of 0.5° are ~15 px at a regional zoom: half the screen's pixels draws them as sharp. */
const PAINT_SCALE = 0.5;

export interface CloudPaint {
  spec: ProjectionSpec;
  cells: (CellLattice & { values: Uint8Array; time: number }) | null;
}

export class CloudSource extends ImageSource {
  private canvas: HTMLCanvasElement | null = null;
  private pixels: ImageData | null = null;
  private sampling: { key: string; sampling: CellSampling } | null = null;
  private cached: {
    image: ImageCanvas;
    revision: number;
    resolution: number;
    pixelRatio: number;
  } | null = null;
  /** Share of the last image inside cells with a value (0 with none). */
  coverage = 0;
  /** The hour the last image shows (null: none). */
  paintedTime: number | null = null;

  constructor(
    private readonly options: {
      attributions?: string;
      read: () => CloudPaint;
      lut: Uint8ClampedArray;
    },
  ) {
    super({ attributions: options.attributions });
  }

  protected override getImageInternal(
    extent: Extent,
    resolution: number,
    pixelRatio: number,
    _projection: Projection,
  ): ImageCanvas | null {
    resolution = this.findNearestResolution(resolution);
    const c = this.cached;
    if (
      c &&
      c.revision === this.getRevision() &&
      c.resolution === resolution &&
      c.pixelRatio === pixelRatio &&
      containsExtent(c.image.getExtent(), extent)
    )
      return c.image;
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
    const canvas = (this.canvas ??= document.createElement('canvas'));
    if (canvas.width !== width || canvas.height !== height) {
      canvas.width = width;
      canvas.height = height;
    }
    const ctx = canvas.getContext('2d');
    if (!ctx) return null;
    const { spec, cells } = this.options.read();
    if (cells) {
      if (this.pixels?.width !== width || this.pixels.height !== height)
        this.pixels = ctx.createImageData(width, height);
      const view = [imageExtent[0]!, imageExtent[1]!, imageExtent[2]!, imageExtent[3]!] as const;
      const key = `${projectionCode(spec)}|${view.join(',')}|${width}x${height}|${cells.south},${cells.west},${cells.cellDeg},${cells.rows}x${cells.cols}`;
      if (this.sampling?.key !== key)
        this.sampling = { key, sampling: buildCellSampling(spec, view, width, height, cells) };
      this.coverage = paintCells(
        this.pixels,
        this.sampling.sampling,
        cells.values,
        this.options.lut,
      );
      ctx.putImageData(this.pixels, 0, 0);
      this.paintedTime = cells.time;
    } else {
      ctx.clearRect(0, 0, width, height);
      this.coverage = 0;
      this.paintedTime = null;
    }
    const image = new ImageCanvas(imageExtent, resolution, imagePixelRatio, canvas);
    this.cached = { image, revision: this.getRevision(), resolution, pixelRatio };
    return image;
  }
}
