/**
 * Cells → pixels for the regional cloud layer. Each pixel takes the value of the cell it falls in
 * (no blending: a cell is drawn as the block of sky the forecast gives one number for), in either
 * projection. The pixel → cell mapping depends only on the view and the cells' lattice, so an
 * hour step of the slider reuses it and only looks colours up. Pure (no DOM): the map's cloud
 * source (olmap/cloudSource.ts) hands it an ImageData's buffer; tests hand it a plain array.
 */
import { NO_CLOUD_VALUE } from '../../../core/clouds/cloudTiles.ts';
import type { Extent, PixelTarget } from './auroraImage.ts';
import { inverseProject, normaliseLon, type ProjectionSpec } from './projections.ts';

/** A lattice of cells: rows from the south, columns from the west. */
export interface CellLattice {
  south: number;
  west: number;
  cellDeg: number;
  rows: number;
  cols: number;
}

export type CellSampling =
  /** The flat map: longitude depends on x only, latitude on y only. */
  | { kind: 'separable'; width: number; height: number; rowBase: Int32Array; col: Int32Array }
  /** Any projection (the globe): the cell of every pixel. */
  | { kind: 'pixels'; width: number; height: number; cell: Int32Array };

function rowOf(g: CellLattice, lat: number): number {
  const r = Math.floor((lat - g.south) / g.cellDeg);
  return r >= 0 && r < g.rows ? r : -1;
}

function colOf(g: CellLattice, lon: number): number {
  const c = Math.floor((normaliseLon(lon) - g.west) / g.cellDeg);
  return c >= 0 && c < g.cols ? c : -1;
}

export function buildCellSampling(
  spec: ProjectionSpec,
  extent: Extent,
  width: number,
  height: number,
  g: CellLattice,
): CellSampling {
  const [minX, minY, maxX, maxY] = extent;
  const dx = (maxX - minX) / width;
  const dy = (maxY - minY) / height;
  const lonLat: [number, number] = [0, 0];
  if (spec.kind === 'mercator') {
    const rowBase = new Int32Array(height).fill(-1);
    const col = new Int32Array(width).fill(-1);
    for (let i = 0; i < width; i++) {
      if (inverseProject(spec, minX + (i + 0.5) * dx, 0, lonLat)) col[i] = colOf(g, lonLat[0]);
    }
    for (let j = 0; j < height; j++) {
      if (!inverseProject(spec, 0, maxY - (j + 0.5) * dy, lonLat)) continue;
      const r = rowOf(g, lonLat[1]);
      rowBase[j] = r < 0 ? -1 : r * g.cols;
    }
    return { kind: 'separable', width, height, rowBase, col };
  }
  const cell = new Int32Array(width * height).fill(-1);
  for (let j = 0; j < height; j++) {
    const y = maxY - (j + 0.5) * dy;
    for (let i = 0; i < width; i++) {
      if (!inverseProject(spec, minX + (i + 0.5) * dx, y, lonLat)) continue;
      const r = rowOf(g, lonLat[1]);
      const c = colOf(g, lonLat[0]);
      if (r >= 0 && c >= 0) cell[j * width + i] = r * g.cols + c;
    }
  }
  return { kind: 'pixels', width, height, cell };
}

/**
 * Colours `target` from the cells' values (0–100 %, NO_CLOUD_VALUE = none) through the 256-entry
 * LUT (percent × 2.55), one 32-bit word per pixel. Returns the share of the image's pixels that lie
 * in a cell with a value — what the map reports as the layer's coverage of the view.
 */
export function paintCells(
  target: PixelTarget,
  sampling: CellSampling,
  values: Uint8Array,
  lut: Uint8ClampedArray,
): number {
  const { data } = target;
  const out = new Uint32Array(data.buffer, data.byteOffset, data.byteLength >> 2);
  const colours = new Uint32Array(lut.buffer, lut.byteOffset, lut.byteLength >> 2);
  const word = new Uint32Array(256);
  for (let v = 0; v < 256; v++)
    word[v] = v > 100 ? 0 : colours[v >= 100 ? 255 : Math.round(v * 2.55)]!;
  let covered = 0;
  const { width, height } = sampling;
  if (sampling.kind === 'separable') {
    const { rowBase, col } = sampling;
    for (let j = 0; j < height; j++) {
      const k0 = j * width;
      const base = rowBase[j]!;
      if (base < 0) {
        out.fill(0, k0, k0 + width);
        continue;
      }
      for (let i = 0; i < width; i++) {
        const c = col[i]!;
        const v = c < 0 ? NO_CLOUD_VALUE : values[base + c]!;
        if (v !== NO_CLOUD_VALUE) covered++;
        out[k0 + i] = word[v]!;
      }
    }
  } else {
    const { cell } = sampling;
    for (let k = 0; k < cell.length; k++) {
      const c = cell[k]!;
      const v = c < 0 ? NO_CLOUD_VALUE : values[c]!;
      if (v !== NO_CLOUD_VALUE) covered++;
      out[k] = word[v]!;
    }
  }
  return width * height > 0 ? covered / (width * height) : 0;
}
