/** Conditional requests: send the validators we hold, read the ones the server gives back. */

export interface Validators {
  etag: string | null;
  lastModified: string | null;
}

/** Both validators we hold; the server lets If-None-Match win when both are sent (RFC 9110). */
export function conditionalHeaders(v: Validators | null): Record<string, string> {
  const headers: Record<string, string> = {};
  if (v?.etag) headers['If-None-Match'] = v.etag;
  if (v?.lastModified) headers['If-Modified-Since'] = v.lastModified;
  return headers;
}

export function readValidators(headers: Headers): Validators {
  return { etag: headers.get('etag'), lastModified: headers.get('last-modified') };
}
