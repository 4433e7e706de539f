/**
 * The OVATION grid, defined once: 360 × 181 cells, row-major, row 0 = lat +90, column 0 = lon −180,
 * one byte per cell (aurora probability 0–100 %). The normaliser fills it, the database stores it,
 * the map and tonight's verdict read it — all through these.
 */

export const GRID_WIDTH = 360;
export const GRID_HEIGHT = 181;
export const GRID_CELLS = GRID_WIDTH * GRID_HEIGHT; // 65,160

/** Index of the cell at whole degrees: lon −180…179 (or 0…359 east), lat −90…90. */
export function gridIndex(lon: number, lat: number): number {
  const signed = lon >= 180 ? lon - 360 : lon;
  return (90 - lat) * GRID_WIDTH + (signed + 180);
}

/** Index of the cell nearest to any point: latitude clamped to ±90, longitude wrapped. */
export function nearestCellIndex(lat: number, lon: number): number {
  const row = Math.min(GRID_HEIGHT - 1, Math.max(0, Math.round(90 - lat)));
  const col = (((Math.round(lon) + 180) % GRID_WIDTH) + GRID_WIDTH) % GRID_WIDTH;
  return row * GRID_WIDTH + col;
}
