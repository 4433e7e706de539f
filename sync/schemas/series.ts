import type { RxJsonSchema } from 'rxdb';
import type { SeriesProduct } from '../model.ts';

/**
 * One product's samples for one UTC day, stored as columns (see sync/series/mergeChunks.ts).
 * `fetched` holds, per field and per sample, when the present value was fetched (0 when the value
 * is missing): that per-cell time is what makes the merge a proper join.
 */
export interface SeriesChunkDoc {
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

const EPOCH_MS_MAX = 8_640_000_000_000_000;

export const seriesSchemaV0: RxJsonSchema<SeriesChunkDoc> = {
  title: 'series',
  description: 'Columnar time-series chunks, one document per product per UTC day.',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 64 },
    product: { type: 'string', maxLength: 32 },
    day: { type: 'number', minimum: 0, maximum: EPOCH_MS_MAX, multipleOf: 1 },
    t: { type: 'array', items: { type: 'number' } },
    fields: { type: 'object', additionalProperties: { type: 'array', items: { type: ['number', 'null'] } } },
    fetched: { type: 'object', additionalProperties: { type: 'array', items: { type: 'number' } } },
    source: { type: ['string', 'null'] },
    fetchedAt: { type: 'number' },
  },
  required: ['id', 'product', 'day', 't', 'fields', 'fetched', 'source', 'fetchedAt'],
  indexes: ['day', ['product', 'day']],
  additionalProperties: false,
};

export const seriesMigrations = {};
