/**
 * Upstream values to numbers. SWPC sends numbers as strings in the products files and as JSON
 * numbers elsewhere; "missing" is null, an absent key, "", "(n/a)" or (solar cycle) -1.
 * Missing is null, never zero: Bz 0 would read as "calm".
 */

const NUMERIC = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
const MISSING_TEXT = new Set(['', '(n/a)', 'n/a', 'na', 'null', '-', '--', 'nan', 'missing']);

/**
 * A finite number from a JSON number or numeric string; null for missing or unusable values
 * (wrong type, NaN, Infinity, 1e400). `range` rejects physically impossible values.
 */
export function toNumber(value: unknown, range?: readonly [number, number]): number | null {
  let n: number;
  if (typeof value === 'number') n = value;
  else if (typeof value === 'string') {
    const s = value.trim();
    if (MISSING_TEXT.has(s.toLowerCase()) || !NUMERIC.test(s)) return null;
    n = Number(s);
  } else return null;
  if (!Number.isFinite(n)) return null;
  if (range && (n < range[0] || n > range[1])) return null;
  return n;
}

/** True when a value is one of the spellings of "missing" (not a wrong-typed value). */
export function isMissing(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  return typeof value === 'string' && MISSING_TEXT.has(value.trim().toLowerCase());
}

/** Solar-cycle numbers: -1 means missing. */
export function toCycleNumber(value: unknown): number | null {
  const n = toNumber(value);
  return n === null || n === -1 || n < 0 ? null : n;
}

/** Kp in thirds, 0–9. */
export const KP_RANGE = [0, 9] as const;

/** NOAA G scale from Kp, per SWPC's own labels: G1 at Kp ≥ 4.67 ("5-"), not 5. */
export function gScaleFromKp(kp: number | null): number {
  if (kp === null) return 0;
  const g = Math.floor(kp + 1 / 3 + 1e-6) - 4;
  return Math.max(0, Math.min(5, g));
}

/** "G3" → 3; anything else → null. */
export function parseGTag(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  const m = /^G([0-5])$/.exec(value.trim());
  return m ? Number(m[1]) : null;
}
