/**
 * The regional cloud layer's cells and tiles, shared by the backend (which fills them from NOAA's
 * GFS), the poller worker (which asks for the tiles the map shows and stores them) and the map
 * (which reads and draws them). A cell is a lat/lon box of `cellDeg`; a tile is a block of at most
 * TILE_CELLS × TILE_CELLS cells, keyed `<level>/<row>_<col>`. Three levels of detail: the map asks
 * for the finest whose cells across the view stay within MAX_VIEW_CELLS, so a continent-wide view
 * costs no more bytes than a regional one and a regional view is drawn in 0.5° cells.
 */

interface CloudLevel {
  /** Cell size, degrees of latitude and longitude. */
  cellDeg: number;
}

/** Finest first. 0.5° is the finest GFS 0.25° supports with whole cells of four model points. */
const CLOUD_LEVELS: readonly CloudLevel[] = [{ cellDeg: 0.5 }, { cellDeg: 1 }, { cellDeg: 2 }];

/** Cells along each side of a tile: 400 cells, ~20 KB a layer for 49 hours before compression. */
const TILE_CELLS = 20;
/** The most cells a view is drawn with: bounds what one view costs (bytes on the wire and stored). */
const MAX_VIEW_CELLS = 3_000;
/** The most tiles asked for one view (a view at the coarsest level over a whole hemisphere). */
export const MAX_VIEW_TILES = 48;

/** The layers of cloud: total, and the low (below ~2 km), middle and high decks. */
export const CLOUD_LAYERS = ['total', 'low', 'medium', 'high'] as const;
export type CloudLayer = (typeof CLOUD_LAYERS)[number];

/** A byte for a cell with no value (outside the data, or upstream had none). */
export const NO_CLOUD_VALUE = 255;

/** A lon/lat box: west < east (never across the antimeridian: the flat map does not wrap). */
export interface LonLatBox {
  west: number;
  south: number;
  east: number;
  north: number;
}

export interface TileGeometry {
  key: string;
  level: number;
  cellDeg: number;
  /** South-west corner of the tile (degrees). */
  south: number;
  west: number;
  rows: number;
  cols: number;
}

const tileDeg = (level: number) => CLOUD_LEVELS[level]!.cellDeg * TILE_CELLS;

/** The finest level whose cells over `box` number at most MAX_VIEW_CELLS. */
export function levelForView(box: LonLatBox): number {
  const spanLat = Math.max(0, Math.min(90, box.north) - Math.max(-90, box.south));
  const spanLon = Math.max(0, Math.min(180, box.east) - Math.max(-180, box.west));
  for (let level = 0; level < CLOUD_LEVELS.length; level++) {
    const c = CLOUD_LEVELS[level]!.cellDeg;
    if (Math.ceil(spanLat / c) * Math.ceil(spanLon / c) <= MAX_VIEW_CELLS) return level;
  }
  return CLOUD_LEVELS.length - 1;
}

/** The tile key's geometry, or null for a key that names no tile. */
export function tileGeometry(key: string): TileGeometry | null {
  const m = /^([0-2])\/(\d{1,3})_(\d{1,3})$/.exec(key);
  if (!m) return null;
  const level = Number(m[1]);
  const row = Number(m[2]);
  const col = Number(m[3]);
  const size = tileDeg(level);
  const south = -90 + row * size;
  const west = -180 + col * size;
  if (south >= 90 || west >= 180) return null;
  const cellDeg = CLOUD_LEVELS[level]!.cellDeg;
  return {
    key,
    level,
    cellDeg,
    south,
    west,
    rows: Math.round((Math.min(90, south + size) - south) / cellDeg),
    cols: Math.round((Math.min(180, west + size) - west) / cellDeg),
  };
}

/** The tiles of `level` that `box` touches, nearest its centre first, at most MAX_VIEW_TILES. */
export function tilesForView(box: LonLatBox, level: number): string[] {
  const size = tileDeg(level);
  const south = Math.max(-90, Math.min(box.south, box.north));
  const north = Math.min(90, Math.max(box.south, box.north));
  const west = Math.max(-180, Math.min(box.west, box.east));
  const east = Math.min(180, Math.max(box.west, box.east));
  const r0 = Math.floor((south + 90) / size);
  const r1 = Math.min(Math.ceil(180 / size) - 1, Math.floor((north + 90 - 1e-9) / size));
  const c0 = Math.floor((west + 180) / size);
  const c1 = Math.min(360 / size - 1, Math.floor((east + 180 - 1e-9) / size));
  const midR = ((south + north) / 2 + 90) / size - 0.5;
  const midC = ((west + east) / 2 + 180) / size - 0.5;
  const tiles: { key: string; d: number }[] = [];
  for (let r = r0; r <= r1; r++)
    for (let c = c0; c <= c1; c++)
      tiles.push({ key: `${level}/${r}_${c}`, d: (r - midR) ** 2 + (c - midC) ** 2 });
  return tiles
    .sort((a, b) => a.d - b.d)
    .slice(0, MAX_VIEW_TILES)
    .map((t) => t.key);
}

/** The stored product of one tile (kind `cloud-tile`). */
export function cloudTileProductId(key: string): string {
  return `clouds/${key}`;
}
