/**
 * A first visit's oval before RxDB: with nothing kept (no one-record store yet,
 * sync/grids/newestGridRecord.ts), the worker asks our backend for the OVATION grid in its compact
 * form before it loads RxDB, hands the decoded grid to the page (which draws it; its own RxDB
 * waits behind that oval, src/features/map/earlyMap.ts) and keeps it in the record. RxDB's chunks
 * (~75 KB on the wire) then load after the oval instead of before it (net.coldStartKB). The poller
 * that starts next polls the oval as usual and stores it in RxDB.
 */
import type { GridSnapshot } from '../../core/model.ts';
import { COMPACT_FORM_HEADER, decodeCompact } from '../../core/compact/compactForm.ts';
import { backendUrl } from '../../core/products/sources.ts';
import type { FetchLike } from '../request/requestWithRetry.ts';
import { REQUEST_TIMEOUT_MS } from '../request/requestTimeout.ts';

export interface FirstGridDeps {
  fetch: FetchLike;
  backendBase: string | null;
  now: () => number;
  online: boolean;
  forcedOffline: boolean;
  /** Whether a newest grid is kept already (the page then drew that one). */
  kept: () => Promise<boolean>;
  /** The request's bound (the spec's 10 s API timeout): the worker's polling waits on this ask. */
  timeoutMs?: number;
}

/**
 * The grid to hand over, or null: none is needed (one is kept), none may be fetched (offline, Go
 * Offline, no backend: SWPC's own file needs the normaliser, which the worker's start does not
 * carry), or the answer was not a good compact grid (the poller then tries under its own rules).
 */
export async function fetchFirstGrid(deps: FirstGridDeps): Promise<GridSnapshot | null> {
  if (!deps.backendBase || !deps.online || deps.forcedOffline) return null;
  if (await deps.kept().catch(() => false)) return null;
  // One plain attempt at the URL the poller uses (workers/request/fetchResource.ts), no retry and
  // no fallback to SWPC's ~1 MB file: whatever goes wrong here, the poller's own poll follows.
  // Bounded, body included: a backend that hangs must not hold the worker's polling for good.
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), deps.timeoutMs ?? REQUEST_TIMEOUT_MS);
  try {
    const response = await deps.fetch(
      backendUrl(deps.backendBase, 'aurora-oval', { compact: { since: null } }),
      { referrerPolicy: 'no-referrer', signal: abort.signal },
    );
    if (!response.ok || !response.headers.get(COMPACT_FORM_HEADER)) return null;
    const result = decodeCompact('aurora-oval', await response.text(), { now: deps.now() });
    return result.ok ? (result.grids[0] ?? null) : null;
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}
