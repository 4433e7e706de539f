import type { RxJsonSchema } from 'rxdb';

export type QueueMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * An outgoing request that must reach the backend exactly once in effect.
 * `state`: `pending` is retried; `rejected` was refused by the server (4xx other than 408/429) and
 * is kept for inspection, not retried.
 */
export interface QueueDoc {
  /** The idempotency key; the server de-duplicates on it (sync/CONTEXT.md). */
  id: string;
  /** Absolute URL, or a path the replayer resolves against its base URL. */
  target: string;
  method: QueueMethod;
  /** The request body as sent (JSON text), or null. */
  body: string | null;
  /** Extra headers that belong to the request itself (never credentials: replay adds those). */
  headers: Record<string, string>;
  createdAt: number;
  attempts: number;
  nextAttempt: number;
  lastError: string | null;
  state: 'pending' | 'rejected';
}

const EPOCH_MS_MAX = 8_640_000_000_000_000;

export const queueSchemaV0: RxJsonSchema<QueueDoc> = {
  title: 'queue',
  description: 'Outgoing requests waiting for the network, replayed with an idempotency key.',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 128 },
    target: { type: 'string' },
    method: { type: 'string', enum: ['POST', 'PUT', 'PATCH', 'DELETE'] },
    body: { type: ['string', 'null'] },
    headers: { type: 'object', additionalProperties: { type: 'string' } },
    createdAt: { type: 'number', minimum: 0, maximum: EPOCH_MS_MAX, multipleOf: 1 },
    attempts: { type: 'number' },
    nextAttempt: { type: 'number', minimum: 0, maximum: EPOCH_MS_MAX, multipleOf: 1 },
    lastError: { type: ['string', 'null'] },
    state: { type: 'string', enum: ['pending', 'rejected'], maxLength: 16 },
  },
  required: [
    'id',
    'target',
    'method',
    'body',
    'headers',
    'createdAt',
    'attempts',
    'nextAttempt',
    'lastError',
    'state',
  ],
  indexes: ['createdAt', ['state', 'createdAt'], ['state', 'nextAttempt']],
  additionalProperties: false,
};

export const queueMigrations = {};
