/**
 * Backend figures (DESIGN.md budgets):
 * - `backend.spaceWeatherRps`: requests/s for a cached resource, the space-weather handler behind
 *   a plain Node HTTP server on loopback, keep-alive client in the same process (so the figure
 *   includes the client's own cost: a floor, not a ceiling). Bounded: a fixed request count or 10 s.
 *   `backend.spaceWeatherRpsPerCpuSecond` is the same loop per CPU-second this process used, which
 *   other processes on a shared machine disturb far less than wall-clock time.
 * - `backend.upstreamFetchesPer1000`: upstream requests made for 1,000 concurrent cold requests
 *   to one product (target 1), counted by a local stand-in for SWPC.
 * Needs no build and no browser.
 */
import { readFileSync } from 'node:fs';
import { Agent, createServer, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSpaceWeatherHandler } from '../../supabase/functions/space-weather/handler.ts';
import { createFileReplayLoader } from '../../supabase/functions/space-weather/replay.ts';
import { SpaceWeatherService } from '../../supabase/functions/space-weather/service.ts';
import { validateWithNormalise } from '../../supabase/functions/space-weather/validate.ts';
import { startTestUpstream } from '../integration/functions/testUpstream.ts';
import { round, type Bench } from './context.ts';

/** Upper bounds on the throughput loop: whichever comes first. */
const MAX_REQUESTS = 40_000;
const MAX_MS = 10_000;
const CONCURRENCY = 64;

type Handler = (req: Request) => Promise<Response>;

/** The smallest Node ↔ Fetch adapter: what the gateway does, minus routing. */
function serve(handler: Handler): Promise<{ url: string; server: Server }> {
  const server = createServer((req: IncomingMessage, res) => {
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
    handler(new Request(`http://127.0.0.1${req.url ?? '/'}`, { method: req.method, headers }))
      .then(async (response) => {
        const out: Record<string, string> = {};
        response.headers.forEach((v, k) => (out[k] = v));
        res.writeHead(response.status, out);
        res.end(response.body ? Buffer.from(await response.arrayBuffer()) : undefined);
      })
      .catch(() => res.writeHead(500).end());
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server })));
}

function get(url: string, agent: Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

const bench: Bench = async (ctx) => {
  const upstream = await startTestUpstream();
  upstream.set('products/noaa-planetary-k-index.json', readFileSync(`${ctx.root}/tests/fixtures/noaa/noaa-planetary-k-index.json`, 'utf8'));
  const service = new SpaceWeatherService({
    baseUrl: upstream.url,
    fetch: (input, init) => fetch(input, init),
    now: () => Date.now(),
    validate: validateWithNormalise,
    replay: createFileReplayLoader(),
  });
  const { url, server } = await serve(createSpaceWeatherHandler(() => service));
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const target = `${url}/functions/v1/space-weather/kp-index`;
  try {
    const cold = await Promise.all(Array.from({ length: 1000 }, () => get(target, agent)));
    if (cold.some((s) => s !== 200)) throw new Error(`cold requests failed: ${cold.filter((s) => s !== 200).length}`);
    const upstreamFetches = upstream.count('products/noaa-planetary-k-index.json');

    let sent = 0;
    let failed = 0;
    const started = performance.now();
    const cpuStart = process.cpuUsage();
    const worker = async () => {
      while (sent < MAX_REQUESTS && performance.now() - started < MAX_MS) {
        sent++;
        if ((await get(target, agent)) !== 200) failed++;
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const elapsed = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuStart);
    const cpuSeconds = (cpu.user + cpu.system) / 1e6;
    if (failed) throw new Error(`${failed} of ${sent} cached requests failed`);
    console.error(
      `[bench] backend: ${sent} cached requests in ${elapsed.toFixed(2)} s wall, ${cpuSeconds.toFixed(2)} s CPU (client + server); upstream fetches for 1,000 cold: ${upstreamFetches}`,
    );
    return {
      'backend.spaceWeatherRps': round(sent / elapsed, 0),
      // Same loop per CPU-second used by this process: steadier than wall-clock on a shared machine.
      'backend.spaceWeatherRpsPerCpuSecond': round(sent / cpuSeconds, 0),
      'backend.upstreamFetchesPer1000': upstreamFetches,
    };
  } finally {
    agent.destroy();
    await new Promise<void>((r) => server.close(() => r()));
    await upstream.close();
  }
};

export default bench;
