/**
 * Grid → pixels. Paints the OVATION probability field into an RGBA buffer for any map extent in
 * either projection, sampling the 1° grid bilinearly so the oval reads as a continuous field.
 * Pure (no DOM): the map wrapper hands it an ImageData's buffer; tests hand it a plain array.
 */
import { GRID_HEIGHT, GRID_WIDTH } from '../../../core/grid/grid.ts';
import { inverseProject, normaliseLon, type ProjectionSpec } from './projections.ts';

/** A buffer to paint into, shaped like ImageData. */
export interface PixelTarget {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

/** [minX, minY, maxX, maxY] in the view projection's units. */
export type Extent = readonly [number, number, number, number];

/**
 * OVATION carries a seam at the equator in every file we have (up to 16 % at 0°, fading by 3°S),
 * where the model has no aurora physics: cells within this many degrees of the equator are read as 0.
 */
export const EQUATOR_ARTEFACT_DEG = 3;

/** Row of a latitude: row 0 = +90. The pole rows carry a model artefact (FORMATS.md), so skip them. */
function rowOf(lat: number): number {
  return Math.min(GRID_HEIGHT - 2, Math.max(1, 90 - lat));
}

/** Probability (%) at a point, interpolated bilinearly between the four surrounding cells. */
export function sampleGrid(values: Uint8Array, lon: number, lat: number): number {
  if (Math.abs(lat) < EQUATOR_ARTEFACT_DEG + 1) return 0;
  const r = rowOf(lat);
  const c = normaliseLon(lon) + 180;
  const r0 = Math.floor(r);
  const r1 = Math.min(GRID_HEIGHT - 2, r0 + 1);
  const c0 = Math.floor(c) % GRID_WIDTH;
  const c1 = (c0 + 1) % GRID_WIDTH;
  const fr = r - r0;
  const fc = c - Math.floor(c);
  const v00 = values[r0 * GRID_WIDTH + c0] ?? 0;
  const v01 = values[r0 * GRID_WIDTH + c1] ?? 0;
  const v10 = values[r1 * GRID_WIDTH + c0] ?? 0;
  const v11 = values[r1 * GRID_WIDTH + c1] ?? 0;
  const top = v00 + (v01 - v00) * fc;
  const bottom = v10 + (v11 - v10) * fc;
  return top + (bottom - top) * fr;
}

/**
 * Where each pixel of a painted image samples the grid: the two upper cells of the four around it
 * and the bilinear weights. It depends only on the view (projection, extent, size), so a
 * time-slider step reuses it and only looks values up.
 */
export type GridSampling = PixelSampling | SeparableSampling;

/** Per pixel: any projection (the globe). */
interface PixelSampling {
  kind: 'pixels';
  width: number;
  height: number;
  /** Index of the top-left cell per pixel, or -1 where nothing is drawn (off the globe, artefact rows). */
  cell: Int32Array;
  /** Index of the top-right cell (the next column, wrapping at the antimeridian). */
  right: Int32Array;
  /** Fraction towards the next row and the next column. */
  fr: Float32Array;
  fc: Float32Array;
}

/**
 * Per row and per column: the flat map, where longitude depends only on x and latitude only on y.
 * w + h entries instead of four arrays of w × h (1.3 MB for a phone's screen at half resolution,
 * allocated and filled in the frame that painted the first oval).
 */
interface SeparableSampling {
  kind: 'separable';
  width: number;
  height: number;
  /** First cell of the row above each pixel row (row × GRID_WIDTH), or -1 where nothing is drawn. */
  rowBase: Int32Array;
  /** Fraction towards the next row. */
  rowFr: Float32Array;
  /** Column of the left and right cells of each pixel column, and the fraction between them. */
  colLeft: Int32Array;
  colRight: Int32Array;
  colFc: Float32Array;
}

export function buildSampling(
  spec: ProjectionSpec,
  extent: Extent,
  width: number,
  height: number,
): GridSampling {
  return spec.kind === 'mercator'
    ? buildSeparableSampling(spec, extent, width, height)
    : buildPixelSampling(spec, extent, width, height);
}

/** The per-pixel sampling, which works for any projection (exported so tests can compare). */
export function buildPixelSampling(
  spec: ProjectionSpec,
  extent: Extent,
  width: number,
  height: number,
): PixelSampling {
  const n = width * height;
  const sampling: PixelSampling = {
    kind: 'pixels',
    width,
    height,
    cell: new Int32Array(n).fill(-1),
    right: new Int32Array(n),
    fr: new Float32Array(n),
    fc: new Float32Array(n),
  };
  const [minX, minY, maxX, maxY] = extent;
  const dx = (maxX - minX) / width;
  const dy = (maxY - minY) / height;
  const lonLat: [number, number] = [0, 0];
  for (let j = 0; j < height; j++) {
    const y = maxY - (j + 0.5) * dy;
    for (let i = 0; i < width; i++) {
      if (!inverseProject(spec, minX + (i + 0.5) * dx, y, lonLat)) continue;
      const lat = lonLat[1];
      if (Math.abs(lat) < EQUATOR_ARTEFACT_DEG + 1) continue;
      const r = rowOf(lat);
      const c = normaliseLon(lonLat[0]) + 180;
      const r0 = Math.min(GRID_HEIGHT - 3, Math.floor(r));
      const c0 = Math.floor(c) % GRID_WIDTH;
      const k = j * width + i;
      sampling.cell[k] = r0 * GRID_WIDTH + c0;
      sampling.right[k] = r0 * GRID_WIDTH + ((c0 + 1) % GRID_WIDTH);
      sampling.fr[k] = r - r0;
      sampling.fc[k] = c - Math.floor(c);
    }
  }
  return sampling;
}

/** The flat map's sampling: each column and each row projected once (w + h inverse projections). */
function buildSeparableSampling(
  spec: ProjectionSpec,
  extent: Extent,
  width: number,
  height: number,
): SeparableSampling {
  const [minX, minY, maxX, maxY] = extent;
  const dx = (maxX - minX) / width;
  const dy = (maxY - minY) / height;
  const sampling: SeparableSampling = {
    kind: 'separable',
    width,
    height,
    rowBase: new Int32Array(height).fill(-1),
    rowFr: new Float32Array(height),
    colLeft: new Int32Array(width),
    colRight: new Int32Array(width),
    colFc: new Float32Array(width),
  };
  const lonLat: [number, number] = [0, 0];
  for (let i = 0; i < width; i++) {
    inverseProject(spec, minX + (i + 0.5) * dx, 0, lonLat);
    const c = normaliseLon(lonLat[0]) + 180;
    const c0 = Math.floor(c) % GRID_WIDTH;
    sampling.colLeft[i] = c0;
    sampling.colRight[i] = (c0 + 1) % GRID_WIDTH;
    sampling.colFc[i] = c - Math.floor(c);
  }
  for (let j = 0; j < height; j++) {
    if (!inverseProject(spec, 0, maxY - (j + 0.5) * dy, lonLat)) continue;
    const lat = lonLat[1];
    if (Math.abs(lat) < EQUATOR_ARTEFACT_DEG + 1) continue;
    const r = rowOf(lat);
    const r0 = Math.min(GRID_HEIGHT - 3, Math.floor(r));
    sampling.rowBase[j] = r0 * GRID_WIDTH;
    sampling.rowFr[j] = r - r0;
  }
  return sampling;
}

/**
 * Colours a target of the sampling's size from one grid's values, in one pass over the pixels.
 * Pixels are written as whole 32-bit words: the target and the LUT are both viewed as Uint32, so
 * each word carries the LUT's four RGBA bytes in order whatever the platform's byte order.
 */
export function paintWithSampling(
  target: PixelTarget,
  sampling: GridSampling,
  values: Uint8Array,
  lut: Uint8ClampedArray,
): void {
  const { data } = target;
  const out = new Uint32Array(data.buffer, data.byteOffset, data.byteLength >> 2);
  const colours = new Uint32Array(lut.buffer, lut.byteOffset, lut.byteLength >> 2);
  if (sampling.kind === 'separable') paintSeparable(out, sampling, values, colours);
  else paintPixels(out, sampling, values, colours);
}

/** The bilinear value between four cells, coloured; the same arithmetic for both samplings. */
function colourAt(
  values: Uint8Array,
  colours: Uint32Array,
  i00: number,
  i01: number,
  f: number,
  fr: number,
): number {
  const v00 = values[i00]!;
  const v01 = values[i01]!;
  const top = v00 + (v01 - v00) * f;
  const v10 = values[i00 + GRID_WIDTH]!;
  const bottom = v10 + (values[i01 + GRID_WIDTH]! - v10) * f;
  const v = top + (bottom - top) * fr;
  return v < 1 ? 0 : colours[v >= 100 ? 255 : Math.round(v * 2.55)]!;
}

function paintPixels(
  out: Uint32Array,
  sampling: PixelSampling,
  values: Uint8Array,
  colours: Uint32Array,
): void {
  const { cell, right, fr, fc } = sampling;
  const n = cell.length;
  for (let k = 0; k < n; k++) {
    const i00 = cell[k]!;
    out[k] = i00 < 0 ? 0 : colourAt(values, colours, i00, right[k]!, fc[k]!, fr[k]!);
  }
}

function paintSeparable(
  out: Uint32Array,
  sampling: SeparableSampling,
  values: Uint8Array,
  colours: Uint32Array,
): void {
  const { width, height, rowBase, rowFr, colLeft, colRight, colFc } = sampling;
  for (let j = 0; j < height; j++) {
    const k0 = j * width;
    const base = rowBase[j]!;
    if (base < 0) {
      out.fill(0, k0, k0 + width);
      continue;
    }
    const fr = rowFr[j]!;
    for (let i = 0; i < width; i++) {
      out[k0 + i] = colourAt(
        values,
        colours,
        base + colLeft[i]!,
        base + colRight[i]!,
        colFc[i]!,
        fr,
      );
    }
  }
}

/**
 * Fills `target` with the aurora colours for the map area `extent` (top-left pixel = minX, maxY).
 * `lut` is the 256-entry table from buildRampLut(). Pixels off the globe stay transparent.
 */
export function paintAurora(
  target: PixelTarget,
  spec: ProjectionSpec,
  extent: Extent,
  values: Uint8Array,
  lut: Uint8ClampedArray,
): void {
  paintWithSampling(target, buildSampling(spec, extent, target.width, target.height), values, lut);
}
