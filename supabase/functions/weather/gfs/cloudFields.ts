/**
 * GFS fields → the cloud layer's 0.5° cells of one latitude band. Which GRIB2 fields are cloud
 * cover (WMO code table 4.2, discipline 0 category 6; NCEP's GFS inventory): TCDC (parameter 1)
 * over the entire atmosphere (level type 10, or 200 "considered as a single layer"), LCDC/MCDC/
 * HCDC (3/4/5) in the low/middle/high cloud layers (level types 214/224/234). Older GFS files
 * carry the decks only as TCDC averaged over an interval in those layers (product template 4.8):
 * taken when no instantaneous field is there.
 */
import {
  CLOUD_LAYERS,
  NO_CLOUD_VALUE,
  type CloudLayer,
  type TileGeometry,
} from '../../../../core/clouds/cloudTiles.ts';
import type { Grib2Field } from './grib2.ts';

/** The band's cells: the finest level of core/clouds/cloudTiles.ts. */
const BAND_CELL_DEG = 0.5;
/** Bands of latitude, each one upstream request per forecast hour (GFS 0.25°: 120 × 1,440 points a field). */
export const BAND_DEG = 30;
const BAND_ROWS = BAND_DEG / BAND_CELL_DEG;
export const BAND_COLS = 360 / BAND_CELL_DEG;
const BAND_CELLS = BAND_ROWS * BAND_COLS;

export type HourCells = Record<CloudLayer, Uint8Array>;

const LEVELS: Record<CloudLayer, { levels: number[]; parameters: number[] }> = {
  total: { levels: [10, 200], parameters: [1] },
  low: { levels: [214], parameters: [3, 1] },
  medium: { levels: [224], parameters: [4, 1] },
  high: { levels: [234], parameters: [5, 1] },
};

/** The field of a layer among one hour's fields: an instantaneous one first, the specific parameter first. */
export function pickLayer(fields: readonly Grib2Field[], layer: CloudLayer): Grib2Field | null {
  const want = LEVELS[layer];
  let best: Grib2Field | null = null;
  let bestRank = Infinity;
  for (const f of fields) {
    if (f.discipline !== 0 || f.category !== 6 || !want.levels.includes(f.levelType)) continue;
    const p = want.parameters.indexOf(f.parameter);
    if (p < 0) continue;
    const rank = (f.productTemplate === 0 ? 0 : 10) + p;
    if (rank < bestRank) {
      best = f;
      bestRank = rank;
    }
  }
  return best;
}

/** The band holding a latitude (0 = 90°S–60°S … 5 = 60°N–90°N). */
export function bandOf(lat: number): number {
  return Math.min(180 / BAND_DEG - 1, Math.max(0, Math.floor((lat + 90) / BAND_DEG)));
}

export function bandSouth(band: number): number {
  return -90 + band * BAND_DEG;
}

/**
 * One field's values averaged into the band's 0.5° cells (each cell [lat, lat + 0.5) ×
 * [lon, lon + 0.5), four GFS 0.25° points); NO_CLOUD_VALUE where no point falls.
 */
export function fieldToBandCells(field: Grib2Field, band: number): Uint8Array {
  const south = bandSouth(band);
  const top = band === 180 / BAND_DEG - 1;
  const sum = new Float32Array(BAND_CELLS);
  const count = new Uint16Array(BAND_CELLS);
  const { ni, nj, lat1, lon1, dLat, dLon } = field.grid;
  // Each column's cell, worked out once for every row.
  const colOf = new Int32Array(ni);
  for (let i = 0; i < ni; i++) {
    const lon = ((((lon1 + i * dLon + 180) % 360) + 360) % 360) - 180;
    colOf[i] = Math.min(BAND_COLS - 1, Math.floor((lon + 180) / BAND_CELL_DEG + 1e-6));
  }
  const values = field.values;
  for (let j = 0; j < nj; j++) {
    const lat = lat1 + j * dLat;
    let row = Math.floor((lat - south) / BAND_CELL_DEG + 1e-6);
    // The pole is in the top band's last row; any other band edge belongs to the band above.
    if (top && row === BAND_ROWS) row = BAND_ROWS - 1;
    if (row < 0 || row >= BAND_ROWS) continue;
    const base = row * BAND_COLS;
    const at = j * ni;
    for (let i = 0; i < ni; i++) {
      const v = values[at + i]!;
      if (!(v >= 0)) continue;
      const k = base + colOf[i]!;
      sum[k] = sum[k]! + v;
      count[k] = count[k]! + 1;
    }
  }
  const out = new Uint8Array(BAND_CELLS).fill(NO_CLOUD_VALUE);
  for (let k = 0; k < BAND_CELLS; k++)
    if (count[k]) out[k] = Math.max(0, Math.min(100, Math.round(sum[k]! / count[k]!)));
  return out;
}

/** One hour's four layers for a band, or the reason they are not all there. */
export function hourCells(
  fields: readonly Grib2Field[],
  band: number,
): { ok: true; cells: HourCells } | { ok: false; error: string } {
  const cells = {} as HourCells;
  for (const layer of CLOUD_LAYERS) {
    const f = pickLayer(fields, layer);
    if (!f) return { ok: false, error: `no ${layer} cloud cover field` };
    cells[layer] = fieldToBandCells(f, band);
  }
  return { ok: true, cells };
}

/**
 * A tile layer's bytes (hours × cells, core/clouds/cloudBytes.ts layout) from the bands' 0.5° cells:
 * a coarser cell is the mean of the 0.5° cells in it that have a value; NO_CLOUD_VALUE where none.
 * `cellsAt(band, hour)` gives a band's cells at an hour, or undefined when it has none.
 */
export function tileLayer(
  tile: TileGeometry,
  layer: CloudLayer,
  hours: readonly number[],
  cellsAt: (band: number, hour: number) => HourCells | undefined,
): Uint8Array {
  const cells = tile.rows * tile.cols;
  const out = new Uint8Array(hours.length * cells).fill(NO_CLOUD_VALUE);
  const f = Math.round(tile.cellDeg / BAND_CELL_DEG);
  hours.forEach((t, h) => {
    for (let r = 0; r < tile.rows; r++) {
      for (let c = 0; c < tile.cols; c++) {
        let sum = 0;
        let n = 0;
        for (let dr = 0; dr < f; dr++) {
          const lat = tile.south + (r * f + dr + 0.5) * BAND_CELL_DEG;
          if (lat >= 90) continue;
          const band = bandOf(lat);
          const bandCells = cellsAt(band, t)?.[layer];
          if (!bandCells) continue;
          const row = Math.floor((lat - bandSouth(band)) / BAND_CELL_DEG);
          for (let dc = 0; dc < f; dc++) {
            const lon = tile.west + (c * f + dc + 0.5) * BAND_CELL_DEG;
            const v = bandCells[row * BAND_COLS + Math.floor((lon + 180) / BAND_CELL_DEG)]!;
            if (v === NO_CLOUD_VALUE) continue;
            sum += v;
            n++;
          }
        }
        if (n > 0) out[h * cells + r * tile.cols + c] = Math.round(sum / n);
      }
    }
  });
  return out;
}
