import type { SeriesChunk } from '../schemas/series.ts';

/**
 * The merge of two versions of the same series chunk, built as a join semilattice so that any
 * number of writers (the worker in several tabs, the backend archive, a replayed file) converge on
 * the same document whatever order their writes land in.
 *
 * Each cell (field × timestamp) is either missing (null, fetch time 0) or a pair (fetch time, value).
 * Cells are totally ordered: missing < anything present; then by fetch time; then, for equal fetch
 * times, by value — an arbitrary but deterministic tie-break. The join of two cells is the larger
 * one, and the join of two chunks is the cell-wise join over the union of their timestamps and
 * fields. A max over a total order is commutative, associative and idempotent, hence so is this
 * (tests/unit/sync/series/mergeChunks.test.ts checks it with fast-check). Consequences: a newer fetch
 * wins; a missing value never overwrites a present one; nothing is ever dropped except by
 * retention.
 */
export function mergeChunks(a: SeriesChunk, b: SeriesChunk): SeriesChunk {
  if (a.id !== b.id) throw new Error(`mergeChunks: different chunks ${a.id} and ${b.id}`);
  const t = unionSorted(a.t, b.t);
  const fieldNames = [...new Set([...Object.keys(a.fields), ...Object.keys(b.fields)])].sort();
  const ia = indexIn(t, a.t);
  const ib = indexIn(t, b.t);
  const fields: Record<string, (number | null)[]> = {};
  const fetched: Record<string, number[]> = {};
  for (const name of fieldNames) {
    const va = a.fields[name];
    const vb = b.fields[name];
    const fa = a.fetched[name];
    const fb = b.fetched[name];
    const values: (number | null)[] = new Array<number | null>(t.length).fill(null);
    const times: number[] = new Array<number>(t.length).fill(0);
    if (va) fill(values, times, ia, va, fa);
    if (vb) fill(values, times, ib, vb, fb);
    fields[name] = values;
    fetched[name] = times;
  }
  const [fetchedAt, source] = maxProvenance(a, b);
  return { id: a.id, product: a.product, day: a.day, t, fields, fetched, source, fetchedAt };
}

/** Write each present cell of one side into the result where it beats what is there. */
function fill(
  values: (number | null)[],
  times: number[],
  positions: number[],
  side: (number | null)[],
  sideTimes: number[] | undefined,
): void {
  for (let i = 0; i < positions.length; i++) {
    const v = side[i];
    if (v === null || v === undefined) continue;
    const p = positions[i]!;
    const ft = sideTimes?.[i] ?? 0;
    const cur = values[p];
    const curT = times[p]!;
    if (cur === null || cur === undefined || ft > curT || (ft === curT && v > cur)) {
      values[p] = v;
      times[p] = ft;
    }
  }
}

/** Chunk-level provenance: the newest fetch, ties broken by the larger source name. */
function maxProvenance(a: SeriesChunk, b: SeriesChunk): [number, string | null] {
  if (a.fetchedAt !== b.fetchedAt)
    return a.fetchedAt > b.fetchedAt ? [a.fetchedAt, a.source] : [b.fetchedAt, b.source];
  if (a.source === b.source) return [a.fetchedAt, a.source];
  if (a.source === null) return [b.fetchedAt, b.source];
  if (b.source === null) return [a.fetchedAt, a.source];
  return [a.fetchedAt, a.source > b.source ? a.source : b.source];
}

/** Union of two ascending unique arrays, ascending unique. */
export function unionSorted(x: number[], y: number[]): number[] {
  const out: number[] = [];
  let i = 0;
  let j = 0;
  while (i < x.length || j < y.length) {
    const xi = x[i];
    const yj = y[j];
    let next: number;
    if (yj === undefined || (xi !== undefined && xi < yj)) {
      next = xi!;
      i++;
    } else if (xi === undefined || yj < xi) {
      next = yj;
      j++;
    } else {
      next = xi;
      i++;
      j++;
    }
    if (out.length === 0 || out[out.length - 1] !== next) out.push(next);
  }
  return out;
}

/** Position in `all` of each element of `part` (both ascending; part ⊆ all). */
function indexIn(all: number[], part: number[]): number[] {
  const out = new Array<number>(part.length);
  let k = 0;
  for (let i = 0; i < part.length; i++) {
    while (all[k] !== part[i]) k++;
    out[i] = k;
  }
  return out;
}
