import type { SeriesChunk, SeriesChunkDoc } from '../schemas/series.ts';

/** Columns → the stored document (columns as JSON text; see SeriesChunkDoc for why). */
export function encodeChunk(c: SeriesChunk): SeriesChunkDoc {
  const fields: Record<string, string> = {};
  const fetched: Record<string, string> = {};
  for (const name of Object.keys(c.fields)) {
    fields[name] = JSON.stringify(c.fields[name]);
    fetched[name] = JSON.stringify(c.fetched[name] ?? []);
  }
  return {
    id: c.id,
    product: c.product,
    day: c.day,
    n: c.t.length,
    t: JSON.stringify(c.t),
    fields,
    fetched,
    source: c.source,
    fetchedAt: c.fetchedAt,
  };
}

/** The stored document → full columns, fetch times included (for merging). */
export function decodeChunk(d: SeriesChunkDoc): SeriesChunk {
  const fields: Record<string, (number | null)[]> = {};
  const fetched: Record<string, number[]> = {};
  for (const name of Object.keys(d.fields)) {
    fields[name] = JSON.parse(d.fields[name]!) as (number | null)[];
    fetched[name] = JSON.parse(d.fetched[name] ?? '[]') as number[];
  }
  return {
    id: d.id,
    product: d.product,
    day: d.day,
    t: JSON.parse(d.t) as number[],
    fields,
    fetched,
    source: d.source,
    fetchedAt: d.fetchedAt,
  };
}

/** Just the time axis and values (what readers need; fetch times stay unparsed). */
export function decodeValues(d: Pick<SeriesChunkDoc, 't' | 'fields'>): {
  t: number[];
  fields: Record<string, (number | null)[]>;
} {
  const fields: Record<string, (number | null)[]> = {};
  for (const name of Object.keys(d.fields))
    fields[name] = JSON.parse(d.fields[name]!) as (number | null)[];
  return { t: JSON.parse(d.t) as number[], fields };
}
