/** Small response helpers shared by every function: JSON bodies, CORS, errors with clear text. */

const ALLOWED_HEADERS = [
  'authorization',
  'apikey',
  'content-type',
  'x-client-info',
  'x-supabase-api-version',
  'idempotency-key',
  'if-none-match',
  'if-modified-since',
  'x-region',
].join(', ');

const EXPOSED_HEADERS = [
  'etag',
  'last-modified',
  'x-aurora-source',
  'x-aurora-data-time',
  // Which form space-weather served (core/compact/): the worker must read it across origins.
  'x-aurora-form',
  'idempotent-replayed',
  // How long a 429 asks the caller to wait (the request queue's back-off reads it).
  'retry-after',
].join(', ');

export const CORS_HEADERS: Record<string, string> = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': ALLOWED_HEADERS,
  'access-control-allow-methods': 'GET, HEAD, POST, DELETE, OPTIONS',
  'access-control-expose-headers': EXPOSED_HEADERS,
  'access-control-max-age': '86400',
};

/**
 * CORS for an actual answer (not a preflight): browsers read only these two there; the methods,
 * headers and max-age matter on the preflight alone. On a response sent every minute, the rest
 * is ~250 bytes for nothing (net.liveHourKB).
 */
export const CORS_ANSWER_HEADERS: Record<string, string> = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': EXPOSED_HEADERS,
};

function withCors(headers: HeadersInit = {}): Headers {
  const h = new Headers(headers);
  for (const [k, v] of Object.entries(CORS_HEADERS)) h.set(k, v);
  return h;
}

export function json(
  body: unknown,
  init: { status?: number; headers?: HeadersInit } = {},
): Response {
  const headers = withCors(init.headers);
  headers.set('content-type', 'application/json; charset=utf-8');
  headers.set('cache-control', headers.get('cache-control') ?? 'no-store');
  return new Response(JSON.stringify(body), { status: init.status ?? 200, headers });
}

export function errorJson(
  status: number,
  message: string,
  extra: Record<string, unknown> = {},
): Response {
  return json({ error: message, ...extra }, { status });
}

export function preflight(): Response {
  return new Response(null, { status: 204, headers: withCors() });
}

export function methodNotAllowed(allowed: string[]): Response {
  return json(
    { error: `Method not allowed; use ${allowed.join(' or ')}` },
    { status: 405, headers: { allow: allowed.join(', ') } },
  );
}

/** Reads a JSON object body; null when the body is missing or not a JSON object. */
export async function readJsonObject(req: Request): Promise<Record<string, unknown> | null> {
  let text: string;
  try {
    text = await req.text();
  } catch {
    return null;
  }
  if (!text.trim()) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/**
 * The path segments after the function name. The gateway mounts `/functions/v1/<name>/*`; the
 * hosted runtime passes `/<name>/*`. Both reduce to the same tail.
 */
export function subPath(url: string, functionName: string): string[] {
  // String slicing instead of new URL(): this runs on every request of the hot space-weather path.
  const afterScheme = url.indexOf('://');
  const pathStart = url.indexOf('/', afterScheme === -1 ? 0 : afterScheme + 3);
  if (pathStart === -1) return [];
  let end = url.length;
  for (const stop of ['?', '#']) {
    const i = url.indexOf(stop, pathStart);
    if (i !== -1 && i < end) end = i;
  }
  const parts = url.slice(pathStart, end).split('/').filter(Boolean);
  const at = parts.indexOf(functionName);
  if (at === -1) return [];
  try {
    return parts.slice(at + 1).map((p) => decodeURIComponent(p));
  } catch {
    return ['%'];
  }
}

/** The latency-check answer (`ping`, `space-weather/ping`): small, never cached. */
export function ping(service: string, now: number = Date.now()): Response {
  return json({ ok: true, service, serverTime: new Date(now).toISOString(), now });
}

/** An HTTP date header (`Last-Modified`, `Expires`) as epoch ms; null when absent or unreadable. */
export function parseHttpDate(value: string | null): number | null {
  if (!value) return null;
  const ms = Date.parse(value);
  return Number.isFinite(ms) ? ms : null;
}
