/**
 * Fetch one resource: through the backend's /functions/v1/space-weather/{resource} when a backend
 * is configured, falling back to SWPC directly (it serves CORS) when the backend cannot be reached.
 * Conditional: the validators of the last good body go along, and a 304 means "unchanged".
 * From the backend, resources with a compact form are asked for it (`compact`); the answer says
 * which form it is (`x-aurora-form`), so an older backend's agency file is still read as one.
 */
import type { Resource } from '../../core/model.ts';
import { COMPACT_FORM_HEADER } from '../../core/compact/compactForm.ts';
import { backendUrl, sourceFor, swpcUrl } from '../../core/products/sources.ts';
import { ApiError } from './errors.ts';
import { conditionalHeaders, readValidators, type Validators } from './conditional.ts';
import { requestWithRetry, type FetchLike } from './requestWithRetry.ts';
import type { Timers } from './timers.ts';

type Via = 'backend' | 'swpc';

export type FetchOutcome =
  | {
      kind: 'body';
      body: string;
      /** `compact`: our function's compact form (core/compact/), else the agency's own file. */
      form: 'raw' | 'compact';
      validators: Validators;
      via: Via;
      url: string;
      replay: boolean;
      attempts: number;
    }
  | { kind: 'not-modified'; via: Via; url: string; attempts: number };

export interface FetchResourceOptions {
  fetch: FetchLike;
  /** Backend base URL (configuration); null to go to SWPC directly. */
  backendBase: string | null;
  validators: Validators | null;
  /**
   * Ask the backend for the compact form, with only the rows newer than `since` (the stored data
   * time) where the resource is a series. Direct SWPC requests always get the agency's file.
   */
  compact?: { since: number | null };
  swpcBase?: string;
  timers?: Timers;
  signal?: AbortSignal;
  timeoutMs?: number;
}

/** The backend is "unreachable" for this resource: no answer, a gateway failure, or no such route. */
function shouldFallBack(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status === 0 || error.status === 404 || error.status >= 500;
}

async function from(url: string, via: Via, opts: FetchResourceOptions): Promise<FetchOutcome> {
  const got = await requestWithRetry(url, {
    fetch: opts.fetch,
    headers: conditionalHeaders(opts.validators),
    timers: opts.timers,
    signal: opts.signal,
    timeoutMs: opts.timeoutMs,
  });
  if (got.status === 304 || got.body === null)
    return { kind: 'not-modified', via, url, attempts: got.attempts };
  return {
    kind: 'body',
    body: got.body,
    form: via === 'backend' && got.headers.get(COMPACT_FORM_HEADER) ? 'compact' : 'raw',
    validators: readValidators(got.headers),
    via,
    url,
    replay: got.headers.get('x-aurora-source') === 'replay',
    attempts: got.attempts,
  };
}

export async function fetchResource(
  resource: Resource,
  opts: FetchResourceOptions,
): Promise<FetchOutcome> {
  const source = sourceFor(resource);
  const direct = swpcUrl(resource, { base: opts.swpcBase });
  if (opts.backendBase && source.viaBackend) {
    try {
      return await from(
        backendUrl(opts.backendBase, resource, { compact: opts.compact }),
        'backend',
        opts,
      );
    } catch (e) {
      if (!direct || !shouldFallBack(e) || opts.signal?.aborted) throw e;
    }
  }
  if (!direct)
    throw new ApiError(`${resource} has no direct upstream and no backend is configured`, 0);
  try {
    return await from(direct, 'swpc', opts);
  } catch (e) {
    // The product was retired or moved: the same data under its other SWPC name.
    const alternative = swpcUrl(resource, { base: opts.swpcBase, alternative: true });
    if (!alternative || !(e instanceof ApiError) || e.status !== 404) throw e;
    return from(alternative, 'swpc', { ...opts, validators: null });
  }
}
