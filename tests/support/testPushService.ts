import { createECDH, randomBytes, type ECDH } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import ece from 'http_ece';

/**
 * A stand-in for a browser push service (a third party across the network) and the browsers
 * behind it: hands out subscriptions with real P-256 keys, records every push it receives, and
 * decrypts a push's aes128gcm payload the way the browser would.
 */
export interface TestPushService {
  url: string;
  pushed: { path: string; headers: IncomingHttpHeaders; body: Buffer }[];
  /** A browser's PushSubscription JSON for `${url}${path}`. */
  subscription(path: string): { endpoint: string; keys: { p256dh: string; auth: string } };
  /** The decrypted payload of a push, as the subscribed browser reads it. */
  decrypt(push: { path: string; body: Buffer }): unknown;
  close(): Promise<void>;
}

/** `answers`: the status per path (default 201), e.g. 410 for an unsubscribed browser, 500 for an outage. */
export async function startTestPushService(
  answers: Record<string, number> = {},
): Promise<TestPushService> {
  const pushed: TestPushService['pushed'] = [];
  const browsers = new Map<string, { ecdh: ECDH; auth: string }>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      pushed.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(answers[req.url ?? ''] ?? 201).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    pushed,
    subscription(path) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16).toString('base64url');
      browsers.set(path, { ecdh, auth });
      return {
        endpoint: `${url}${path}`,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth },
      };
    },
    decrypt(push) {
      const browser = browsers.get(push.path);
      if (!browser) throw new Error(`no browser subscribed at ${push.path}`);
      return JSON.parse(
        ece
          .decrypt(push.body, {
            version: 'aes128gcm',
            privateKey: browser.ecdh,
            authSecret: browser.auth,
          })
          .toString('utf8'),
      );
    },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/**
 * SWPC's 1-minute Kp file (json/planetary_k_index_1m.json, real row format), one row a minute
 * ending at the current minute: `values` are the estimated Kp, oldest first.
 */
export function kp1mBody(values: number[], end: number = Date.now()): string {
  const last = Math.floor(end / 60_000) * 60_000;
  return JSON.stringify(
    values.map((kp, i) => {
      const t = last - (values.length - 1 - i) * 60_000;
      // The "kp" label in thirds: 4.67 → "5M", 5 → "5Z", 5.33 → "5P".
      const thirds = Math.round(kp * 3);
      const base = Math.round(thirds / 3);
      const label = `${base}${thirds - base * 3 === 1 ? 'P' : thirds - base * 3 === -1 ? 'M' : 'Z'}`;
      return {
        time_tag: new Date(t).toISOString().slice(0, 19),
        kp_index: base,
        estimated_kp: kp,
        kp: label,
      };
    }),
  );
}
