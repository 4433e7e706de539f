import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small HTTP server that behaves like our functions do with Idempotency-Key: the first request
 * with a key takes effect and its answer is stored; a repeat gets the stored answer and no effect.
 * It records every delivery so tests can tell deliveries from effects.
 */
export interface IdempotentServer {
  url: string;
  /** Every key received, in order, repeats included. */
  deliveries: string[];
  /** The effect log: one entry per key that took effect, with its body. */
  effects: Map<string, string>;
  /** Make the next `n` requests fail with this status before reaching the effect. */
  failNext(n: number, status: number): void;
  /** Most requests ever being handled at the same time (a replay must send one at a time). */
  readonly maxInFlight: number;
  /** Hold every answer this long (so overlapping senders would show in maxInFlight). */
  delayMs: number;
  /** Forget deliveries, effects, answers and maxInFlight (between tests). */
  reset(): void;
  close(): Promise<void>;
}

export async function startIdempotentServer(): Promise<IdempotentServer> {
  const deliveries: string[] = [];
  const effects = new Map<string, string>();
  const answers = new Map<string, string>();
  let failures = 0;
  let failStatus = 503;
  let inFlight = 0;
  let maxInFlight = 0;
  const control = { delayMs: 0 };
  const server: Server = createServer((req, res) => {
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    res.on('close', () => inFlight--);
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => setTimeout(answer, control.delayMs));
    const answer = () => {
      const key = req.headers['idempotency-key'];
      if (typeof key !== 'string') {
        res.writeHead(400).end('missing Idempotency-Key');
        return;
      }
      deliveries.push(key);
      if (failures > 0) {
        failures--;
        res.writeHead(failStatus).end('try later');
        return;
      }
      const stored = answers.get(key);
      if (stored !== undefined) {
        res
          .writeHead(200, { 'content-type': 'application/json', 'idempotent-replayed': 'true' })
          .end(stored);
        return;
      }
      const body = Buffer.concat(chunks).toString('utf8');
      effects.set(key, body);
      const answer = JSON.stringify({ ok: true, n: effects.size });
      answers.set(key, answer);
      res.writeHead(201, { 'content-type': 'application/json' }).end(answer);
    };
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    deliveries,
    effects,
    failNext(n, status) {
      failures = n;
      failStatus = status;
    },
    get maxInFlight() {
      return maxInFlight;
    },
    get delayMs() {
      return control.delayMs;
    },
    set delayMs(ms: number) {
      control.delayMs = ms;
    },
    reset() {
      deliveries.length = 0;
      effects.clear();
      answers.clear();
      failures = 0;
      maxInFlight = inFlight;
      control.delayMs = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
