/**
 * One poll of one resource: fetch (conditional, via the backend or SWPC) → normalise → write →
 * feed status. Bad input never replaces good data: a failed fetch, a body the normaliser
 * rejects, or a failed write only updates the feed row (state error, with the reason); the last
 * good documents stay untouched.
 */
import type { FeedStatus, GridSnapshot, Resource } from '../../core/model.ts';
import { compactKind, decodeCompact } from '../../core/compact/compactForm.ts';
import { GFZ_LIVE_DAYS, sourceFor } from '../../core/products/sources.ts';
import { nextFeedStatus } from '../feedStatus.ts';
import { fetchResource, type FetchOutcome } from '../request/fetchResource.ts';
import { createMultiFetch, type MultiFetch } from '../request/multiFetch.ts';
import { toApiError } from '../request/errors.ts';
import type { FetchLike } from '../request/requestWithRetry.ts';
import type { Batcher } from '../request/batcher.ts';
import type { InFlight } from '../request/inFlight.ts';
import type { Timers } from '../request/timers.ts';
import type { PollerStore } from './store.ts';

export interface PollDeps {
  fetch: FetchLike;
  backendBase: string | null;
  store: PollerStore;
  now: () => number;
  inFlight: InFlight;
  batcher: Batcher;
  timers?: Timers;
  signal?: AbortSignal;
}

export interface PollReport {
  resource: Resource;
  outcome: 'updated' | 'unchanged' | 'failed';
  error: string | null;
  status: FeedStatus;
  via: 'backend' | 'swpc' | 'sdo' | null;
  /** Milliseconds spent normalising and writing (bench, debug). */
  normaliseMs: number;
  writeMs: number;
  written: number;
}

/**
 * From our backend, series come as the rows newer than the stored data time, and the OVATION grid
 * as its bytes (core/compact/): the last good poll's data time is what the store holds up to.
 */
function compactRequest(
  resource: Resource,
  prev: FeedStatus | null,
): { since: number | null } | undefined {
  if (compactKind(resource) === null) return undefined;
  return { since: prev?.lastSuccess != null ? (prev.dataTime ?? null) : null };
}

interface CompactAsk {
  since: number | null;
  /**
   * The OVATION frame held, observed at `since` (the feed's data time): the answer may be the
   * difference from it. Read only when a body came: most polls of the oval are answered 304, and a
   * query per poll woke the worker for nothing (RxDB's query and document timers; issue 29).
   */
  gridBase?: () => Promise<GridSnapshot | null>;
}

/**
 * GFZ's Kp: from the oldest value held that is not yet definitive, when that is older than the
 * stored data time, so the definitive values replace the nowcast as GFZ publishes them.
 */
async function compactSince(
  resource: Resource,
  prev: FeedStatus | null,
  deps: PollDeps,
): Promise<CompactAsk | undefined> {
  const request = compactRequest(resource, prev);
  if (request?.since == null) return request;
  if (compactKind(resource) === 'grid') {
    const since = request.since;
    const gridBase = () =>
      deps.store.gridsObservedBetween(since, since).then(
        (held) => held[0] ?? null,
        () => null,
      );
    return { since, gridBase };
  }
  if (resource !== 'kp-gfz') return request;
  const provisional = await deps.store.oldestProvisionalGfz(deps.now(), GFZ_LIVE_DAYS);
  return provisional === null ? request : { since: Math.min(request.since, provisional - 1) };
}

/**
 * One coalescing fetch per poller (its deps object): the products of a poll round that leave
 * together reach our backend as one exchange (workers/request/multiFetch.ts).
 */
const multiFetches = new WeakMap<PollDeps, { base: string; fetch: MultiFetch }>();

function multiFetchOf(deps: PollDeps): MultiFetch | null {
  if (!deps.backendBase) return null;
  let m = multiFetches.get(deps);
  if (m?.base !== deps.backendBase) {
    m = { base: deps.backendBase, fetch: createMultiFetch(deps.fetch, deps.backendBase) };
    multiFetches.set(deps, m);
  }
  return m.fetch;
}

function backendFetch(deps: PollDeps): FetchLike {
  return multiFetchOf(deps) ?? deps.fetch;
}

/** Whether this product's poll asks our space-weather function (so it shares the round's exchange). */
const viaMulti = (resource: Resource, deps: PollDeps): boolean =>
  deps.backendBase !== null && resource !== 'sdo-images';

/**
 * A poll round is about to ask for these products: their requests leave as one exchange the moment
 * the last has asked, instead of after a timer (request/multiFetch.ts `expect`). Each poll of the
 * round must end with `roundPollEnded`, so a poll that never asks does not hold the others.
 */
export function roundStarts(deps: PollDeps, resources: readonly Resource[]): void {
  const mine = resources.filter((r) => viaMulti(r, deps));
  if (mine.length > 0) multiFetchOf(deps)?.expect(mine);
}

export function roundPollEnded(deps: PollDeps, resource: Resource): void {
  if (viaMulti(resource, deps)) multiFetchOf(deps)?.release(resource);
}

async function fetchOnce(
  resource: Resource,
  prev: FeedStatus | null,
  deps: PollDeps,
  asked: (compact: CompactAsk | undefined) => void = () => undefined,
  whole = false,
): Promise<FetchOutcome> {
  if (resource === 'sdo-images') {
    // Loaded at the first SDO poll: never on the first screen, and held on Save-Data and 2g.
    const { fetchSdoImageList } = await import('../sdo.ts');
    const list = await fetchSdoImageList({
      fetch: deps.fetch,
      backendBase: deps.backendBase,
      timers: deps.timers,
      signal: deps.signal,
      etag: prev?.etag ?? null,
    });
    const via = deps.backendBase ? 'backend' : 'swpc';
    if (list.kind === 'not-modified') return { kind: 'not-modified', via, url: 'sdo', attempts: 1 };
    return {
      kind: 'body',
      body: list.body,
      form: 'raw',
      validators: { etag: list.etag, lastModified: null },
      via,
      url: 'sdo',
      replay: list.replay,
      attempts: 1,
    };
  }
  return fetchResource(resource, {
    fetch: backendFetch(deps),
    backendBase: deps.backendBase,
    validators: prev ? { etag: prev.etag, lastModified: prev.lastModified } : null,
    compact: await (async () => {
      const compact = whole ? { since: null } : await compactSince(resource, prev, deps);
      asked(compact);
      return compact && { since: compact.since };
    })(),
    timers: deps.timers,
    signal: deps.signal,
  });
}

export async function pollResource(resource: Resource, deps: PollDeps): Promise<PollReport> {
  const source = sourceFor(resource);
  const prev = await deps.store.readFeedStatus(resource);
  let writeMs = 0;
  const finish = async (
    event: Parameters<typeof nextFeedStatus>[2],
    outcome: PollReport['outcome'],
    via: PollReport['via'],
    normaliseMs = 0,
    written = 0,
  ): Promise<PollReport> => {
    const status = nextFeedStatus(prev, resource, event, deps.now());
    await deps.store.writeFeedStatus(status);
    return {
      resource,
      outcome,
      error: event.kind === 'failure' ? event.error : null,
      status,
      via,
      normaliseMs,
      writeMs,
      written,
    };
  };

  let fetched: FetchOutcome;
  let compact: CompactAsk | undefined;
  const remember = (c: CompactAsk | undefined) => (compact = c);
  try {
    const fetchIt = () =>
      deps.inFlight.run(resource, () => fetchOnce(resource, prev, deps, remember));
    // To our backend the round leaves as one exchange anyway (multiFetch): the batcher's window
    // would only add a wait and a timer. Direct requests keep it.
    fetched = await (viaMulti(resource, deps)
      ? fetchIt()
      : deps.batcher.schedule(fetchIt, source.priority));
  } catch (e) {
    return finish({ kind: 'failure', error: toApiError(e).message }, 'failed', null);
  }
  const via = resource === 'sdo-images' ? 'sdo' : fetched.via;
  if (fetched.kind === 'not-modified') return finish({ kind: 'not-modified' }, 'unchanged', via);

  // The agencies' files need the normalisers, loaded at the first such body: from our backend the
  // first screen's products come compact, so the worker's start carries none of them.
  const read = async (body: Extract<FetchOutcome, { kind: 'body' }>) => {
    const normalise =
      body.form === 'compact' ? null : (await import('../../core/normalise/index.ts')).normalise;
    // A compact body is held to the same rules as the agency's file: anything off is refused.
    if (normalise) return normalise(resource, body.body, { now: deps.now() });
    const gridBase = (await compact?.gridBase?.()) ?? null;
    return decodeCompact(resource, body.body, { now: deps.now(), gridBase });
  };
  const started = performance.now();
  let result = await read(fetched);
  // A grid refused when asked as a difference (the frame it is from is not the one stored, say)
  // is asked for whole, once: a missing base never keeps the oval from updating.
  if (!result.ok && compact?.since != null && compactKind(resource) === 'grid') {
    let whole: FetchOutcome;
    try {
      whole = await fetchOnce(resource, prev, deps, remember, true);
    } catch (e) {
      return finish({ kind: 'failure', error: toApiError(e).message }, 'failed', via);
    }
    if (whole.kind === 'not-modified') return finish({ kind: 'not-modified' }, 'unchanged', via);
    fetched = whole;
    result = await read(whole);
  }
  const normaliseMs = performance.now() - started;
  if (!result.ok)
    return finish({ kind: 'failure', error: result.error }, 'failed', via, normaliseMs);

  const fetchedAt = deps.now();
  let written = 0;
  const writeStarted = performance.now();
  try {
    for (const batch of result.series) {
      const r = await deps.store.writeSeries(batch, { fetchedAt });
      written += r.inserted + r.updated;
    }
    for (const grid of result.grids) {
      const r = await deps.store.writeGrid(grid, { fetchedAt, source: null });
      written += r.inserted + r.updated;
    }
    if (result.products.length > 0) {
      const r = await deps.store.writeProducts(result.products, { fetchedAt });
      written += r.inserted + r.updated;
    }
  } catch (e) {
    writeMs = performance.now() - writeStarted;
    return finish(
      {
        kind: 'failure',
        error: `${resource}: could not store the data (${e instanceof Error ? e.message : String(e)})`,
      },
      'failed',
      via,
      normaliseMs,
      written,
    );
  }
  writeMs = performance.now() - writeStarted;
  return finish(
    {
      kind: 'success',
      dataTime: result.dataTime,
      etag: fetched.validators.etag,
      lastModified: fetched.validators.lastModified,
      schemaDrift: result.schemaDrift,
      replay: fetched.replay,
    },
    written > 0 ? 'updated' : 'unchanged',
    via,
    normaliseMs,
    written,
  );
}
