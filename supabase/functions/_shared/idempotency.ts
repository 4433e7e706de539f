import { json } from './http.ts';
import { eq, type RestClient } from './rest.ts';

/**
 * Idempotency-Key support: the client's request queue replays a request with the same key until
 * it sees an answer, so a key's first completed answer is recorded and returned to every replay.
 * The claim is a primary-key insert, so two concurrent deliveries cannot both take effect.
 */
const MAX_KEY_LENGTH = 200;
/** Queued requests are replayed within days at most; older keys are swept. */
const KEY_RETENTION_MS = 14 * 24 * 60 * 60_000;

interface Stored {
  status: number | null;
  response: unknown;
}

export async function withIdempotency(
  rest: RestClient,
  scope: string,
  key: string | null,
  run: () => Promise<{ status: number; body: unknown }>,
): Promise<Response> {
  if (key === null) {
    const result = await run();
    return json(result.body, { status: result.status });
  }
  if (key.length === 0 || key.length > MAX_KEY_LENGTH) return json({ error: `Idempotency-Key must be 1–${MAX_KEY_LENGTH} characters` }, { status: 400 });

  const claimed = await rest.request<unknown[]>('POST', 'function_requests?on_conflict=scope,key', {
    body: { scope, key },
    prefer: ['resolution=ignore-duplicates', 'return=representation'],
  });
  const filter = `scope=${eq(scope)}&key=${eq(key)}`;
  if (claimed.length === 1) {
    const cutoff = encodeURIComponent(new Date(Date.now() - KEY_RETENTION_MS).toISOString());
    rest.request('DELETE', `function_requests?created_at=lt.${cutoff}`).catch(() => undefined);
  }
  if (claimed.length === 0) {
    const [row] = await rest.request<Stored[]>('GET', `function_requests?${filter}&select=status,response`);
    if (row && row.status !== null) return json(row.response, { status: row.status, headers: { 'idempotent-replayed': 'true' } });
    return json({ error: 'A request with this Idempotency-Key is still in progress' }, { status: 409 });
  }

  let result: { status: number; body: unknown };
  try {
    result = await run();
  } catch (e) {
    // Nothing took effect that we know of: release the key so the queue's retry can proceed.
    await rest.request('DELETE', `function_requests?${filter}`).catch(() => undefined);
    throw e;
  }
  if (result.status >= 500) {
    await rest.request('DELETE', `function_requests?${filter}`).catch(() => undefined);
  } else {
    await rest.request('PATCH', `function_requests?${filter}`, { body: { status: result.status, response: result.body } });
  }
  return json(result.body, { status: result.status });
}
