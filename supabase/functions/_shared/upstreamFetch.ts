/**
 * One request to an upstream, as the upstream cache (`upstreamCache.ts`) and weather's GFS fill
 * (`weather/gfs/gfsClouds.ts`) make it: with a timeout
 * (an AbortSignal), the body read into memory only up to a bound when one is given, and every way
 * it can end named — a 304 to a conditional request, a body, a body too large, or a failure with
 * the status `/stats` reports and the text `lastError` shows. Never throws.
 */
import { readBodyAtMost } from './boundedBody.ts';

export type UpstreamStatus = number | 'network-error' | 'timeout';

/** A 200 body handed to a function's parser. */
export interface UpstreamBody {
  bytes: Uint8Array<ArrayBuffer>;
  headers: Headers;
  /** The bytes decoded as UTF-8 (what `Response.text()` gives). */
  text(): string;
}

export type FetchOutcome =
  | { kind: 'not-modified'; res: Response }
  | { kind: 'body'; res: Response; body: UpstreamBody }
  | { kind: 'too-large'; res: Response; error: string }
  | { kind: 'failed'; status: UpstreamStatus; res: Response | null; error: string };

export interface UpstreamRequest {
  fetch: typeof fetch;
  url: string;
  headers: Record<string, string>;
  /** Whether the headers carry validators: only then is a 304 an answer. */
  conditional: boolean;
  timeoutMs: number;
  /** The signal the fetch is aborted with; default `AbortSignal.timeout` (a test passes its own). */
  timeoutSignal?: (ms: number) => AbortSignal;
  /** Bound on the body read into memory; default none. */
  maxBodyBytes?: number;
  /** What the body should be ("an image"), for the text of one too large. */
  bodyName?: string;
  /** Appended to the texts that do not name the host (" for 69.7_19.0"). */
  label?: string;
  /** Who is asked, as the texts name it; default "Upstream". */
  upstreamName?: string;
}

const defaultTimeoutSignal = (ms: number): AbortSignal => AbortSignal.timeout(ms);

export async function fetchUpstream(req: UpstreamRequest): Promise<FetchOutcome> {
  const label = req.label ?? '';
  const name = req.upstreamName ?? 'Upstream';
  let res: Response;
  try {
    res = await req.fetch(req.url, {
      headers: req.headers,
      signal: (req.timeoutSignal ?? defaultTimeoutSignal)(req.timeoutMs),
    });
    if (res.status === 304 && req.conditional) return { kind: 'not-modified', res };
    if (!res.ok) {
      await res.body?.cancel();
      const error = `${name} answered ${res.status} ${res.statusText}`.trim() + label;
      return { kind: 'failed', status: res.status, res, error };
    }
    const max = req.maxBodyBytes;
    if (max === undefined) {
      const bytes = new Uint8Array(await res.arrayBuffer());
      return { kind: 'body', res, body: bodyOf(bytes, res.headers) };
    }
    const what = req.bodyName ? ` for ${req.bodyName}` : '';
    const declared = Number(res.headers.get('content-length'));
    if (declared > max) {
      await res.body?.cancel();
      return { kind: 'too-large', res, error: `${declared} bytes is too large${what}` };
    }
    const read = await readBodyAtMost(res, max);
    if (!read.ok)
      return { kind: 'too-large', res, error: `more than ${max} bytes is too large${what}` };
    return { kind: 'body', res, body: bodyOf(read.bytes, res.headers) };
  } catch (e) {
    const timedOut = e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError');
    // The network error's own text names the host; the others need the key named.
    return timedOut
      ? { kind: 'failed', status: 'timeout', res: null, error: `${name} timed out${label}` }
      : {
          kind: 'failed',
          status: 'network-error',
          res: null,
          error: `${name} unreachable: ${e instanceof Error ? e.message : String(e)}`,
        };
  }
}

function bodyOf(bytes: Uint8Array<ArrayBuffer>, headers: Headers): UpstreamBody {
  return { bytes, headers, text: () => new TextDecoder().decode(bytes) };
}
