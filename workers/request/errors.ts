/**
 * The API errors the screens show. Every failed request ends in an ApiError carrying a status
 * (0 when no HTTP response arrived), with the catalogue's exact messages.
 */

export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    message: string,
    readonly status: number,
    readonly statusText = '',
  ) {
    super(message);
  }
}

/** "Network error: {message}" — no HTTP response (offline, DNS, CORS, connection reset). */
export class NetworkError extends ApiError {
  override name = 'NetworkError';
  constructor(cause: string) {
    super(`Network error: ${cause}`, 0);
  }
}

/** "Request timed out after {n}ms". */
export class TimeoutError extends ApiError {
  override name = 'TimeoutError';
  constructor(readonly timeoutMs: number) {
    super(`Request timed out after ${timeoutMs}ms`, 0);
  }
}

/** "API error: {status} {statusText}" — an HTTP response that is not 2xx or 304. */
export function httpError(status: number, statusText: string): ApiError {
  return new ApiError(`API error: ${status} ${statusText}`.trimEnd(), status, statusText);
}

/** Worth another try: no response at all, a timeout, rate limiting or a server-side failure. */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500;
}

/** Any thrown value as an ApiError (fetch rejects with TypeError on network failure). */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new NetworkError(message || 'request failed');
}
