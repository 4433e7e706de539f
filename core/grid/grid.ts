/**
 * The OVATION grid, defined once: 360 × 181 cells, row-major, row 0 = lat +90, column 0 = lon −180,
 * one byte per cell (aurora probability 0–100 %). The normaliser fills it, the database stores it,
 * the map and tonight's verdict read it — all through these.
 */

export const GRID_WIDTH = 360;
export const GRID_HEIGHT = 181;
export const GRID_CELLS = GRID_WIDTH * GRID_HEIGHT; // 65,160

/**
 * Index of the cell of a point, latitude first like every other place function: the nearest cell
 * (whole degrees land on their own cell), latitude clamped to ±90, longitude wrapped (−180…179 and
 * 0…359 east both work). The one cell lookup: the normaliser, the map and tonight's verdict all use
 * it, so no copy can swap the arguments again.
 */
export function gridIndex(lat: number, lon: number): number {
  const row = Math.min(GRID_HEIGHT - 1, Math.max(0, Math.round(90 - lat)));
  const col = (((Math.round(lon) + 180) % GRID_WIDTH) + GRID_WIDTH) % GRID_WIDTH;
  return row * GRID_WIDTH + col;
}
