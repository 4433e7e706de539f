/**
 * A stand-in for MET Norway's locationforecast 2.0 (`/weatherapi/locationforecast/2.0/complete`)
 * on loopback, on the clock the bench moves, behaving as the weather function's terms expect of
 * it: a new model run every hour, `Last-Modified` = when that run came out, `Expires` = when the
 * next one is due, 304 to an `If-Modified-Since` that is not older than the run.
 *
 * The bodies are the weather function's own copies for Tromsø's place and its 3×3 regional grid
 * (supabase/functions/weather/replay/, CONSTRUCTED to the documented format by
 * tests/fixtures/metno/construct.ts — no real response was ever recorded), each point its own sky,
 * with every time in them moved by whole hours so the file's run is the run current on the clock.
 * Any other point answers 404.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

const HOUR = 3_600_000;
/** A run comes out 20 min past the hour (the copies' run is 40 min before their first hour). */
const RUN_OUT_AT = 20 * 60_000;
const ISO_TIME = /"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ)"/g;

export interface MetnoUpstream {
  url: string;
  /** Upstream answers by status (what the function asked MET Norway and got). */
  answers: Map<number, number>;
  close(): Promise<void>;
}

export async function startMetnoUpstream(root: string, now: () => number): Promise<MetnoUpstream> {
  const dir = join(root, 'supabase/functions/weather/replay');
  const bodies = new Map<string, { text: string; run: number }>();
  for (const lat of [69, 70, 71])
    for (const lon of [18, 19, 20]) bodies.set(`${lat}.0_${lon}.0`, { text: '', run: 0 });
  bodies.set('69.7_19.0', { text: '', run: 0 });
  for (const [key, entry] of bodies) {
    entry.text = readFileSync(join(dir, `${key}.json`), 'utf8');
    const meta = JSON.parse(entry.text) as { properties: { meta: { updated_at: string } } };
    entry.run = Date.parse(meta.properties.meta.updated_at);
  }

  const answers = new Map<number, number>();
  const answer = (status: number) => answers.set(status, (answers.get(status) ?? 0) + 1);
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const lat = Number(url.searchParams.get('lat'));
    const lon = Number(url.searchParams.get('lon'));
    const entry = bodies.get(`${lat.toFixed(1)}_${lon.toFixed(1)}`);
    if (url.pathname !== '/weatherapi/locationforecast/2.0/complete' || !entry) {
      answer(404);
      return void res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
    }
    const t = now();
    const run = Math.floor((t - RUN_OUT_AT) / HOUR) * HOUR + RUN_OUT_AT;
    const headers = {
      'content-type': 'application/json',
      'last-modified': new Date(run).toUTCString(),
      expires: new Date(run + HOUR).toUTCString(),
    };
    const since = Date.parse(req.headers['if-modified-since'] ?? '');
    if (Number.isFinite(since) && since >= run) {
      answer(304);
      return void res.writeHead(304, headers).end();
    }
    const shift = run - entry.run;
    const text = entry.text.replace(
      ISO_TIME,
      (_, iso: string) =>
        `"${new Date(Date.parse(iso) + shift).toISOString().replace('.000Z', 'Z')}"`,
    );
    answer(200);
    res.writeHead(200, headers).end(text);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    answers,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
