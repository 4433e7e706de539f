/**
 * CORS of the local stack's API paths, so the app may run on another origin (`npm run dev` with
 * `VITE_SUPABASE_URL` pointing here). The gateway answers every API preflight itself, so its
 * allowed headers must name every header the app sends to REST, auth and the functions.
 */
export const CORS: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
  'Access-Control-Allow-Headers':
    'authorization, apikey, content-type, x-client-info, x-supabase-api-version, prefer, accept-profile, content-profile, range, range-unit, x-region, if-none-match, if-modified-since, x-upsert, idempotency-key',
  'Access-Control-Expose-Headers':
    'content-range, content-location, x-total-count, x-supabase-api-version, etag, last-modified, location, retry-after',
  'Access-Control-Max-Age': '86400',
};

/** CORS for API answers, lower-cased so a handler's own CORS headers replace them instead of being sent twice. */
export const CORS_LOWER: Record<string, string> = Object.fromEntries(
  Object.entries(CORS).map(([k, v]) => [k.toLowerCase(), v]),
);

/**
 * CORS on a function's actual answer: browsers read only these there (methods, headers and
 * max-age matter on the preflight alone, which this gateway answers itself). Polled every minute,
 * the rest was ~250 bytes per answer for nothing (net.liveHourKB).
 */
export const CORS_ANSWER_LOWER: Record<string, string> = {
  'access-control-allow-origin': CORS['Access-Control-Allow-Origin']!,
  'access-control-expose-headers': CORS['Access-Control-Expose-Headers']!,
};
