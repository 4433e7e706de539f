/**
 * `net.liveHourKB` (budget in docs/architecture.md): bytes on the wire for one hour of live
 * polling with a warm store, as the worker polls — every product at its cadence
 * (core/products/sources.ts), through the real local stack: the gateway, the space-weather and
 * sdo-image functions, the worker's own poll code (`pollResource`) writing to a real (memory)
 * RxDB database. Upstream is a loopback SWPC stand-in that changes as SWPC does
 * (tests/bench/net/liveUpstream.ts). The hour is simulated: one clock, moved from poll round to
 * poll round on the poller's own schedule (workers/schedule.ts: cadence from each poll's end, a
 * round takes along what is due soon), drives the poller, the functions (`Date.now`) and the
 * stand-in.
 *
 * With them, the cloud forecast for the user's place: one saved place (Tromsø, as a signed-out
 * user who picked a place has), polled by the worker's own weather loop (workers/weather/,
 * every 30 min, tests/bench/net/simWeather.ts on the same clock) from the real weather function,
 * whose upstream is a loopback MET Norway stand-in with a new model run every hour
 * (tests/bench/net/metnoUpstream.ts).
 *
 * Counted: every byte of every exchange between the worker and our backend, both ways, over
 * HTTP/1.1 as the local stack serves it — request line and headers as Chromium sends them for a
 * worker's fetch (captured from the real browser at the start; no Referer when the fetch asks
 * for none, as Chromium does: tests/bench/net/meteredFetch.ts), status line, headers and the
 * compressed body. Not counted: the warm-up polls that fill the store, TCP/TLS framing.
 * Printed on stderr: the per-product breakdown. `net.liveHourRawKB` is the same hour when the
 * worker asks for the agencies' own files (no `format=compact`), for comparison.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium } from 'playwright-core';
import { RESOURCES, type Resource } from '../../core/model.ts';
import { SOURCES, pollOrder } from '../../core/products/sources.ts';
import { openDatabase, removeDatabase } from '../../sync/database.ts';
import { savePlace } from '../../sync/places/places.ts';
import {
  nextPollAt,
  pollRound,
  type PollConditions,
  type PollMemory,
} from '../../workers/schedule.ts';
import { databaseStore } from '../../workers/poller/store.ts';
import { pollResource, type PollDeps } from '../../workers/poller/pollResource.ts';
import { createBatcher } from '../../workers/request/batcher.ts';
import { createInFlight } from '../../workers/request/inFlight.ts';
import type { FetchLike } from '../../workers/request/requestWithRetry.ts';
import { readMulti } from '../../core/compact/multiForm.ts';
import { startLiveUpstream } from './net/liveUpstream.ts';
import { startMetnoUpstream } from './net/metnoUpstream.ts';
import { startSimWeather } from './net/simWeather.ts';
import { meteredFetch, type Exchange } from './net/meteredFetch.ts';
import { round, type Bench } from './context.ts';
import { startFunctionsGateway } from './functionsGateway.ts';

const MIN = 60_000;
/** Half a minute past the hour: every 1-minute file has its new row by then. */
const START = Date.parse('2026-11-25T12:00:30Z');

/** The request headers Chromium sends with a worker's fetch to its own origin, as captured. */
export async function chromiumFetchHeaders(chromiumPath: string): Promise<Record<string, string>> {
  let captured: string[] | null = null;
  const server = createServer((req, res) => {
    if (req.url === '/') {
      res.writeHead(200, { 'content-type': 'text/html' });
      return void res.end('<!doctype html><title>headers</title>');
    }
    captured ??= req.rawHeaders;
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const browser = await chromium.launch({ executablePath: chromiumPath });
  try {
    const page = await browser.newPage();
    await page.goto(`${origin}/`);
    await page.evaluate(async (o) => {
      const code = `fetch('${o}/functions/v1/space-weather/kp-1m', { cache: 'no-store', headers: { 'If-None-Match': '"x"' } }).then(() => postMessage('done'))`;
      const worker = new Worker(URL.createObjectURL(new Blob([code], { type: 'text/javascript' })));
      await new Promise((r) => (worker.onmessage = r));
    }, origin);
  } finally {
    await browser.close();
    server.closeAllConnections();
    server.close();
  }
  if (!captured) throw new Error('Chromium sent no request');
  const raw = captured as string[];
  const headers: Record<string, string> = {};
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!;
    // Node writes Host and Connection itself; the poller sends its own validators.
    if (/^(host|connection|if-none-match|if-modified-since)$/i.test(name)) continue;
    headers[name] = raw[i + 1]!;
  }
  return headers;
}

function productOf(url: string): string {
  const u = new URL(url);
  const path = u.pathname;
  if (path.includes('/sdo-image/')) return 'sdo-images';
  if (path.endsWith('/functions/v1/weather')) return 'weather (place)';
  if (path.endsWith('/space-weather/multi'))
    return `multi: ${[...u.searchParams.keys()].sort().join(' + ')}`;
  const name = path.split('/').pop() ?? '';
  return (RESOURCES as readonly string[]).includes(name) ? (name as Resource) : 'other';
}

interface HourResult {
  total: number;
  /** By exchange: a product alone, or the products of a multi exchange. */
  byProduct: Map<string, { requests: number; bytes: number; bodies: number; notModified: number }>;
  /** By product across every exchange: answers, 304s, and body text before compression. */
  items: Map<string, { answers: number; notModified: number; textBytes: number }>;
  requests: number;
  /** Poll rounds in the hour. */
  rounds: number;
}

async function liveHour(
  ctx: Parameters<Bench>[0],
  browserHeaders: Record<string, string>,
  form: 'compact' | 'raw',
): Promise<HourResult> {
  let sim = START;
  const realNow = Date.now;
  const upstream = await startLiveUpstream(ctx.root, () => sim);
  const metno = await startMetnoUpstream(ctx.root, () => sim);
  // A fresh upstream URL per run, so the functions start with empty caches.
  const gateway = await startFunctionsGateway(ctx.root, {
    SWPC_BASE_URL: upstream.url,
    GFZ_BASE_URL: upstream.url,
    SDO_BASE_URL: upstream.url,
    WEATHER_BASE_URL: metno.url,
    WEATHER_USER_AGENT: 'aurora-bench/1.0 (+https://aurora.invalid)',
  });
  const backendBase = gateway.url;
  const db = await openDatabase({ storage: 'memory', name: `net-bench-${form}-${process.pid}` });
  await savePlace(db, { name: 'Tromsø', lat: 69.65, lon: 18.96, kind: 'picked' }, START);
  let counting = false;
  let rounds = 0;
  const exchanges: Exchange[] = [];
  const metered = meteredFetch(browserHeaders, (e) => {
    if (counting) exchanges.push(e);
  });
  // The old worker: the same polls, each on its own, asking for the agencies' files (a backend
  // without `multi` answers 404, and the worker then asks product by product).
  const fetch: FetchLike =
    form === 'raw'
      ? (url, init) =>
          url.includes('/space-weather/multi?')
            ? Promise.resolve(new Response(null, { status: 404 }))
            : metered.fetch(url.replace(/\?format=compact(&since=\d+)?$/, ''), init)
      : metered.fetch;
  const deps: PollDeps = {
    fetch,
    backendBase,
    store: databaseStore(db),
    now: () => sim,
    inFlight: createInFlight(),
    batcher: createBatcher(),
  };
  // The functions read the same clock (their cadences and ages).
  Date.now = () => sim;
  const weather = startSimWeather({ db, fetch, backendBase, now: () => sim });
  try {
    // The poller's own schedule (workers/schedule.ts, as createPoller applies it): a product is
    // due a cadence after its last poll ENDED, and a round takes along what is due soon. Each poll
    // ends a little after it left (a few hundred ms to 3 s, by product, as over a phone's link),
    // so without the rule that keeps them in step the products would drift apart and go alone.
    const order = pollOrder();
    const memory = new Map<Resource, PollMemory>(
      order.map((r) => [r, { lastAttempt: null, failures: 0 }]),
    );
    const mem = (r: Resource) => memory.get(r) as PollMemory;
    const endsAfterMs = (r: Resource) => 200 + ((order.indexOf(r) * 733) % 2_800);
    const at = (now: number): PollConditions => ({
      now,
      online: true,
      forcedOffline: false,
      visible: true,
    });
    const nextAt = (r: Resource) => nextPollAt(SOURCES[r], mem(r), at(sim)) ?? Infinity;
    const runRound = async () => {
      const c = at(sim);
      const round = pollRound(
        order.map((r) => ({
          key: r,
          source: SOURCES[r],
          memory: mem(r),
          due: nextAt(r) <= sim,
          mayJoin: true,
        })),
        c,
      );
      const reports = await Promise.all(round.map((r) => pollResource(r, deps)));
      for (const rep of reports) {
        const m = mem(rep.resource);
        m.lastAttempt = sim + endsAfterMs(rep.resource);
        m.failures = rep.outcome === 'failed' ? m.failures + 1 : 0;
        if (rep.outcome === 'failed') console.error(`[bench] net: ${rep.resource}: ${rep.error}`);
      }
      rounds++;
    };
    await runRound(); // the warm-up: fills the store, not counted
    await weather.settled(); // the place's first poll, likewise
    counting = true;
    rounds = 0;
    for (;;) {
      await weather.settled();
      const next = Math.min(...order.map(nextAt), weather.nextAt());
      if (next > START + 60 * MIN) break;
      sim = next;
      weather.fireDue();
      if (order.some((r) => nextAt(r) <= sim)) await runRound();
    }
    console.error(
      `[bench] net: ${form}: MET Norway stand-in answered ${[...metno.answers].map(([status, n]) => `${n} × ${status}`).join(', ')} (the warm-up's included)`,
    );
  } finally {
    weather.stop();
    Date.now = realNow;
    metered.close();
    await removeDatabase(db);
    await gateway.close();
    await upstream.close();
    await metno.close();
  }
  const byProduct: HourResult['byProduct'] = new Map();
  const items: HourResult['items'] = new Map();
  const item = (product: string, status: number, textBytes: number) => {
    const row = items.get(product) ?? { answers: 0, notModified: 0, textBytes: 0 };
    row.answers++;
    if (status === 304) row.notModified++;
    row.textBytes += textBytes;
    items.set(product, row);
  };
  let total = 0;
  for (const e of exchanges) {
    const multi = e.url.includes('/space-weather/multi?') ? readMulti(e.text) : null;
    if (multi?.ok)
      for (const i of multi.items) item(i.resource, i.status, Buffer.byteLength(i.body ?? ''));
    else item(productOf(e.url), e.status, Buffer.byteLength(e.text));
    const key = productOf(e.url);
    const row = byProduct.get(key) ?? { requests: 0, bytes: 0, bodies: 0, notModified: 0 };
    row.requests++;
    row.bytes += e.sent + e.received;
    row.bodies += e.bodyBytes;
    if (e.status === 304) row.notModified++;
    byProduct.set(key, row);
    total += e.sent + e.received;
  }
  return { total, byProduct, items, requests: exchanges.length, rounds };
}

function print(label: string, r: HourResult): void {
  console.error(
    `[bench] net: ${label}: ${(r.total / 1000).toFixed(1)} KB in ${r.requests} requests, ${r.rounds} poll rounds (headers both ways included)`,
  );
  const rows = [...r.byProduct.entries()].sort((a, b) => b[1].bytes - a[1].bytes);
  for (const [product, row] of rows)
    console.error(
      `[bench] net:   ${(row.bytes / 1000).toFixed(1).padStart(8)} KB  ${String(row.requests).padStart(3)} exchanges (${row.notModified} × 304), bodies ${(row.bodies / 1000).toFixed(1)} KB compressed — ${product}`,
    );
  console.error(
    '[bench] net:   per product (answers inside every exchange; text before compression):',
  );
  const products = [...r.items.entries()].sort((a, b) => b[1].textBytes - a[1].textBytes);
  for (const [product, row] of products)
    console.error(
      `[bench] net:     ${product.padEnd(28)} ${String(row.answers).padStart(3)} answers (${String(row.notModified).padStart(2)} × 304), ${(row.textBytes / 1000).toFixed(1).padStart(8)} KB`,
    );
}

const bench: Bench = async (ctx) => {
  const headers = await chromiumFetchHeaders(ctx.chromiumPath);
  const requestHeaderBytes = Object.entries(headers).reduce(
    (n, [k, v]) => n + k.length + v.length + 4,
    0,
  );
  console.error(
    `[bench] net: Chromium's worker fetch headers: ${Object.keys(headers).join(', ')} (${requestHeaderBytes} bytes)`,
  );
  const compact = await liveHour(ctx, headers, 'compact');
  print('one live hour, compact', compact);
  const raw = await liveHour(ctx, headers, 'raw');
  print('one live hour, agency files', raw);
  return {
    'net.liveHourKB': round(compact.total / 1000, 1),
    'net.liveHourRequests': compact.requests,
    'net.liveHourRawKB': round(raw.total / 1000, 1),
  };
};

export default bench;
