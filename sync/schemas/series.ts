import type { RxJsonSchema } from 'rxdb';
import type { SeriesProduct } from '../../core/model.ts';

/**
 * One product's samples for one UTC day, as columns — the form the merge and the readers work on.
 * `fetched` holds, per field and per sample, when the present value was fetched (0 when the value
 * is missing): that per-cell time is what makes the merge a proper join.
 */
export interface SeriesChunk {
  /** `product/YYYY-MM-DD` (UTC day). */
  id: string;
  product: SeriesProduct;
  /** Epoch ms of the chunk's UTC midnight. */
  day: number;
  /** Ascending, unique sample times. */
  t: number[];
  fields: Record<string, (number | null)[]>;
  fetched: Record<string, number[]>;
  /** Spacecraft of the newest fetch that contributed (ties: the larger string). */
  source: string | null;
  /** Newest fetch time that contributed any value. */
  fetchedAt: number;
}

/**
 * The stored form: every column is text (sync/series/chunkCodec.ts): values as JSON, times as short
 * integer text (sync/series/intColumn.ts; a store written before holds them as JSON, still read). RxDB's Dexie storage
 * walks stored documents recursively on every read and write; a day of 1-minute data as number
 * arrays is ~25,000 array elements to walk, as strings it is a handful, and `JSON.parse` of a
 * column is native-speed. Measured in Chromium (tests/bench/sync.bench.ts): the 7-day read went
 * from 43 ms (2.9× raw Dexie) with number arrays to the figure in sync/CONTEXT.md.
 */
export interface SeriesChunkDoc {
  id: string;
  product: SeriesProduct;
  day: number;
  /** Number of samples. */
  n: number;
  /** `t` as integer text (or, written before, JSON). */
  t: string;
  /** Field → JSON of its column. */
  fields: Record<string, string>;
  /** Field → its fetch-time column as integer text (or JSON), or `=` and the name of a field with the same one. */
  fetched: Record<string, string>;
  source: string | null;
  fetchedAt: number;
}

const EPOCH_MS_MAX = 8_640_000_000_000_000;

export const seriesSchemaV0: RxJsonSchema<SeriesChunkDoc> = {
  title: 'series',
  description:
    'Columnar time-series chunks (columns as JSON text), one document per product per UTC day.',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 64 },
    product: { type: 'string', maxLength: 32 },
    day: { type: 'number', minimum: 0, maximum: EPOCH_MS_MAX, multipleOf: 1 },
    n: { type: 'number' },
    t: { type: 'string' },
    fields: { type: 'object', additionalProperties: { type: 'string' } },
    fetched: { type: 'object', additionalProperties: { type: 'string' } },
    source: { type: ['string', 'null'] },
    fetchedAt: { type: 'number' },
  },
  required: ['id', 'product', 'day', 'n', 't', 'fields', 'fetched', 'source', 'fetchedAt'],
  indexes: ['day', ['product', 'day']],
  additionalProperties: false,
};

export const seriesMigrations = {};
