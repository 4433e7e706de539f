import { getDatabase, type AuroraDatabase } from '../database.ts';
import type { QueueDoc, QueueMethod } from '../schemas/queue.ts';

export interface QueuedRequestInput {
  /** Absolute URL, or a path (`/functions/v1/push-subscription`) resolved against the replay's base URL. */
  target: string;
  method: QueueMethod;
  /** A JSON-serialisable body (sent as JSON), a string sent as is, or null. */
  body?: unknown;
  /** Reuse a key to make a retried user action the same request (default: a new random key). */
  idempotencyKey?: string;
  /** Request headers other than credentials (replay adds the current session's). */
  headers?: Record<string, string>;
}

function newKey(): string {
  return globalThis.crypto.randomUUID();
}

/**
 * Put a request in the outgoing queue. It is sent by `replayQueue()` — right away when the caller
 * triggers one, else on reconnect, Retry or background sync — with its Idempotency-Key, and
 * removed once the server has answered 2xx. Enqueueing the same key twice keeps the first.
 */
export async function enqueueRequest(
  input: QueuedRequestInput,
  opts: { db?: AuroraDatabase; now?: number } = {},
): Promise<QueueDoc> {
  const db = opts.db ?? (await getDatabase());
  const now = opts.now ?? Date.now();
  const headers = { ...input.headers };
  let body: string | null = null;
  if (typeof input.body === 'string') body = input.body;
  else if (input.body !== undefined && input.body !== null) {
    body = JSON.stringify(input.body);
    headers['content-type'] ??= 'application/json';
  }
  const doc: QueueDoc = {
    id: input.idempotencyKey ?? newKey(),
    target: input.target,
    method: input.method,
    body,
    headers,
    createdAt: now,
    attempts: 0,
    nextAttempt: now,
    lastError: null,
    state: 'pending',
  };
  const { error } = await db.queue.bulkInsert([doc]);
  if (error.length > 0) {
    const existing = await db.queue.findOne(doc.id).exec();
    if (existing) return existing.toMutableJSON(false);
    throw new Error(`Could not queue the request to ${input.target}`);
  }
  return doc;
}
