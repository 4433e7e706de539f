/**
 * The regional cloud layer's cells for one hour: the stored tiles of the view (sync/react
 * useCloudTiles, written by the worker from our backend's GFS layer) put side by side into one
 * lattice, the layer drawn (total, low, middle or high cloud) at the stored hour nearest the time
 * the slider shows. Pure; the decoded bytes of each stored tile are kept per tile and layer, so a
 * slider step decodes nothing.
 */
import { decodeCloudLayer } from '../../../core/clouds/cloudBytes.ts';
import {
  NO_CLOUD_VALUE,
  tileGeometry,
  type CloudLayer,
  type TileGeometry,
} from '../../../core/clouds/cloudTiles.ts';
import type { StoredCloudTile } from '../../../core/clouds/storedTile.ts';
import type { CellLattice } from './cloudImage.ts';

const HOUR = 3_600_000;
/** A stored hour stands for the time shown within this of it; further, no cell is drawn. */
const CLOUD_HOUR_REACH_MS = 90 * 60_000;

export interface CloudCells extends CellLattice {
  /** rows × cols, row 0 the southern; NO_CLOUD_VALUE where no tile gives a value. */
  values: Uint8Array;
  /** The forecast hour drawn (epoch ms). */
  time: number;
  layer: CloudLayer;
  /** The oldest model run among the tiles drawn, and whether any is the backend's replayed sample. */
  run: number;
  replay: boolean;
  /** The share of the view's tiles that had this hour. */
  tilesDrawn: number;
}

const decoded = new WeakMap<StoredCloudTile, Map<CloudLayer, Uint8Array | null>>();

function layerBytes(tile: StoredCloudTile, g: TileGeometry, layer: CloudLayer): Uint8Array | null {
  let byLayer = decoded.get(tile);
  if (!byLayer) decoded.set(tile, (byLayer = new Map()));
  if (!byLayer.has(layer)) {
    const b64 = tile.layers[layer];
    byLayer.set(layer, b64 ? decodeCloudLayer(b64, tile.hours.length, g.rows * g.cols) : null);
  }
  return byLayer.get(layer)!;
}

/** Index of the hour nearest `t`, or -1 when none is within CLOUD_HOUR_REACH_MS. */
export function nearestHour(hours: readonly number[], t: number): number {
  let best = -1;
  let gap = Infinity;
  for (let i = 0; i < hours.length; i++) {
    const d = Math.abs(hours[i]! - t);
    if (d < gap) {
      best = i;
      gap = d;
    }
  }
  return gap <= CLOUD_HOUR_REACH_MS ? best : -1;
}

/** Every hour any stored tile of the view holds, ascending: the slider's cloud hours. */
export function cloudHours(tiles: ReadonlyMap<string, StoredCloudTile>): number[] {
  const all = new Set<number>();
  for (const t of tiles.values()) for (const h of t.hours) all.add(h);
  return [...all].sort((a, b) => a - b);
}

/** The cells of `keys` (one level) for the hour nearest `t`, or null when no stored tile covers it. */
export function composeCloudCells(
  tiles: ReadonlyMap<string, StoredCloudTile>,
  keys: readonly string[],
  layer: CloudLayer,
  t: number,
): CloudCells | null {
  const geometries = keys.map(tileGeometry).filter((g): g is TileGeometry => g !== null);
  if (geometries.length === 0) return null;
  const cellDeg = geometries[0]!.cellDeg;
  const south = Math.min(...geometries.map((g) => g.south));
  const west = Math.min(...geometries.map((g) => g.west));
  const north = Math.max(...geometries.map((g) => g.south + g.rows * g.cellDeg));
  const east = Math.max(...geometries.map((g) => g.west + g.cols * g.cellDeg));
  const rows = Math.round((north - south) / cellDeg);
  const cols = Math.round((east - west) / cellDeg);
  const values = new Uint8Array(rows * cols).fill(NO_CLOUD_VALUE);
  const hour = Math.round(t / HOUR) * HOUR;
  let time: number | null = null;
  let run = Infinity;
  let replay = false;
  let drawn = 0;
  for (const g of geometries) {
    const tile = tiles.get(g.key);
    if (!tile || g.cellDeg !== cellDeg) continue;
    const h = nearestHour(tile.hours, hour);
    const bytes = h < 0 ? null : layerBytes(tile, g, layer);
    if (!bytes) continue;
    const n = g.rows * g.cols;
    const r0 = Math.round((g.south - south) / cellDeg);
    const c0 = Math.round((g.west - west) / cellDeg);
    for (let r = 0; r < g.rows; r++)
      values.set(
        bytes.subarray(h * n + r * g.cols, h * n + (r + 1) * g.cols),
        (r0 + r) * cols + c0,
      );
    time ??= tile.hours[h]!;
    run = Math.min(run, tile.run);
    replay ||= tile.source === 'replay';
    drawn++;
  }
  if (time === null) return null;
  return {
    south,
    west,
    cellDeg,
    rows,
    cols,
    values,
    time,
    layer,
    run,
    replay,
    tilesDrawn: drawn / geometries.length,
  };
}
