/**
 * HTTP validators (RFC 9110 §13), shared by space-weather, sdo-image and weather: pure functions
 * deciding whether a conditional GET may be answered 304. If-None-Match wins over
 * If-Modified-Since when both are sent.
 */

/** Weak comparison: `W/"x"` matches `"x"`, as RFC 9110 requires for If-None-Match. */
function opaque(tag: string): string {
  return tag.trim().replace(/^W\//, '');
}

export function etagMatches(ifNoneMatch: string, etag: string): boolean {
  if (ifNoneMatch.trim() === '*') return true;
  const ours = opaque(etag);
  return ifNoneMatch.split(',').some((candidate) => opaque(candidate) === ours);
}

export function isNotModified(
  headers: { ifNoneMatch: string | null; ifModifiedSince: string | null },
  current: { etag: string; lastModified: number },
): boolean {
  if (headers.ifNoneMatch !== null) return etagMatches(headers.ifNoneMatch, current.etag);
  if (headers.ifModifiedSince !== null) {
    const since = Date.parse(headers.ifModifiedSince);
    // HTTP dates have one-second resolution; compare at that resolution.
    return (
      Number.isFinite(since) && Math.floor(current.lastModified / 1000) <= Math.floor(since / 1000)
    );
  }
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
