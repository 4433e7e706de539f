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
export interface GridSampling {
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

export function buildSampling(
  spec: ProjectionSpec,
  extent: Extent,
  width: number,
  height: number,
): GridSampling {
  const n = width * height;
  const sampling: GridSampling = {
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
  if (spec.kind === 'mercator') {
    fillSeparable(sampling, spec, minX, maxY, dx, dy);
    return sampling;
  }
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

/**
 * On the flat map longitude depends only on x and latitude only on y: project each column and
 * each row once (w + h inverse projections instead of w × h) and combine them per pixel.
 */
function fillSeparable(
  sampling: GridSampling,
  spec: ProjectionSpec,
  minX: number,
  maxY: number,
  dx: number,
  dy: number,
): void {
  const { width, height, cell, right, fr, fc } = sampling;
  const lonLat: [number, number] = [0, 0];
  const colLeft = new Int32Array(width);
  const colRight = new Int32Array(width);
  const colFc = new Float32Array(width);
  for (let i = 0; i < width; i++) {
    inverseProject(spec, minX + (i + 0.5) * dx, 0, lonLat);
    const c = normaliseLon(lonLat[0]) + 180;
    const c0 = Math.floor(c) % GRID_WIDTH;
    colLeft[i] = c0;
    colRight[i] = (c0 + 1) % GRID_WIDTH;
    colFc[i] = c - Math.floor(c);
  }
  for (let j = 0; j < height; j++) {
    if (!inverseProject(spec, 0, maxY - (j + 0.5) * dy, lonLat)) continue;
    const lat = lonLat[1];
    if (Math.abs(lat) < EQUATOR_ARTEFACT_DEG + 1) continue;
    const r = rowOf(lat);
    const r0 = Math.min(GRID_HEIGHT - 3, Math.floor(r));
    const base = r0 * GRID_WIDTH;
    const rowFr = r - r0;
    const k0 = j * width;
    for (let i = 0; i < width; i++) {
      cell[k0 + i] = base + colLeft[i]!;
      right[k0 + i] = base + colRight[i]!;
      fr[k0 + i] = rowFr;
      fc[k0 + i] = colFc[i]!;
    }
  }
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
  const { cell, right, fr, fc } = sampling;
  const n = cell.length;
  for (let k = 0; k < n; k++) {
    const i00 = cell[k]!;
    if (i00 < 0) {
      out[k] = 0;
      continue;
    }
    const i01 = right[k]!;
    const v00 = values[i00]!;
    const v01 = values[i01]!;
    const f = fc[k]!;
    const top = v00 + (v01 - v00) * f;
    const v10 = values[i00 + GRID_WIDTH]!;
    const bottom = v10 + (values[i01 + GRID_WIDTH]! - v10) * f;
    const v = top + (bottom - top) * fr[k]!;
    out[k] = v < 1 ? 0 : colours[v >= 100 ? 255 : Math.round(v * 2.55)]!;
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
