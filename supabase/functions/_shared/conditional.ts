/**
 * HTTP validators (RFC 9110 §13), shared by space-weather, sdo-image and weather: pure functions
 * deciding whether a conditional GET may be answered 304. If-None-Match wins over
 * If-Modified-Since when both are sent.
 */

/** Weak comparison: `W/"x"` matches `"x"`, as RFC 9110 requires for If-None-Match. */
function opaque(tag: string): string {
  return tag.trim().replace(/^W\//, '');
}

function etagMatches(ifNoneMatch: string, etag: string): boolean {
  if (ifNoneMatch.trim() === '*') return true;
  const ours = opaque(etag);
  return ifNoneMatch.split(',').some((candidate) => opaque(candidate) === ours);
}

/**
 * Whether a representation last modified at `lastModified` is unmodified since an If-Modified-Since
 * date, at HTTP-date resolution (one second). A date later than the server's clock is invalid and
 * ignored (RFC 2616 §14.25 a: "A date which is later than the server's current time is invalid";
 * RFC 9110 §13.1.3 ignores an invalid date): else one request with a date in 2099 would get 304s
 * for every later version. Our own Last-Modified echoed back stays valid even when it is ahead of
 * our clock (an upstream's clock may run fast).
 */
export function unmodifiedSince(
  ifModifiedSince: string,
  lastModified: number,
  now: number,
): boolean {
  const since = Date.parse(ifModifiedSince);
  if (!Number.isFinite(since)) return false;
  const sinceS = Math.floor(since / 1000);
  const lastModifiedS = Math.floor(lastModified / 1000);
  if (sinceS > Math.floor(now / 1000) && sinceS !== lastModifiedS) return false;
  return lastModifiedS <= sinceS;
}

/** 304 or not, for a GET or HEAD with these validators at time `now` (epoch ms, the server's clock). */
export function isNotModified(
  headers: { ifNoneMatch: string | null; ifModifiedSince: string | null },
  current: { etag: string; lastModified: number },
  now: number,
): boolean {
  if (headers.ifNoneMatch !== null) return etagMatches(headers.ifNoneMatch, current.etag);
  if (headers.ifModifiedSince !== null)
    return unmodifiedSince(headers.ifModifiedSince, current.lastModified, now);
  return false;
}

/** `Cache-Control` for a body we will not re-check upstream for `freshForMs` more. */
export function cacheControl(freshForMs: number, cadenceMs: number): string {
  const maxAge = Math.max(0, Math.floor(freshForMs / 1000));
  const swr = Math.max(1, Math.floor(cadenceMs / 1000));
  return `public, max-age=${maxAge}, stale-while-revalidate=${swr}, stale-if-error=86400`;
}

/**
 * A strong ETag over the body bytes (SHA-256, Web Crypto), independent of upstream's own tag. The
 * prefix names the function, so two functions' tags never collide (the gateway keys its
 * compressed bodies by ETag).
 */
export async function bodyEtag(body: string, prefix = 'sw'): Promise<string> {
  const digest = new Uint8Array(
    await crypto.subtle.digest('SHA-256', new TextEncoder().encode(body)),
  );
  let hex = '';
  for (const byte of digest.subarray(0, 16)) hex += byte.toString(16).padStart(2, '0');
  return `"${prefix}-${hex}"`;
}
