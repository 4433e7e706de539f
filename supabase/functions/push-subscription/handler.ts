import { AuthError, getCaller, type Caller } from '../_shared/auth.ts';
import { withIdempotency } from '../_shared/idempotency.ts';
import { memoByEnv } from '../_shared/env.ts';
import { errorJson, methodNotAllowed, preflight, readJsonObject } from '../_shared/http.ts';
import { createRestClient, eq, restConfigFromEnv, type RestClient } from '../_shared/rest.ts';
import { parseEndpoint, parseSubscriptionBody } from './validate.ts';

interface Row {
  id: string;
  endpoint: string;
  user_id: string | null;
  kp_threshold: number | string;
  cell_lat: number | null;
  cell_lon: number | null;
}

function publicView(row: Row) {
  return {
    id: row.id,
    endpoint: row.endpoint,
    userId: row.user_id,
    kpThreshold: Number(row.kp_threshold),
    locationCell: row.cell_lat === null || row.cell_lon === null ? null : { lat: row.cell_lat, lon: row.cell_lon },
  };
}

async function findByEndpoint(rest: RestClient, endpoint: string): Promise<Row | null> {
  const rows = await rest.request<Row[]>('GET', `push_subscriptions?endpoint=${eq(endpoint)}&select=id,endpoint,user_id,kp_threshold,cell_lat,cell_lon`);
  return rows[0] ?? null;
}

async function store(rest: RestClient, caller: Caller, body: Record<string, unknown> | null): Promise<{ status: number; body: unknown }> {
  const parsed = parseSubscriptionBody(body);
  if (!parsed.ok) return { status: 400, body: { error: parsed.error } };
  const s = parsed.value;
  const existing = await findByEndpoint(rest, s.endpoint);
  const row: Record<string, unknown> = {
    endpoint: s.endpoint,
    p256dh: s.p256dh,
    auth: s.auth,
    expiration_time: s.expirationTime === null ? null : new Date(s.expirationTime).toISOString(),
    kp_threshold: s.kpThreshold,
    cell_lat: s.cell?.lat ?? null,
    cell_lon: s.cell?.lon ?? null,
    failure_count: 0,
    last_error: null,
  };
  // A signed-in caller owns the subscription; an anonymous one leaves any owner in place.
  if (caller.role === 'authenticated') row.user_id = caller.userId;
  const [saved] = await rest.request<Row[]>('POST', 'push_subscriptions?on_conflict=endpoint&select=id,endpoint,user_id,kp_threshold,cell_lat,cell_lon', {
    body: row,
    prefer: ['resolution=merge-duplicates', 'return=representation'],
  });
  if (!saved) return { status: 500, body: { error: 'The subscription was not saved' } };
  return { status: existing ? 200 : 201, body: { subscription: publicView(saved) } };
}

async function remove(rest: RestClient, caller: Caller, body: Record<string, unknown> | null, url: URL): Promise<{ status: number; body: unknown }> {
  const endpoint = parseEndpoint(body?.endpoint ?? url.searchParams.get('endpoint') ?? undefined);
  if (!endpoint.ok) return { status: 400, body: { error: endpoint.error } };
  const existing = await findByEndpoint(rest, endpoint.value);
  if (!existing) return { status: 200, body: { deleted: false } };
  if (caller.role === 'authenticated' && existing.user_id !== null && existing.user_id !== caller.userId) {
    return { status: 403, body: { error: 'This subscription belongs to another account' } };
  }
  await rest.request('DELETE', `push_subscriptions?endpoint=${eq(endpoint.value)}`);
  return { status: 200, body: { deleted: true } };
}

/**
 * POST stores or updates a Web Push subscription; DELETE removes it (spec §7). The caller is
 * the JWT's user or anonymous. Writes go through the service role, so the table itself only
 * lets owners read and remove their rows.
 */
export function createPushSubscriptionHandler(getRest: () => RestClient): (req: Request) => Promise<Response> {
  return async (req) => {
    if (req.method === 'OPTIONS') return preflight();
    if (req.method !== 'POST' && req.method !== 'DELETE') return methodNotAllowed(['POST', 'DELETE']);
    let caller: Caller;
    try {
      caller = await getCaller(req);
    } catch (e) {
      return errorJson(401, e instanceof AuthError ? e.message : 'Invalid session');
    }
    const body = await readJsonObject(req);
    const scope = `push-subscription:${caller.role === 'authenticated' ? caller.userId : 'anon'}`;
    try {
      const rest = getRest();
      return await withIdempotency(rest, scope, req.headers.get('idempotency-key'), () =>
        req.method === 'POST' ? store(rest, caller, body) : remove(rest, caller, body, new URL(req.url)),
      );
    } catch (e) {
      return errorJson(500, `Could not save the subscription: ${e instanceof Error ? e.message : String(e)}`);
    }
  };
}

export default createPushSubscriptionHandler(
  memoByEnv(['SUPABASE_URL', 'SUPABASE_SERVICE_ROLE_KEY'], () => {
    const config = restConfigFromEnv();
    if (!config) throw new Error('push-subscription needs SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY');
    return createRestClient(config);
  }),
);
