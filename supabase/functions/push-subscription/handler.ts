import { AuthError, getCaller, type Caller } from '../_shared/auth.ts';
import { callerScope, sha256Hex, withIdempotency } from '../_shared/idempotency.ts';
import { memoByEnv } from '../_shared/env.ts';
import {
  errorJson,
  json,
  methodNotAllowed,
  preflight,
  readJsonObject,
  subPath,
} from '../_shared/http.ts';
import { ruleKey, type AlertRule } from '../../../core/alerts/alertRule.ts';
import {
  checkPushEndpoint,
  pushPolicyFromEnv,
  type PushEndpointPolicy,
} from '../_shared/pushEndpoint.ts';
import {
  PUSH_SUBSCRIPTION_LIMIT,
  callerAddress,
  createRestRateLimiter,
  tooManyRequests,
  type RateLimiter,
} from '../_shared/rateLimit.ts';
import {
  RestError,
  createRestClient,
  eq,
  restConfigFromEnv,
  type RestClient,
} from '../_shared/rest.ts';
import { parseEndpoint, parseSecret, parseSubscriptionBody } from './validate.ts';

/** The alert_rules row of a rule: a `visible` rule's place at 0.1°, nothing of a place for `kp`. */
function ruleRow(subscriptionId: string, rule: AlertRule): Record<string, unknown> {
  return {
    subscription_id: subscriptionId,
    rule_key: ruleKey(rule),
    kind: rule.kind,
    place_name: rule.place?.name ?? null,
    place_lat: rule.place?.lat ?? null,
    place_lon: rule.place?.lon ?? null,
    kp_threshold: rule.kpThreshold,
    all_clear: rule.allClear,
    quiet_from: rule.quietHours?.from ?? null,
    quiet_to: rule.quietHours?.to ?? null,
    time_zone: rule.timeZone ?? rule.quietHours?.timeZone ?? null,
    updated_at: new Date().toISOString(),
  };
}

/**
 * Makes the subscription's rules these: new ones added, changed ones updated (their engine state
 * and any "Mute tonight" kept, so re-saving settings never announces an event again), the rest
 * deleted.
 */
async function writeRules(rest: RestClient, subscriptionId: string, rules: AlertRule[]) {
  if (rules.length > 0) {
    await rest.request('POST', 'alert_rules?on_conflict=subscription_id,rule_key', {
      body: rules.map((r) => ruleRow(subscriptionId, r)),
      prefer: ['resolution=merge-duplicates', 'return=minimal'],
    });
  }
  const keep = rules.map((r) => `"${ruleKey(r)}"`).join(',');
  await rest.request(
    'DELETE',
    `alert_rules?subscription_id=${eq(subscriptionId)}${keep ? `&rule_key=not.in.(${encodeURIComponent(keep)})` : ''}`,
  );
}

interface Row {
  id: string;
  endpoint: string;
  user_id: string | null;
  kp_threshold: number | string;
  cell_lat: number | null;
  cell_lon: number | null;
  secret_hash: string | null;
}

type Outcome = { status: number; body: unknown; replayBody?: unknown };

const COLUMNS = 'id,endpoint,user_id,kp_threshold,cell_lat,cell_lon,secret_hash';

const OWNERSHIP_ERRORS = {
  otherAccount: 'This subscription belongs to another account',
  otherBrowser: 'This subscription can only be changed from the browser that subscribed it',
  raced: 'The subscription changed at the same time; try again',
} as const;

const PUSH_SUBSCRIPTION_ERRORS = {
  tooMany: 'Too many alert sign-ups from this network just now. Try again in a few minutes.',
  accountGone: 'This account no longer exists. Sign in again.',
} as const;

function publicView(row: Row, rules: AlertRule[]) {
  return {
    alerts: rules.map(ruleKey),
    id: row.id,
    endpoint: row.endpoint,
    userId: row.user_id,
    kpThreshold: Number(row.kp_threshold),
    locationCell:
      row.cell_lat === null || row.cell_lon === null
        ? null
        : { lat: row.cell_lat, lon: row.cell_lon },
  };
}

async function findByEndpoint(rest: RestClient, endpoint: string): Promise<Row | null> {
  const rows = await rest.request<Row[]>(
    'GET',
    `push_subscriptions?endpoint=${eq(endpoint)}&select=${COLUMNS}`,
  );
  return rows[0] ?? null;
}

/** Constant-time comparison of two hex digests. */
function sameHash(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/**
 * Who may change or remove an existing subscription: its signed-in owner, or whoever holds the
 * secret issued when it was created (the browser that subscribed). Rows from before secrets have
 * none: an owned one answers to its owner only; an anonymous one to the first secret presented
 * (nothing else can tell its browser apart), which then guards it.
 */
function mayChange(
  row: Pick<Row, 'user_id' | 'secret_hash'>,
  caller: Caller,
  presentedHash: string | null,
): { ok: true } | { ok: false; error: string } {
  if (
    presentedHash !== null &&
    row.secret_hash !== null &&
    sameHash(presentedHash, row.secret_hash)
  )
    return { ok: true };
  if (caller.role === 'authenticated' && row.user_id === caller.userId) return { ok: true };
  if (row.user_id === null && row.secret_hash === null) return { ok: true };
  return {
    ok: false,
    error: row.user_id !== null ? OWNERSHIP_ERRORS.otherAccount : OWNERSHIP_ERRORS.otherBrowser,
  };
}

/** The row as it was when checked: a write that races another one changes nothing. */
function unchangedFilter(row: Row): string {
  return [
    `id=${eq(row.id)}`,
    row.user_id === null ? 'user_id=is.null' : `user_id=${eq(row.user_id)}`,
    row.secret_hash === null ? 'secret_hash=is.null' : `secret_hash=${eq(row.secret_hash)}`,
  ].join('&');
}

function randomSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

async function store(
  rest: RestClient,
  policy: PushEndpointPolicy,
  caller: Caller,
  body: Record<string, unknown> | null,
): Promise<Outcome> {
  const parsed = parseSubscriptionBody(body, policy.origins);
  if (!parsed.ok) return { status: 400, body: { error: parsed.error } };
  const s = parsed.value;
  const where = await checkPushEndpoint(s.endpoint, policy);
  if (!where.ok) return { status: 400, body: { error: where.error } };
  const presentedHash = s.secret === null ? null : await sha256Hex(s.secret);
  const fields: Record<string, unknown> = {
    p256dh: s.p256dh,
    auth: s.auth,
    expiration_time: s.expirationTime === null ? null : new Date(s.expirationTime).toISOString(),
    kp_threshold: s.kpThreshold,
    cell_lat: s.cell?.lat ?? null,
    cell_lon: s.cell?.lon ?? null,
    failure_count: 0,
    last_error: null,
  };
  if (s.subscriberId !== null) fields.subscriber_id = s.subscriberId;
  // A signed-in caller owns the subscription; an anonymous one leaves any owner in place.
  if (caller.role === 'authenticated') fields.user_id = caller.userId;

  const existing = await findByEndpoint(rest, s.endpoint);
  if (existing) {
    const allowed = mayChange(existing, caller, presentedHash);
    if (!allowed.ok) return { status: 403, body: { error: allowed.error } };
    if (presentedHash !== null) fields.secret_hash = presentedHash;
    const [saved] = await rest.request<Row[]>(
      'PATCH',
      `push_subscriptions?${unchangedFilter(existing)}&select=${COLUMNS}`,
      {
        body: fields,
        prefer: ['return=representation'],
      },
    );
    if (!saved) return { status: 409, body: { error: OWNERSHIP_ERRORS.raced } };
    await writeRules(rest, saved.id, s.rules);
    return { status: 200, body: { subscription: publicView(saved, s.rules) } };
  }
  // The client normally brings its own secret (its request may wait in an offline queue and never
  // see this answer); a client that sent none gets one here, shown once and never stored in clear.
  const issued = s.secret === null ? randomSecret() : null;
  fields.secret_hash = presentedHash ?? (await sha256Hex(issued as string));
  const [saved] = await rest.request<Row[]>(
    'POST',
    `push_subscriptions?on_conflict=endpoint&select=${COLUMNS}`,
    {
      body: { endpoint: s.endpoint, ...fields },
      prefer: ['resolution=ignore-duplicates', 'return=representation'],
    },
  );
  if (!saved) return { status: 409, body: { error: OWNERSHIP_ERRORS.raced } };
  await writeRules(rest, saved.id, s.rules);
  const answer = { subscription: publicView(saved, s.rules) };
  return issued === null
    ? { status: 201, body: answer }
    : { status: 201, body: { ...answer, secret: issued }, replayBody: answer };
}

async function remove(
  rest: RestClient,
  policy: PushEndpointPolicy,
  caller: Caller,
  body: Record<string, unknown> | null,
  url: URL,
): Promise<Outcome> {
  const endpoint = parseEndpoint(
    body?.endpoint ?? url.searchParams.get('endpoint') ?? undefined,
    policy.origins,
  );
  if (!endpoint.ok) return { status: 400, body: { error: endpoint.error } };
  const secret = parseSecret(body?.secret);
  if (!secret.ok) return { status: 400, body: { error: secret.error } };
  const existing = await findByEndpoint(rest, endpoint.value);
  if (!existing) return { status: 200, body: { deleted: false } };
  const allowed = mayChange(
    existing,
    caller,
    secret.value === null ? null : await sha256Hex(secret.value),
  );
  if (!allowed.ok) return { status: 403, body: { error: allowed.error } };
  const gone = await rest.request<unknown[]>(
    'DELETE',
    `push_subscriptions?${unchangedFilter(existing)}`,
    { prefer: ['return=representation'] },
  );
  if (gone.length === 0) return { status: 409, body: { error: OWNERSHIP_ERRORS.raced } };
  return { status: 200, body: { deleted: true } };
}

/** "Mute tonight" reaches at most this far ahead: the end of the night the alert came in. */
const MAX_MUTE_MS = 36 * 3_600_000;

/**
 * `POST /push-subscription/mute {endpoint, secret, rule, until}`: the notification's "Mute tonight",
 * sent by the service worker: no alert for that rule before `until` (epoch ms, at most 36 h on).
 * Same proof as a change: the subscription's secret, or its signed-in owner.
 */
async function mute(
  rest: RestClient,
  policy: PushEndpointPolicy,
  caller: Caller,
  body: Record<string, unknown> | null,
): Promise<Outcome> {
  const endpoint = parseEndpoint(body?.endpoint, policy.origins);
  if (!endpoint.ok) return { status: 400, body: { error: endpoint.error } };
  const secret = parseSecret(body?.secret);
  if (!secret.ok) return { status: 400, body: { error: secret.error } };
  const rule = body?.rule;
  if (typeof rule !== 'string' || !/^[a-z0-9_.:-]{1,40}$/i.test(rule))
    return { status: 400, body: { error: 'rule must be a rule key such as "69.7_19.0:visible"' } };
  const until = body?.until;
  if (typeof until !== 'number' || !Number.isFinite(until) || until > Date.now() + MAX_MUTE_MS)
    return { status: 400, body: { error: 'until must be a time (ms since 1970) within 36 hours' } };
  const existing = await findByEndpoint(rest, endpoint.value);
  if (!existing) return { status: 404, body: { error: 'No such subscription' } };
  const allowed = mayChange(
    existing,
    caller,
    secret.value === null ? null : await sha256Hex(secret.value),
  );
  if (!allowed.ok) return { status: 403, body: { error: allowed.error } };
  const changed = await rest.request<unknown[]>(
    'PATCH',
    `alert_rules?subscription_id=${eq(existing.id)}&rule_key=${eq(rule)}`,
    { body: { muted_until: new Date(until).toISOString() }, prefer: ['return=representation'] },
  );
  return changed.length === 0
    ? { status: 404, body: { error: `No alert rule ${rule} on this subscription` } }
    : { status: 200, body: { muted: rule, until } };
}

/**
 * POST stores or updates a Web Push subscription; DELETE removes it. The caller is
 * the JWT's user or anonymous. Writes go through the service role, so the table itself only
 * lets owners read and remove their rows. Anonymous callers are limited per address
 * (PUSH_SUBSCRIPTION_LIMIT, in the database); a signed-in caller whose account was deleted is
 * refused by the foreign keys to auth.users (their subscription, their ledger record): 401.
 */
function createPushSubscriptionHandler(
  getRest: () => RestClient,
  getLimiter: () => RateLimiter = () => createRestRateLimiter(getRest()),
  getPolicy: () => PushEndpointPolicy = memoByEnv(['PUSH_ALLOWED_HOSTS'], () =>
    pushPolicyFromEnv(),
  ),
): (req: Request) => Promise<Response> {
  return async (req) => {
    if (req.method === 'OPTIONS') return preflight();
    if (req.method !== 'POST' && req.method !== 'DELETE')
      return methodNotAllowed(['POST', 'DELETE']);
    let caller: Caller;
    try {
      // Confirmed by Auth: a deleted account's or a signed-out session's token is still signed.
      caller = await getCaller(req, { confirmAccount: true });
    } catch (e) {
      if (e instanceof AuthError) return errorJson(401, e.message);
      return errorJson(
        503,
        `Could not check the session: ${e instanceof Error ? e.message : String(e)}`,
      );
    }
    const body = await readJsonObject(req);
    const url = new URL(req.url);
    const secret = typeof body?.secret === 'string' ? body.secret : null;
    try {
      if (caller.role === 'anon') {
        const taken = await getLimiter().take(PUSH_SUBSCRIPTION_LIMIT, callerAddress(req));
        if (!taken.ok)
          return tooManyRequests(taken.retryAfterSeconds, PUSH_SUBSCRIPTION_ERRORS.tooMany);
      }
      const scope = await callerScope(
        'push-subscription',
        caller,
        secret ?? `${req.method} ${url.search} ${JSON.stringify(body)}`,
      );
      const rest = getRest();
      const path = subPath(req.url, 'push-subscription');
      if (path.length === 1 && path[0] === 'mute' && req.method === 'POST') {
        const out = await mute(rest, getPolicy(), caller, body);
        return json(out.body, { status: out.status });
      }
      if (path.length > 0)
        return errorJson(404, 'Ask for /push-subscription or /push-subscription/mute');
      return await withIdempotency(rest, scope, req.headers.get('idempotency-key'), () =>
        req.method === 'POST'
          ? store(rest, getPolicy(), caller, body)
          : remove(rest, getPolicy(), caller, body, url),
      );
    } catch (e) {
      // The only foreign keys written here are to auth.users: the caller's account is gone.
      if (e instanceof RestError && e.code === '23503')
        return errorJson(401, PUSH_SUBSCRIPTION_ERRORS.accountGone);
      return errorJson(
        500,
        `Could not save the subscription: ${e instanceof Error ? e.message : String(e)}`,
      );
    }
  };
}

export default createPushSubscriptionHandler(
  memoByEnv(['SUPABASE_URL', 'SUPABASE_SERVICE_ROLE_KEY'], () => {
    const config = restConfigFromEnv();
    if (!config)
      throw new Error('push-subscription needs SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY');
    return createRestClient(config);
  }),
);
