/** Conditional requests: send the validators we hold, read the ones the server gives back. */

export interface Validators {
  etag: string | null;
  lastModified: string | null;
}

/**
 * The validator we hold: the ETag, else the Last-Modified date. Not both: a server must ignore
 * If-Modified-Since when If-None-Match is present (RFC 9110 §13.1.3), so the date would be ~50
 * bytes on every poll for nothing.
 */
export function conditionalHeaders(v: Validators | null): Record<string, string> {
  if (v?.etag) return { 'If-None-Match': v.etag };
  if (v?.lastModified) return { 'If-Modified-Since': v.lastModified };
  return {};
}

export function readValidators(headers: Headers): Validators {
  return { etag: headers.get('etag'), lastModified: headers.get('last-modified') };
}
