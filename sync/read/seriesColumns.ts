/** uPlot-ready columns: one shared time axis and one array per field, nulls for gaps. */
export interface SeriesColumns {
  t: number[];
  fields: Record<string, (number | null)[]>;
  /** The spacecraft of the newest chunk read ("DSCOVR", "ACE"), where the product says. */
  source?: string | null;
}

/** An inclusive time range in epoch ms. */
export interface TimeRange {
  from: number;
  to: number;
}

/** First index with t[i] >= x (t ascending). */
function lowerBound(t: readonly number[], x: number): number {
  let lo = 0;
  let hi = t.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (t[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Day chunks (ascending by day) → one set of columns clipped to the range. Arrays are built with
 * one slice+push per chunk and field: no per-sample objects, so a week of 1-minute data
 * (≈ 10,000 samples × fields) costs a handful of array copies.
 */
export function concatChunks(chunks: readonly SeriesColumns[], range: TimeRange): SeriesColumns {
  const names = new Set<string>();
  for (const c of chunks) for (const name of Object.keys(c.fields)) names.add(name);
  const sortedNames = [...names].sort();
  const t: number[] = [];
  const fields: Record<string, (number | null)[]> = {};
  for (const name of sortedNames) fields[name] = [];
  for (const c of chunks) {
    const start = lowerBound(c.t, range.from);
    const end = lowerBound(c.t, range.to + 1);
    if (end <= start) continue;
    for (let i = start; i < end; i++) t.push(c.t[i]!);
    for (const name of sortedNames) {
      const col = c.fields[name];
      const out = fields[name]!;
      if (col) for (let i = start; i < end; i++) out.push(col[i] ?? null);
      else for (let i = start; i < end; i++) out.push(null);
    }
  }
  return { t, fields };
}

/** The newest present value of a field across chunks (ascending by day), with its time; only times before `before` when given. */
export function latestValue(
  chunks: readonly SeriesColumns[],
  field: string,
  before = Infinity,
): { value: number; t: number } | null {
  for (let c = chunks.length - 1; c >= 0; c--) {
    const chunk = chunks[c]!;
    const col = chunk.fields[field];
    if (!col) continue;
    for (let i = lowerBound(chunk.t, before) - 1; i >= 0; i--) {
      const v = col[i];
      if (v !== null && v !== undefined) return { value: v, t: chunk.t[i]! };
    }
  }
  return null;
}
