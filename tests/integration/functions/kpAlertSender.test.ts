import { createECDH, randomBytes, type ECDH } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import ece from 'http_ece';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../helpers/startTestStack.ts';
import { startTestUpstream, type TestUpstream } from './testUpstream.ts';

let stack: TestStack;
let upstream: TestUpstream;
let pushServer: Server;
let pushBase: string;
const pushed: { path: string; body: Buffer }[] = [];
/** What the stand-in push service answers per path: 201 normally, 410 for a dead subscription, 500 for an outage. */
const answers: Record<string, number> = { '/push/gone': 410, '/push/flaky': 500 };
const vapid = webpush.generateVAPIDKeys();
const browsers = new Map<string, { ecdh: ECDH; auth: string }>();

/** One hour of 1-minute Kp rows in SWPC's real format (json/planetary_k_index_1m.json), ending now, at Kp 5+. */
function stormyKp1m(): string {
  const rows = [];
  const end = Math.floor(Date.now() / 60_000) * 60_000;
  for (let t = end - 60 * 60_000; t <= end; t += 60_000) {
    rows.push({ time_tag: new Date(t).toISOString().slice(0, 19), kp_index: 5, estimated_kp: 5.33, kp: '5P' });
  }
  return JSON.stringify(rows);
}

async function subscribe(path: string, kpThreshold: number): Promise<void> {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16).toString('base64url');
  browsers.set(path, { ecdh, auth });
  const res = await fetch(`${stack.url}/functions/v1/push-subscription`, {
    method: 'POST',
    headers: { apikey: stack.anonKey, authorization: `Bearer ${stack.anonKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ endpoint: `${pushBase}${path}`, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth }, kpThreshold }),
  });
  expect(res.status).toBe(201);
}

const run = (token: string) =>
  fetch(`${stack.url}/functions/v1/kp-alert-sender`, { method: 'POST', headers: { apikey: stack.anonKey, authorization: `Bearer ${token}` } });

beforeAll(async () => {
  pushServer = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      pushed.push({ path: req.url ?? '', body: Buffer.concat(chunks) });
      res.writeHead(answers[req.url ?? ''] ?? 201).end();
    });
  });
  await new Promise<void>((r) => pushServer.listen(0, '127.0.0.1', r));
  pushBase = `http://127.0.0.1:${(pushServer.address() as AddressInfo).port}`;
  upstream = await startTestUpstream();
  upstream.set('json/planetary_k_index_1m.json', stormyKp1m());
  stack = await startTestStack({
    functionEnv: { SWPC_BASE_URL: upstream.url, VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey, VAPID_SUBJECT: 'mailto:test@aurora.invalid' },
  });
  await subscribe('/push/watcher', 5);
  await subscribe('/push/high-bar', 6);
  await subscribe('/push/gone', 4);
  await subscribe('/push/flaky', 5);
});
afterAll(async () => {
  await stack?.stop();
  await upstream?.close();
  await new Promise<void>((r) => pushServer.close(() => r()));
});

describe('kp-alert-sender on the local stack', () => {
  it('runs only for the service role', async () => {
    expect((await run(stack.anonKey)).status).toBe(403);
  });

  it('pushes one encrypted alert to each subscriber whose threshold Kp crossed, and drops dead subscriptions', async () => {
    const res = await run(stack.serviceRoleKey);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ kp: 5.33, skipped: null, considered: 4, alerts: 1, allClears: 0, failed: 1, removed: 1 });
    expect(pushed.map((p) => p.path).sort()).toEqual(['/push/flaky', '/push/gone', '/push/watcher']);

    const delivered = pushed.find((p) => p.path === '/push/watcher')!;
    const browser = browsers.get('/push/watcher')!;
    const payload = JSON.parse(ece.decrypt(delivered.body, { version: 'aes128gcm', privateKey: browser.ecdh, authSecret: browser.auth }).toString('utf8'));
    expect(payload).toEqual({ type: 'kp-alert', kp: 5.33, threshold: 5, url: '/' });

    const rows = await stack.sql<{ endpoint: string; alert_active: boolean; last_alert_kp: string | null; failure_count: number }>(
      'select endpoint, alert_active, last_alert_kp, failure_count from push_subscriptions order by endpoint',
    );
    expect(rows.map((r) => [r.endpoint.slice(pushBase.length), r.alert_active, r.last_alert_kp, r.failure_count])).toEqual([
      ['/push/flaky', false, null, 1],
      ['/push/high-bar', false, null, 0],
      ['/push/watcher', true, '5.33', 0],
    ]);
  });

  it('does not repeat the alert while Kp stays high, but retries a push that failed', async () => {
    pushed.length = 0;
    const res = await run(stack.serviceRoleKey);
    expect(await res.json()).toMatchObject({ alerts: 0, failed: 1 });
    expect(pushed.map((p) => p.path)).toEqual(['/push/flaky']);
    const [flaky] = await stack.sql<{ failure_count: number }>("select failure_count from push_subscriptions where endpoint like '%/push/flaky'");
    expect(flaky?.failure_count).toBe(2);
  });
});
