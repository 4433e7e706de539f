import type { RxJsonSchema } from 'rxdb';

/** One OVATION snapshot; `values` is the 360×181 byte grid in base64 (see sync/grids/gridCodec.ts). */
export interface GridDoc {
  /** `ovation/<observationTime>`. */
  id: string;
  observationTime: number;
  forecastTime: number;
  width: number;
  height: number;
  /** Base64 of the row-major Uint8Array (65,160 bytes → 86,880 characters). */
  values: string;
  fetchedAt: number;
  /** Where the file came from ("swpc", "backend", "replay"); null when the writer did not say. */
  source: string | null;
}

const EPOCH_MS_MAX = 8_640_000_000_000_000;

export const gridsSchemaV0: RxJsonSchema<GridDoc> = {
  title: 'grids',
  description: 'OVATION aurora probability snapshots, last 24 hours.',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 48 },
    observationTime: { type: 'number', minimum: 0, maximum: EPOCH_MS_MAX, multipleOf: 1 },
    forecastTime: { type: 'number' },
    width: { type: 'number' },
    height: { type: 'number' },
    values: { type: 'string' },
    fetchedAt: { type: 'number' },
    source: { type: ['string', 'null'] },
  },
  required: [
    'id',
    'observationTime',
    'forecastTime',
    'width',
    'height',
    'values',
    'fetchedAt',
    'source',
  ],
  indexes: ['observationTime'],
  additionalProperties: false,
};

export const gridsMigrations = {};
