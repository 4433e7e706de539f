import type { RxJsonSchema } from 'rxdb';
import type { FeedStatus } from '../../core/model.ts';

export type FeedDoc = FeedStatus;

export const feedsSchemaV0: RxJsonSchema<FeedDoc> = {
  title: 'feeds',
  description: 'One status row per upstream product.',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 48 },
    lastAttempt: { type: ['number', 'null'] },
    lastSuccess: { type: ['number', 'null'] },
    dataTime: { type: ['number', 'null'] },
    etag: { type: ['string', 'null'] },
    lastModified: { type: ['string', 'null'] },
    state: { type: 'string', enum: ['fresh', 'stale', 'frozen', 'error'] },
    error: { type: ['string', 'null'] },
    schemaDrift: { type: 'boolean' },
    replay: { type: 'boolean' },
  },
  required: [
    'id',
    'lastAttempt',
    'lastSuccess',
    'dataTime',
    'etag',
    'lastModified',
    'state',
    'error',
    'schemaDrift',
    'replay',
  ],
  additionalProperties: false,
};

export const feedsMigrations = {};
