import type { SeriesChunk, SeriesChunkDoc } from '../schemas/series.ts';
import { decodeIntColumn, encodeIntColumn } from './intColumn.ts';

/**
 * A fetch-time column that is the same as an earlier field's is stored as `=` and that field's
 * name: every field of a poll's rows is stamped with the poll's time, so a product's fields
 * usually share one column (the six of the magnetic field, the three of the plasma).
 */
const SAME_AS = '=';

/**
 * Columns → the stored document: values as JSON text (see SeriesChunkDoc for why), the time axis
 * and the fetch times as short integer text (./intColumn.ts).
 */
export function encodeChunk(c: SeriesChunk): SeriesChunkDoc {
  const fields: Record<string, string> = {};
  const fetched: Record<string, string> = {};
  const firstWith = new Map<string, string>();
  for (const name of Object.keys(c.fields)) {
    fields[name] = JSON.stringify(c.fields[name]);
    const times = encodeIntColumn(c.fetched[name] ?? []);
    const same = firstWith.get(times);
    if (same === undefined) firstWith.set(times, name);
    fetched[name] = same === undefined ? times : SAME_AS + same;
  }
  return {
    id: c.id,
    product: c.product,
    day: c.day,
    n: c.t.length,
    t: encodeIntColumn(c.t),
    fields,
    fetched,
    source: c.source,
    fetchedAt: c.fetchedAt,
  };
}

/** The stored document (either form) → full columns, fetch times included (for merging). */
export function decodeChunk(d: SeriesChunkDoc): SeriesChunk {
  const fields: Record<string, (number | null)[]> = {};
  const fetched: Record<string, number[]> = {};
  for (const name of Object.keys(d.fields)) {
    fields[name] = JSON.parse(d.fields[name]!) as (number | null)[];
    fetched[name] = decodeIntColumn(fetchedText(d, name));
  }
  return {
    id: d.id,
    product: d.product,
    day: d.day,
    t: decodeIntColumn(d.t),
    fields,
    fetched,
    source: d.source,
    fetchedAt: d.fetchedAt,
  };
}

/** One field's fetch-time text, following a `=name` reference (one step: the encoder makes no chains). */
function fetchedText(d: SeriesChunkDoc, name: string): string {
  const own = d.fetched[name] ?? '[]';
  if (!own.startsWith(SAME_AS)) return own;
  const target = d.fetched[own.slice(1)];
  if (target === undefined || target.startsWith(SAME_AS))
    throw new Error(`${d.id}: fetch times of ${name} refer to ${own.slice(1)}, which has none`);
  return target;
}

/** Just the time axis and values (what readers need; fetch times stay unread). */
export function decodeValues(d: Pick<SeriesChunkDoc, 't' | 'fields'>): {
  t: number[];
  fields: Record<string, (number | null)[]>;
} {
  const fields: Record<string, (number | null)[]> = {};
  for (const name of Object.keys(d.fields))
    fields[name] = JSON.parse(d.fields[name]!) as (number | null)[];
  return { t: decodeIntColumn(d.t), fields };
}
