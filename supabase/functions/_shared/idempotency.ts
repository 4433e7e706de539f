import type { Caller } from './auth.ts';
import { json } from './http.ts';
import { eq, type RestClient } from './rest.ts';

/**
 * Idempotency-Key support: the client's request queue replays a request with the same key until
 * it sees an answer, so a key's first completed answer is recorded and returned to every replay.
 * The claim is a primary-key insert, so two concurrent deliveries cannot both take effect.
 * The handlers using this are themselves convergent (upsert, delete), so releasing a claim after
 * a failure can never double an effect: it only lets the retry finish the job.
 */
const MAX_KEY_LENGTH = 200;
/** Queued requests are replayed within days at most; older keys are swept. */
const KEY_RETENTION_MS = 14 * 24 * 60 * 60_000;
/** A claim still unanswered after this long belongs to a run that died: it may be taken over. */
const ABANDONED_CLAIM_MS = 60_000;

interface Stored {
  status: number | null;
  response: unknown;
  created_at: string;
}

/** `replayBody`: what replays get instead of `body` (e.g. without a secret that is shown once). */
type Outcome = { status: number; body: unknown; replayBody?: unknown };

export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Whose ledger a key is in: `name` scopes the key; `userId` ties the record to a signed-in account. */
export interface LedgerScope {
  name: string;
  /** The signed-in caller: the record goes with their account (a foreign key), else null. */
  userId: string | null;
}

/**
 * The ledger scope of a caller: a key replays only that caller's answers. A signed-in user is their
 * id. Anonymous callers all share the anon key, so theirs is a hash of something only they hold
 * (`anonProof`: the subscription secret, else the request itself) — another anonymous caller
 * reusing the key gets their own answer, never someone else's.
 */
export async function callerScope(
  fn: string,
  caller: Caller,
  anonProof: string,
): Promise<LedgerScope> {
  if (caller.role === 'authenticated')
    return { name: `${fn}:${caller.userId}`, userId: caller.userId };
  return { name: `${fn}:${caller.role}:${await sha256Hex(anonProof)}`, userId: null };
}

async function claim(rest: RestClient, scope: LedgerScope, key: string): Promise<boolean> {
  const rows = await rest.request<unknown[]>('POST', 'function_requests?on_conflict=scope,key', {
    body: { scope: scope.name, key, user_id: scope.userId },
    prefer: ['resolution=ignore-duplicates', 'return=representation'],
  });
  return rows.length === 1;
}

export async function withIdempotency(
  rest: RestClient,
  scope: LedgerScope,
  key: string | null,
  run: () => Promise<Outcome>,
  now: () => number = Date.now,
): Promise<Response> {
  if (key === null) {
    const result = await run();
    return json(result.body, { status: result.status });
  }
  if (key.length === 0 || key.length > MAX_KEY_LENGTH)
    return json(
      { error: `Idempotency-Key must be 1–${MAX_KEY_LENGTH} characters` },
      { status: 400 },
    );

  const filter = `scope=${eq(scope.name)}&key=${eq(key)}`;
  let claimed = await claim(rest, scope, key);
  if (!claimed) {
    const [row] = await rest.request<Stored[]>(
      'GET',
      `function_requests?${filter}&select=status,response,created_at`,
    );
    if (row && row.status !== null)
      return json(row.response, { status: row.status, headers: { 'idempotent-replayed': 'true' } });
    if (row && now() - Date.parse(row.created_at) < ABANDONED_CLAIM_MS) {
      return json(
        { error: 'A request with this Idempotency-Key is still in progress' },
        { status: 409 },
      );
    }
    await rest.request('DELETE', `function_requests?${filter}&status=is.null`);
    claimed = await claim(rest, scope, key);
    if (!claimed)
      return json(
        { error: 'A request with this Idempotency-Key is still in progress' },
        { status: 409 },
      );
  }
  const cutoff = encodeURIComponent(new Date(now() - KEY_RETENTION_MS).toISOString());
  rest.request('DELETE', `function_requests?created_at=lt.${cutoff}`).catch(() => undefined);

  const release = () =>
    rest.request('DELETE', `function_requests?${filter}`).catch(() => undefined);
  let result: Outcome;
  try {
    result = await run();
  } catch (e) {
    await release();
    throw e;
  }
  if (result.status >= 500) {
    await release();
  } else {
    try {
      const response = 'replayBody' in result ? result.replayBody : result.body;
      await rest.request('PATCH', `function_requests?${filter}`, {
        body: { status: result.status, response },
      });
    } catch {
      // The effect happened but could not be recorded: free the key rather than block the retry.
      await release();
    }
  }
  return json(result.body, { status: result.status });
}
