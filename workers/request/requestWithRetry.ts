/**
 * One GET under the request rules: 10 s timeout per attempt, then up to 2 retries after 300 ms
 * and 600 ms (doubling) for failures worth retrying. A 304 is a success without a body.
 */
import { ApiError, TimeoutError, httpError, isRetryable, toApiError } from './errors.ts';
import { realTimers, sleep, type Timers } from './timers.ts';
import { REQUEST_TIMEOUT_MS } from './requestTimeout.ts';

const MAX_RETRIES = 2;
const INITIAL_RETRY_DELAY_MS = 300;

export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

export interface RequestOptions {
  fetch: FetchLike;
  headers?: Record<string, string>;
  /** GET by default; HEAD reads validators without a body (the SDO image times). */
  method?: 'GET' | 'HEAD';
  timeoutMs?: number;
  retries?: number;
  initialDelayMs?: number;
  timers?: Timers;
  /** Aborts the whole request, retries included (e.g. the poller stopping). */
  signal?: AbortSignal;
}

export interface FetchedBody {
  status: number;
  /** null for 304 Not Modified. */
  body: string | null;
  headers: Headers;
  attempts: number;
}

async function attempt(
  url: string,
  opts: RequestOptions,
  timeoutMs: number,
  timers: Timers,
): Promise<FetchedBody> {
  const controller = new AbortController();
  const onAbort = () => controller.abort();
  opts.signal?.addEventListener('abort', onAbort);
  let timedOut = false;
  const handle = timers.setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  try {
    const response = await opts.fetch(url, {
      method: opts.method ?? 'GET',
      headers: opts.headers ?? {},
      signal: controller.signal,
      cache: 'no-store',
      // Nobody reads the worker script's URL in a Referer: ~70 bytes a request, every minute,
      // for nothing (net.liveHourKB).
      referrerPolicy: 'no-referrer',
    });
    if (response.status === 304)
      return { status: 304, body: null, headers: response.headers, attempts: 1 };
    if (!response.ok) throw httpError(response.status, response.statusText);
    // The timeout covers the body too: a stalled download is as dead as a stalled connect.
    const body = opts.method === 'HEAD' ? '' : await response.text();
    return { status: response.status, body, headers: response.headers, attempts: 1 };
  } catch (e) {
    if (timedOut) throw new TimeoutError(timeoutMs);
    throw toApiError(e);
  } finally {
    timers.clearTimeout(handle);
    opts.signal?.removeEventListener('abort', onAbort);
  }
}

export async function requestWithRetry(url: string, opts: RequestOptions): Promise<FetchedBody> {
  const timers = opts.timers ?? realTimers;
  const timeoutMs = opts.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const retries = opts.retries ?? MAX_RETRIES;
  let delay = opts.initialDelayMs ?? INITIAL_RETRY_DELAY_MS;
  let lastError: ApiError | null = null;
  for (let i = 0; i <= retries; i++) {
    if (opts.signal?.aborted) throw new ApiError('Request aborted', 0);
    try {
      const result = await attempt(url, opts, timeoutMs, timers);
      return { ...result, attempts: i + 1 };
    } catch (e) {
      lastError = toApiError(e);
      if (!isRetryable(lastError) || i === retries || opts.signal?.aborted) throw lastError;
      await sleep(delay, timers);
      delay *= 2;
    }
  }
  throw lastError ?? new ApiError('Request failed', 0);
}
