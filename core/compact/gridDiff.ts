/**
 * An OVATION frame as the difference from the frame the worker already holds. OVATION Prime's
 * oval is computed in magnetic local time, so it stays under the Sun while the Earth turns beneath
 * it: 360° in 24 h, 1.25° of geographic longitude between two 5-minute frames (OVATION Prime
 * works in magnetic latitude and MLT: Newell, Sotirelis & Wing, J. Geophys. Res. 114, A09207,
 * 2009). So the previous frame turned by a whole column or two
 * predicts the new one far better than the frame's own western neighbour does (the "Sub" filter
 * of the full form), and what is left is mostly zeros, which brotli turns into almost nothing.
 *
 * Lossless: residual = (new − previous turned by `shift` columns) mod 256, so the worker rebuilds
 * the exact frame; a frame that changed everywhere just costs about what the full form costs (the
 * encoder then sends the full form). Pure, no DOM, no Node: the function encodes, the worker decodes.
 */
import { GRID_CELLS, GRID_HEIGHT, GRID_WIDTH } from '../grid/grid.ts';

/** Columns tried either way: 1.25° per 5 minutes, so a frame or two missed still fits. */
export const MAX_GRID_SHIFT = 3;

/** The previous frame's cell that lands on `col` of the new one when the frame turns `shift` columns east. */
function source(row: number, col: number, shift: number): number {
  return row * GRID_WIDTH + ((((col - shift) % GRID_WIDTH) + GRID_WIDTH) % GRID_WIDTH);
}

function residualOf(values: Uint8Array, base: Uint8Array, shift: number): Uint8Array {
  const out = new Uint8Array(GRID_CELLS);
  for (let row = 0; row < GRID_HEIGHT; row++)
    for (let col = 0; col < GRID_WIDTH; col++) {
      const i = row * GRID_WIDTH + col;
      out[i] = (values[i]! - base[source(row, col, shift)]!) & 0xff;
    }
  return out;
}

/** How many bytes are zero: what brotli squeezes to nearly nothing. */
export function zeroCount(bytes: Uint8Array): number {
  let n = 0;
  for (const b of bytes) if (b === 0) n++;
  return n;
}

/**
 * The best difference of `values` from `base` (the turn leaving the most unchanged cells), or null
 * when it leaves fewer zeros than `fullZeros` (the full form's filtered bytes): then the full form
 * is the smaller answer.
 */
export function gridDifference(
  values: Uint8Array,
  base: Uint8Array,
  fullZeros: number,
): { shift: number; residual: Uint8Array } | null {
  let best: { shift: number; residual: Uint8Array; zeros: number } | null = null;
  for (let shift = -MAX_GRID_SHIFT; shift <= MAX_GRID_SHIFT; shift++) {
    const residual = residualOf(values, base, shift);
    const z = zeroCount(residual);
    if (!best || z > best.zeros) best = { shift, residual, zeros: z };
  }
  return best && best.zeros >= fullZeros ? { shift: best.shift, residual: best.residual } : null;
}

/**
 * FNV-1a of a frame's bytes: the difference names the frame it is from by observation time AND
 * this, so a frame re-issued under the same time (or another server's) is never the base.
 */
export function frameSum(values: Uint8Array): string {
  let h = 0x811c9dc5;
  for (const b of values) h = Math.imul(h ^ b, 0x01000193) >>> 0;
  return h.toString(16).padStart(8, '0');
}

/** The frame rebuilt from the held one and a difference; a string says why it cannot be. */
export function applyGridDifference(
  base: Uint8Array,
  shift: unknown,
  residual: Uint8Array,
): Uint8Array | string {
  if (typeof shift !== 'number' || !Number.isInteger(shift) || Math.abs(shift) > MAX_GRID_SHIFT)
    return `grid shift ${JSON.stringify(shift)} is not a whole number of columns within ±${MAX_GRID_SHIFT}`;
  if (base.length !== GRID_CELLS || residual.length !== GRID_CELLS)
    return `grid difference has ${residual.length} cells, expected ${GRID_CELLS}`;
  const values = new Uint8Array(GRID_CELLS);
  for (let row = 0; row < GRID_HEIGHT; row++)
    for (let col = 0; col < GRID_WIDTH; col++) {
      const i = row * GRID_WIDTH + col;
      const v = (base[source(row, col, shift)]! + residual[i]!) & 0xff;
      if (v > 100) return `grid cell ${i} is ${v}, above 100`;
      values[i] = v;
    }
  return values;
}
