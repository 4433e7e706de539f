import type {
  GridSnapshot,
  ProductRecord,
  SeriesBatch,
  SeriesProduct,
} from '../../../core/model.ts';
import { bytesToBase64 } from '../../../core/grid/base64.ts';
import type { RestClient } from '../_shared/rest.ts';
import type { SpaceWeatherResource } from './resources.ts';

/**
 * One row of `space_weather_archive`: an OVATION frame (`grid/<observation time>`) or a product
 * record (`product/<kind>/<issue time>`; alerts and advisories `product/<their id>`, which holds
 * the issue time already), keyed so re-archiving the same issue overwrites it and each new issue
 * of a forecast adds a row: the forecasts' history (issue 27).
 */
interface ArchiveRow {
  resource: SpaceWeatherResource;
  chunk_id: string;
  data_time: string | null;
  payload: unknown;
  fetched_at: string;
}

/**
 * One row of `space_weather_samples` (migration 20261128000100): a series sample, unique per
 * product and time, its fields as the local database stores them.
 */
export interface SampleRow {
  product: SeriesProduct;
  t: string;
  v: Record<string, number | null>;
  source: string | null;
  fetched_at: string;
}

export interface ArchiveBatch {
  samples: SampleRow[];
  chunks: ArchiveRow[];
}

export interface Normalised {
  series: SeriesBatch[];
  grids: GridSnapshot[];
  products: ProductRecord[];
}

/**
 * A new body's samples are written from this long before the newest already archived: SWPC
 * fills and corrects the last minutes of its real-time files, and a write cut off part-way (rows
 * go oldest first, a request at a time) is completed by the next. Older rows are not sent again.
 */
const REWRITE_MS = 30 * 60_000;
/** Few rows, and older ones change (SWPC's estimate becomes observed; GFZ's nowcast definitive): all, every time. */
const REWRITE_ALL: ReadonlySet<SeriesProduct> = new Set<SeriesProduct>(['kp-3h', 'kp-gfz']);

/** Per product, archive samples after this time; a product without an entry is written whole. */
export function samplesAfter(
  newestArchived: Partial<Record<SeriesProduct, number | null>>,
): Partial<Record<SeriesProduct, number>> {
  const out: Partial<Record<SeriesProduct, number>> = {};
  for (const [product, newest] of Object.entries(newestArchived) as [
    SeriesProduct,
    number | null,
  ][])
    if (newest !== null && !REWRITE_ALL.has(product)) out[product] = newest - REWRITE_MS;
  return out;
}

/** Samples per POST: a day of 1-minute magnetic field is ~170 KB of JSON, the gateway takes 1 MB. */
const SAMPLES_PER_REQUEST = 1000;

function iso(ms: number | null): string | null {
  return ms === null ? null : new Date(ms).toISOString();
}

/** Pure: a batch's samples as rows, leaving out times where every field is missing (nothing to keep). */
export function sampleRows(batch: SeriesBatch, fetchedAt: number): SampleRow[] {
  const fetched = new Date(fetchedAt).toISOString();
  const names = Object.keys(batch.fields);
  const rows: SampleRow[] = [];
  batch.t.forEach((t, i) => {
    const v: Record<string, number | null> = {};
    let any = false;
    for (const name of names) {
      const value = batch.fields[name]?.[i] ?? null;
      v[name] = value;
      if (value !== null) any = true;
    }
    if (any)
      rows.push({
        product: batch.product,
        t: new Date(t).toISOString(),
        v,
        source: batch.source,
        fetched_at: fetched,
      });
  });
  return rows;
}

/** The chunk id of a product record: one per issue (see ArchiveRow). */
function productChunkId(record: ProductRecord): string {
  return record.id === record.kind
    ? `product/${record.kind}/${new Date(record.issued).toISOString()}`
    : `product/${record.id}`;
}

/**
 * Pure: what to archive of one normalised upstream body. `samplesAfter` (per product, epoch ms)
 * leaves out samples at or before it: the rows an earlier write already holds.
 */
export function archiveRows(
  resource: SpaceWeatherResource,
  result: Normalised,
  fetchedAt: number,
  samplesAfter: Partial<Record<SeriesProduct, number>> = {},
): ArchiveBatch {
  const fetched = new Date(fetchedAt).toISOString();
  const chunks: ArchiveRow[] = [];
  for (const grid of result.grids) {
    chunks.push({
      resource,
      chunk_id: `grid/${new Date(grid.observationTime).toISOString()}`,
      data_time: iso(grid.observationTime),
      payload: {
        observationTime: grid.observationTime,
        forecastTime: grid.forecastTime,
        width: grid.width,
        height: grid.height,
        valuesBase64: bytesToBase64(grid.values),
      },
      fetched_at: fetched,
    });
  }
  for (const record of result.products) {
    chunks.push({
      resource,
      chunk_id: productChunkId(record),
      data_time: iso(record.issued),
      payload: record,
      fetched_at: fetched,
    });
  }
  // One row per product and time, even where two spacecraft's batches share a minute: an upsert
  // may not touch one row twice in a statement.
  const samples = new Map<string, SampleRow>();
  for (const batch of result.series) {
    const after = samplesAfter[batch.product] ?? -Infinity;
    for (const row of sampleRows(batch, fetchedAt))
      if (Date.parse(row.t) > after) samples.set(`${row.product} ${row.t}`, row);
  }
  return { samples: [...samples.values()], chunks };
}

/**
 * Upserts the rows (unique per product and time, and per chunk: writing a batch twice, or a
 * half-written batch again, leaves one copy of each). Callers decide whether to await it.
 */
export async function writeArchive(rest: RestClient, batch: ArchiveBatch): Promise<number> {
  for (let i = 0; i < batch.samples.length; i += SAMPLES_PER_REQUEST) {
    await rest.request('POST', 'space_weather_samples?on_conflict=product,t', {
      body: batch.samples.slice(i, i + SAMPLES_PER_REQUEST),
      prefer: ['resolution=merge-duplicates', 'return=minimal'],
    });
  }
  if (batch.chunks.length > 0)
    await rest.request('POST', 'space_weather_archive?on_conflict=resource,chunk_id', {
      body: batch.chunks,
      prefer: ['resolution=merge-duplicates', 'return=minimal'],
    });
  return batch.samples.length + batch.chunks.length;
}
