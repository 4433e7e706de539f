import { createECDH, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import ece from 'http_ece';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebPushSender } from '../../../../../supabase/functions/kp-alert-sender/webPush.ts';

/** The push service is a third party: this local server stands in for it and records what arrives. */
let server: Server;
let base: string;
const received: { url: string; headers: IncomingHttpHeaders; body: Buffer }[] = [];
let answer = 201;

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(answer).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((r) => server.close(() => r())));

/** The loopback stand-in is trusted by exact origin, as PUSH_ALLOWED_HOSTS would list it. */
const localService = () => ({ hosts: [], origins: [base], resolve: async () => [] });

function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    p256dh: ecdh.getPublicKey().toString('base64url'),
    authB64: auth.toString('base64url'),
  };
}

describe('web push sender', () => {
  it('signs one VAPID JWT per push service and reuses it until an hour before it expires (RFC 8292)', async () => {
    const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:test@aurora.invalid' };
    const keys = browserKeys();
    let now = Date.now();
    const send = createWebPushSender(vapid, localService(), fetch, () => now);
    const target = { endpoint: `${base}/push/jwt`, p256dh: keys.p256dh, auth: keys.authB64 };
    const delivery = { ttlSeconds: 600, urgency: 'high' as const, topic: 'jwt' };
    const jwtOf = () => {
      const header = String(received.at(-1)!.headers.authorization);
      const token = /^vapid t=([^,]+), k=/.exec(header)![1]!;
      return {
        token,
        claims: JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
          aud: string;
          exp: number;
        },
      };
    };
    await send(target, 'one', delivery);
    const first = jwtOf();
    expect(first.claims.aud).toBe(base);
    expect(first.claims.exp).toBe(Math.floor(now / 1000) + 12 * 3600);
    now += 10 * 3_600_000;
    await send(target, 'two', delivery);
    expect(jwtOf().token).toBe(first.token);
    now += 60 * 60_000 + 1_000; // less than an hour left: signed again
    await send(target, 'three', delivery);
    const renewed = jwtOf();
    expect(renewed.token).not.toBe(first.token);
    expect(renewed.claims.exp).toBe(Math.floor(now / 1000) + 12 * 3600);
  });

  it('delivers an aes128gcm-encrypted payload with a VAPID signature that only the subscriber can read', async () => {
    const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:test@aurora.invalid' };
    const keys = browserKeys();
    const send = createWebPushSender(vapid, localService());
    const payload = JSON.stringify({ type: 'kp-alert', kp: 6.33, threshold: 5 });
    const answered = await send(
      { endpoint: `${base}/push/abc`, p256dh: keys.p256dh, auth: keys.authB64 },
      payload,
      { ttlSeconds: 1200, urgency: 'high', topic: 'abcDEF123_-' },
    );
    expect(answered).toEqual({ status: 201, retryAfterSeconds: null });

    const req = received.at(-1)!;
    expect(req.url).toBe('/push/abc');
    expect(req.headers['content-encoding']).toBe('aes128gcm');
    // RFC 8030: how long the alert stays true, how urgent it is, and its topic.
    expect(req.headers.ttl).toBe('1200');
    expect(req.headers.urgency).toBe('high');
    expect(req.headers.topic).toBe('abcDEF123_-');
    expect(req.headers.authorization).toMatch(
      new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${vapid.publicKey}$`),
    );
    expect(req.body.includes(Buffer.from('kp-alert'))).toBe(false);

    const plain = ece.decrypt(req.body, {
      version: 'aes128gcm',
      privateKey: keys.ecdh,
      authSecret: keys.authB64,
    });
    expect(plain.toString('utf8')).toBe(payload);
  });

  it('reports the push service status, e.g. 410 for a subscription that is gone', async () => {
    const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:test@aurora.invalid' };
    const keys = browserKeys();
    answer = 410;
    try {
      const answered = await createWebPushSender(vapid, localService())(
        { endpoint: `${base}/push/gone`, p256dh: keys.p256dh, auth: keys.authB64 },
        '{}',
        { ttlSeconds: 3600, urgency: 'normal', topic: 't' },
      );
      expect(answered.status).toBe(410);
    } finally {
      answer = 201;
    }
  });
});
