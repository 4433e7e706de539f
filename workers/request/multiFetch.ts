/**
 * Requests to our space-weather function that leave together go as one exchange
 * (`/space-weather/multi`, core/compact/multiForm.ts): a poll round asks three products every
 * minute and up to a dozen at once, and over HTTP/1.1 each exchange costs ~1.2 KB of headers —
 * more than the rows it brings (net.liveHourKB).
 *
 * A `fetch` wrapper, so nothing above it changes: requests arriving within a short window
 * (`COALESCE_MS`, real time) are held; at the end of it a lone request goes out as it is, two or
 * more go as one multi request, and each caller gets back the Response it would have had alone
 * (status, validators, `x-aurora-form`, body) to check as strictly as ever.
 * The poller says which products a round is about to ask for (`expect`): then the held requests
 * leave the moment the last of them has asked or its poll ended without asking (`release`), and
 * the window's timer is cleared unfired — a timer per exchange woke the worker every minute for
 * nothing (issue 29). The validators of
 * each request travel in the query (the version in its If-None-Match), so the multi request
 * carries no conditional headers. A backend that does not know `multi` (404/400, or an answer
 * that is not a multi answer) is asked product by product from then on; a multi request that fails makes each caller's request fail
 * the same way, so each retries and falls back under its own rules.
 */
import type { Resource } from '../../core/model.ts';
import { BACKEND_SPACE_WEATHER_PATH } from '../../core/products/sources.ts';
import {
  multiUrl,
  readMulti,
  versionOf,
  type MultiAnswerItem,
} from '../../core/compact/multiForm.ts';
import { COMPACT_FORM_HEADER } from '../../core/compact/compactForm.ts';
import type { FetchLike } from './requestWithRetry.ts';
import { BATCH_WINDOW_MS } from './batcher.ts';

/**
 * How long a request waits for company, in real time: a poll round starts its requests within a
 * few ms, except those the batcher holds for its window (BATCH_WINDOW_MS, 50 ms) — so a little
 * more than that window, or the normal-priority products would always travel alone. 60 ms is
 * nothing beside a phone's round trip.
 */
export const COALESCE_MS = BATCH_WINDOW_MS + 10;

interface Held {
  url: string;
  init: RequestInit;
  resource: Resource;
  since: number | null;
  version: string | null;
  resolve(r: Response): void;
  reject(e: unknown): void;
}

/** The resource and `since` of a plain GET to the space-weather function, or null for anything else. */
function spaceWeatherGet(
  url: string,
  init: RequestInit,
  base: string,
): { resource: Resource; since: number | null } | null {
  if ((init.method ?? 'GET') !== 'GET') return null;
  const prefix = `${base.replace(/\/+$/, '')}${BACKEND_SPACE_WEATHER_PATH}`;
  if (!url.startsWith(prefix)) return null;
  const m = /^([a-z0-9-]+)(?:\?format=compact(?:&since=(\d+))?)?$/.exec(url.slice(prefix.length));
  if (!m || m[1] === 'multi') return null;
  return { resource: m[1] as Resource, since: m[2] === undefined ? null : Number(m[2]) };
}

function header(init: RequestInit, name: string): string | null {
  const h = init.headers as Record<string, string> | undefined;
  if (!h) return null;
  const key = Object.keys(h).find((k) => k.toLowerCase() === name);
  return key === undefined ? null : (h[key] ?? null);
}

/** The Response a single request would have had, from its item of a multi answer. */
function responseOf(item: MultiAnswerItem): Response {
  const headers = new Headers();
  if (item.etag) headers.set('etag', item.etag);
  if (item.lastModified) headers.set('last-modified', item.lastModified);
  if (item.source) headers.set('x-aurora-source', item.source);
  if (item.dataTime !== undefined)
    headers.set(
      'x-aurora-data-time',
      item.dataTime === null ? 'unknown' : new Date(item.dataTime).toISOString(),
    );
  if (item.form) headers.set(COMPACT_FORM_HEADER, item.form);
  headers.set('content-type', item.contentType ?? 'application/json');
  if (item.status === 304) return new Response(null, { status: 304, headers });
  if (item.status === 200 && item.body !== null)
    return new Response(item.body, { status: 200, headers });
  return new Response(JSON.stringify({ error: item.error ?? 'no body' }), {
    status: item.status === 200 ? 502 : item.status,
    statusText: item.error ?? '',
    headers,
  });
}

/** The coalescing fetch, and the poll round's word on which products are about to ask. */
export interface MultiFetch extends FetchLike {
  /** A round is about to ask for these products: hold what comes until each has asked or been released. */
  expect(resources: readonly Resource[]): void;
  /** This product's poll will not ask (any more) in this round: stop waiting for it. */
  release(resource: Resource): void;
}

export function createMultiFetch(fetch: FetchLike, backendBase: string): MultiFetch {
  let held: Held[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  let multiUnknown = false;
  // Products of the current round that have not asked yet.
  const expected = new Set<Resource>();

  /** Every expected product has asked (or will not): what is held leaves now. */
  function flushWhenComplete(): void {
    if (expected.size > 0 || held.length === 0) return;
    if (timer !== null) clearTimeout(timer);
    timer = null;
    void flush();
  }

  const single = (h: Held) => fetch(h.url, h.init).then(h.resolve, h.reject);

  async function flush(): Promise<void> {
    timer = null;
    const batch = held.filter((h) => !h.init.signal?.aborted);
    held = [];
    if (batch.length === 1 || multiUnknown) return void batch.forEach(single);
    if (batch.length === 0) return;
    const controller = new AbortController();
    const onAbort = () => {
      if (batch.every((h) => h.init.signal?.aborted)) controller.abort();
    };
    for (const h of batch) h.init.signal?.addEventListener('abort', onAbort);
    try {
      const url = multiUrl(backendBase, batch);
      const { headers: _conditional, ...init } = batch[0]!.init;
      void _conditional;
      const response = await fetch(url, { ...init, signal: controller.signal });
      if (response.status === 404 || response.status === 400) {
        await response.body?.cancel();
        multiUnknown = true;
        return void batch.forEach(single);
      }
      if (!response.ok) {
        for (const h of batch) h.resolve(response.clone());
        return;
      }
      const read = readMulti(await response.text());
      // Not a multi answer at all (an older backend's fallback page, a proxy): this backend does
      // not do multi; ask product by product, now and from then on.
      if (!read.ok) {
        multiUnknown = true;
        return void batch.forEach(single);
      }
      const items = new Map(read.items.map((i) => [i.resource, i]));
      for (const h of batch) {
        const item = items.get(h.resource);
        if (item) h.resolve(responseOf(item));
        // An answer without this product's item is a bad answer for it: 502, like a bad gateway.
        else
          h.resolve(new Response(null, { status: 502, statusText: `no item for ${h.resource}` }));
      }
    } catch (e) {
      for (const h of batch) h.reject(e);
    } finally {
      for (const h of batch) h.init.signal?.removeEventListener('abort', onAbort);
    }
  }

  const multiFetch = (url: string, init: RequestInit): Promise<Response> => {
    const target = spaceWeatherGet(url, init, backendBase);
    if (!target || multiUnknown) {
      if (target) release(target.resource);
      return fetch(url, init);
    }
    return new Promise<Response>((resolve, reject) => {
      const entry: Held = {
        url,
        init,
        ...target,
        version: versionOf(header(init, 'if-none-match')),
        resolve,
        reject,
      };
      held.push(entry);
      // Aborted while held or while the multi request is out: this caller stops waiting, as with
      // its own fetch; the others carry on.
      init.signal?.addEventListener(
        'abort',
        () => {
          held = held.filter((h) => h !== entry);
          reject(init.signal?.reason ?? new DOMException('aborted', 'AbortError'));
        },
        { once: true },
      );
      // The last of the round to ask: all leave now. Otherwise the window, as a bound (a product
      // slower to ask than it goes alone); cleared unfired when the round completes first.
      if (expected.delete(target.resource) && expected.size === 0) flushWhenComplete();
      else timer ??= setTimeout(() => void flush(), COALESCE_MS);
    });
  };

  function release(resource: Resource): void {
    if (expected.delete(resource)) flushWhenComplete();
  }

  return Object.assign(multiFetch, {
    expect(resources: readonly Resource[]) {
      for (const r of resources) expected.add(r);
    },
    release,
  });
}
