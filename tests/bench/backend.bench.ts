/**
 * Backend figures (budgets in docs/architecture.md):
 * - `backend.spaceWeatherRps`: requests/s for a cached resource on loopback, through the local
 *   stack's real path: the gateway's routing, the functions router and the space-weather function
 *   (its `cachedAnswer`, which the gateway writes without building a Web Request/Response). The
 *   load comes from a separate Node process (keep-alive, 64 requests in flight): in the same
 *   process its own cost ate the server's event loop and halved the figure. On 2 shared cores the
 *   client now needs more CPU per request than the server, so the figure is a floor set partly by
 *   the client. Bounded: a fixed request count or 10 s.
 *   `backend.spaceWeatherRpsPerCpuSecond`: the same requests per CPU-second the server process
 *   used (client excluded), which other processes on a shared machine disturb far less than wall time.
 * - `backend.upstreamFetchesPer1000`: upstream requests made for 1,000 concurrent cold requests
 *   to one product (target 1), counted by a local stand-in for SWPC.
 * Needs no build, no browser and no database (this path never touches one).
 */
import { spawn } from 'node:child_process';
import { Agent, request } from 'node:http';
import { startTestUpstream } from '../support/testUpstream.ts';
import { round, type Bench } from './context.ts';
import { startFunctionsGateway } from './functionsGateway.ts';
import { benchSwpc } from './swpcBodies.ts';

/** Upper bounds on the throughput loop: whichever comes first. */
const MAX_REQUESTS = 100_000;
const MAX_MS = 10_000;
const CONCURRENCY = 64;

/**
 * The load generator, run as its own process: `node -e CLIENT <url> <concurrency> <maxRequests> <maxMs>`.
 * Prints `{sent, failed, seconds, cpuSeconds}`. Plain JS so it needs no loader.
 */
const CLIENT = `
const { Agent, request } = require('node:http');
const [url, concurrency, maxRequests, maxMs] = process.argv.slice(1);
const agent = new Agent({ keepAlive: true, maxSockets: Number(concurrency) });
const get = () => new Promise((resolve) => {
  const req = request(url, { agent }, (res) => { res.resume(); res.on('end', () => resolve(res.statusCode)); });
  req.on('error', () => resolve(0));
  req.end();
});
let sent = 0, failed = 0;
const started = performance.now();
const cpu = process.cpuUsage();
const worker = async () => {
  while (sent < Number(maxRequests) && performance.now() - started < Number(maxMs)) {
    sent++;
    if ((await get()) !== 200) failed++;
  }
};
Promise.all(Array.from({ length: Number(concurrency) }, worker)).then(() => {
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  agent.destroy();
  process.stdout.write(JSON.stringify({ sent, failed, seconds, cpuSeconds: (used.user + used.system) / 1e6 }));
});
`;

function runClient(
  url: string,
): Promise<{ sent: number; failed: number; seconds: number; cpuSeconds: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['-e', CLIENT, url, String(CONCURRENCY), String(MAX_REQUESTS), String(MAX_MS)],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (b: Buffer) => (out += b.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      try {
        if (code !== 0) throw new Error(`load client exited with ${code}`);
        resolve(
          JSON.parse(out) as { sent: number; failed: number; seconds: number; cpuSeconds: number },
        );
      } catch (e) {
        reject(e instanceof Error ? e : new Error(String(e)));
      }
    });
  });
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
  upstream.set('products/noaa-planetary-k-index.json', benchSwpc('noaa-planetary-k-index.json'));

  const gateway = await startFunctionsGateway(ctx.root, { SWPC_BASE_URL: upstream.url });
  const url = gateway.url;
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const target = `${url}/functions/v1/space-weather/kp-index`;
  try {
    const cold = await Promise.all(Array.from({ length: 1000 }, () => get(target, agent)));
    if (cold.some((s) => s !== 200))
      throw new Error(`cold requests failed: ${cold.filter((s) => s !== 200).length}`);
    const upstreamFetches = upstream.count('products/noaa-planetary-k-index.json');
    agent.destroy();

    const serverCpu = process.cpuUsage();
    const load = await runClient(target);
    const used = process.cpuUsage(serverCpu);
    const serverCpuSeconds = (used.user + used.system) / 1e6;
    if (load.failed) throw new Error(`${load.failed} of ${load.sent} cached requests failed`);
    console.error(
      `[bench] backend: ${load.sent} cached requests in ${load.seconds.toFixed(2)} s wall; CPU ${serverCpuSeconds.toFixed(2)} s server, ${load.cpuSeconds.toFixed(2)} s client; upstream fetches for 1,000 cold: ${upstreamFetches}`,
    );
    return {
      'backend.spaceWeatherRps': round(load.sent / load.seconds, 0),
      // Per CPU-second of the server process alone: steadier than wall-clock on a shared machine.
      'backend.spaceWeatherRpsPerCpuSecond': round(load.sent / serverCpuSeconds, 0),
      'backend.upstreamFetchesPer1000': upstreamFetches,
    };
  } finally {
    agent.destroy();
    await gateway.close();
    await upstream.close();
  }
};

export default bench;
