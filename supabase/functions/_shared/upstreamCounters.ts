/** The counters an upstream cache (`upstreamCache.ts`) keeps per key and in total, for `/stats`. */
import type { UpstreamStatus } from './upstreamFetch.ts';

/** The counters each function's `/stats` reports (per key, and summed in `totals()`). */
export interface UpstreamCounters {
  upstreamFetches: number;
  cacheHits: number;
  /** Requests that waited on another request's upstream fetch instead of making their own. */
  coalesced: number;
  /** Requests answered from the old body because upstream was slow to revalidate it. */
  servedStale: number;
  upstreamNotModified: number;
  rejectedBodies: number;
  /** Replays loaded (with a `replay` loader) or kept bodies served while failing (`keptBodyIsReplay`). */
  replays: number;
  /** Fetches not made because the admission (an upstream budget) had no token in time. */
  budgetRefused: number;
  lastUpstreamStatus: UpstreamStatus | null;
  lastUpstreamAt: number | null;
  /** Per key: cleared by the next success. In `totals()`: the last error of any key, kept. */
  lastError: string | null;
}

export function emptyCounters(): UpstreamCounters {
  return {
    upstreamFetches: 0,
    cacheHits: 0,
    coalesced: 0,
    servedStale: 0,
    upstreamNotModified: 0,
    rejectedBodies: 0,
    replays: 0,
    budgetRefused: 0,
    lastUpstreamStatus: null,
    lastUpstreamAt: null,
    lastError: null,
  };
}

export type CountName = Exclude<
  keyof UpstreamCounters,
  'lastUpstreamStatus' | 'lastUpstreamAt' | 'lastError'
>;
