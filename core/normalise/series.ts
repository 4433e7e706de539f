/** Turns parsed samples into a SeriesBatch: ascending, unique times, null for missing. */
import type { SeriesBatch, SeriesProduct } from '../model.ts';

export interface Sample {
  t: number;
  values: Record<string, number | null>;
}

/**
 * Sorts by time (SWPC serves both newest-first and oldest-first) and keeps one sample per time:
 * the later one in file order wins, which is what a re-issued minute means.
 */
export function toSeries(
  product: SeriesProduct,
  fields: readonly string[],
  samples: Sample[],
  source: string | null,
): SeriesBatch {
  const byTime = new Map<number, Sample>();
  for (const s of samples) byTime.set(s.t, s);
  const times = [...byTime.keys()].sort((a, b) => a - b);
  const columns: Record<string, (number | null)[]> = {};
  for (const f of fields) columns[f] = new Array<number | null>(times.length);
  times.forEach((t, i) => {
    const s = byTime.get(t) as Sample;
    for (const f of fields) (columns[f] as (number | null)[])[i] = s.values[f] ?? null;
  });
  return { product, t: times, fields: columns, source };
}

/** True when at least one field of the sample holds a number. */
export function hasValue(values: Record<string, number | null>): boolean {
  for (const k in values) if (values[k] !== null && values[k] !== undefined) return true;
  return false;
}

/** The newest sample's value of a field that is not null, with its time. */
export function latestOf(batch: SeriesBatch, field: string): { t: number; value: number } | null {
  const col = batch.fields[field];
  if (!col) return null;
  for (let i = batch.t.length - 1; i >= 0; i--) {
    const v = col[i];
    if (v !== null && v !== undefined) return { t: batch.t[i] as number, value: v };
  }
  return null;
}

/** ISO text for summaries; null for a missing or unrepresentable time (never throws). */
export function iso(t: number | null): string | null {
  return t === null || !Number.isFinite(t) || Math.abs(t) > 8.64e15
    ? null
    : new Date(t).toISOString();
}
