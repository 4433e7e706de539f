import type { RxJsonSchema } from 'rxdb';
import type { ProductKind } from '../../core/model.ts';

/** A ProductRecord as stored: alerts and advisories keep one document per product id + issue time. */
export interface ProductDoc {
  id: string;
  kind: ProductKind;
  issued: number;
  /** The parsed JSON-safe payload (any JSON value). */
  data: unknown;
  raw: string | null;
  fetchedAt: number;
}

const EPOCH_MS_MAX = 8_640_000_000_000_000;

export const productsSchemaV0: RxJsonSchema<ProductDoc> = {
  title: 'products',
  description: 'Forecasts, bulletins, tables, alerts and advisories.',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 200 },
    kind: { type: 'string', maxLength: 40 },
    issued: { type: 'number', minimum: 0, maximum: EPOCH_MS_MAX, multipleOf: 1 },
    data: {},
    raw: { type: ['string', 'null'] },
    fetchedAt: { type: 'number' },
  },
  required: ['id', 'kind', 'issued', 'raw', 'fetchedAt'],
  indexes: [['kind', 'issued']],
  additionalProperties: false,
};

export const productsMigrations = {};
