import type { GridSnapshot, ProductRecord, SeriesBatch } from '../../../core/model.ts';
import { bytesToBase64 } from '../../../core/grid/base64.ts';
import { seriesChunkId, utcDayStart } from '../../../core/time/dayKey.ts';
import type { RestClient } from '../_shared/rest.ts';
import type { SpaceWeatherResource } from './resources.ts';

/** One row of `space_weather_archive`: a normalised chunk, keyed so re-archiving overwrites. */
export interface ArchiveRow {
  resource: SpaceWeatherResource;
  chunk_id: string;
  data_time: string | null;
  payload: unknown;
  fetched_at: string;
}

export interface Normalised {
  series: SeriesBatch[];
  grids: GridSnapshot[];
  products: ProductRecord[];
}

function iso(ms: number | null): string | null {
  return ms === null ? null : new Date(ms).toISOString();
}

/** Splits a series batch into UTC-day chunks (`<product>/<YYYY-MM-DD>`), the local DB's bucket. */
function seriesChunks(batch: SeriesBatch): { id: string; dataTime: number; payload: unknown }[] {
  const out: { id: string; dataTime: number; payload: unknown }[] = [];
  let start = 0;
  while (start < batch.t.length) {
    const day = utcDayStart(batch.t[start]!);
    let end = start;
    while (end < batch.t.length && utcDayStart(batch.t[end]!) === day) end++;
    const fields: Record<string, (number | null)[]> = {};
    for (const [name, column] of Object.entries(batch.fields))
      fields[name] = column.slice(start, end);
    out.push({
      id: seriesChunkId(batch.product, day),
      dataTime: batch.t[end - 1]!,
      payload: {
        product: batch.product,
        source: batch.source,
        t: batch.t.slice(start, end),
        fields,
      },
    });
    start = end;
  }
  return out;
}

/** Pure: the archive rows for one normalised upstream body. */
export function archiveRows(
  resource: SpaceWeatherResource,
  result: Normalised,
  fetchedAt: number,
): ArchiveRow[] {
  const fetched = new Date(fetchedAt).toISOString();
  const rows: ArchiveRow[] = [];
  for (const batch of result.series) {
    for (const chunk of seriesChunks(batch)) {
      rows.push({
        resource,
        chunk_id: `series/${chunk.id}`,
        data_time: iso(chunk.dataTime),
        payload: chunk.payload,
        fetched_at: fetched,
      });
    }
  }
  for (const grid of result.grids) {
    rows.push({
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
    rows.push({
      resource,
      chunk_id: `product/${record.id}`,
      data_time: iso(record.issued),
      payload: record,
      fetched_at: fetched,
    });
  }
  return rows;
}

/** Upserts the rows; callers fire and forget (archiving must never delay or fail a response). */
export async function writeArchive(rest: RestClient, rows: ArchiveRow[]): Promise<void> {
  if (rows.length === 0) return;
  await rest.request('POST', 'space_weather_archive?on_conflict=resource,chunk_id', {
    body: rows,
    prefer: ['resolution=merge-duplicates', 'return=minimal'],
  });
}
