import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  verify,
  type ECDH,
} from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The receiving side of Web Push, on loopback: a push service and the browsers behind it (third
 * parties across the network, so the test stands them in), written here from the RFCs and Node's
 * crypto alone, not from the library the sender uses:
 * - every request's VAPID header is verified (RFC 8292: `vapid t=<JWT>, k=<key>`; the JWT is ES256
 *   over P-256 with `k`, which must be the application server key the subscription was made with;
 *   `aud` is the endpoint's origin, `exp` within 24 h, `sub` a mailto: or https: contact);
 * - the body is decrypted as the subscribed browser would (RFC 8188 aes128gcm records, keys from
 *   RFC 8291: ECDH with the subscription's private key, HKDF with its auth secret);
 * - each endpoint answers the statuses it is told, in turn (then 201), e.g. 410 for a browser that
 *   unsubscribed, 429 with Retry-After.
 */
export interface ReceivedPush {
  path: string;
  status: number;
  headers: IncomingHttpHeaders;
  /** The decrypted payload, parsed; null when the request was refused before decrypting. */
  payload: unknown;
  /** Why the push service refused it (bad VAPID, undecryptable body); null when it was accepted as a push. */
  refused: string | null;
}

export interface ReceivingPushService {
  url: string;
  received: ReceivedPush[];
  /** A browser's PushSubscription JSON for `${url}${path}`, made for `vapidPublicKey`. */
  subscribe(path: string): { endpoint: string; keys: { p256dh: string; auth: string } };
  /** Statuses this endpoint answers, in order; then 201. `retryAfter` (s) goes with 429/503. */
  answer(path: string, statuses: number[], retryAfter?: number): void;
  close(): Promise<void>;
}

const b64u = (s: string) => Buffer.from(s, 'base64url');

/** RFC 8292 §2–3: the `vapid` Authorization header, verified against the expected key. */
export function checkVapid(
  authorization: string | undefined,
  endpointOrigin: string,
  expectedKey: string,
  now: number,
): string | null {
  const m = /^vapid t=([\w-]+)\.([\w-]+)\.([\w-]+), k=([\w-]+)$/.exec(authorization ?? '');
  if (!m) return 'no vapid Authorization header';
  const [, h, p, s, k] = m as unknown as [string, string, string, string, string];
  if (k !== expectedKey) return 'k is not the key the subscription was made with';
  const header = JSON.parse(b64u(h).toString('utf8')) as { alg?: string; typ?: string };
  if (header.alg !== 'ES256') return `alg ${header.alg} is not ES256`;
  const raw = b64u(k);
  if (raw.length !== 65 || raw[0] !== 4) return 'k is not an uncompressed P-256 point';
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${h}.${p}`),
    { key, dsaEncoding: 'ieee-p1363' },
    b64u(s),
  );
  if (!signed) return 'JWT signature does not verify with k';
  const claims = JSON.parse(b64u(p).toString('utf8')) as {
    aud?: string;
    exp?: number;
    sub?: string;
  };
  if (claims.aud !== endpointOrigin) return `aud ${claims.aud} is not ${endpointOrigin}`;
  if (
    typeof claims.exp !== 'number' ||
    claims.exp * 1000 <= now ||
    claims.exp * 1000 > now + 24 * 3_600_000
  )
    return 'exp is not within the next 24 hours';
  if (!/^(mailto:|https:)/.test(claims.sub ?? '')) return 'sub is not a mailto: or https: contact';
  return null;
}

/** RFC 8291 §3.4 and RFC 8188 §2: the plaintext of an aes128gcm body for this browser's keys. */
export function decryptAes128gcm(body: Buffer, browser: ECDH, authSecret: Buffer): Buffer {
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20]!;
  const asPublic = body.subarray(21, 21 + idlen);
  const ecdhSecret = browser.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), browser.getPublicKey(), asPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, authSecret, keyInfo, 32));
  const cek = Buffer.from(
    hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16),
  );
  const nonce = Buffer.from(
    hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12),
  );
  const records = body.subarray(21 + idlen);
  const out: Buffer[] = [];
  for (let i = 0, at = 0; at < records.length; i++, at += rs) {
    const record = records.subarray(at, Math.min(records.length, at + rs));
    const iv = Buffer.from(nonce);
    // The record's sequence number, XORed into the nonce's low bytes (a body here has few records).
    iv.writeUInt32BE((iv.readUInt32BE(8) ^ i) >>> 0, 8);
    const decipher = createDecipheriv('aes-128-gcm', cek, iv);
    decipher.setAuthTag(record.subarray(record.length - 16));
    const plain = Buffer.concat([
      decipher.update(record.subarray(0, record.length - 16)),
      decipher.final(),
    ]);
    // The padding delimiter: 2 in the last record, 1 before; zeros after it.
    let end = plain.length - 1;
    while (end >= 0 && plain[end] === 0) end--;
    const last = at + rs >= records.length;
    if (plain[end] !== (last ? 2 : 1)) throw new Error('bad padding delimiter');
    out.push(plain.subarray(0, end));
  }
  return Buffer.concat(out);
}

export async function startReceivingPushService(
  vapidPublicKey: string,
): Promise<ReceivingPushService> {
  const received: ReceivedPush[] = [];
  const browsers = new Map<string, { ecdh: ECDH; auth: Buffer }>();
  const scripts = new Map<string, { statuses: number[]; retryAfter?: number }>();
  let url = '';
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '';
      const browser = browsers.get(path);
      const body = Buffer.concat(chunks);
      let refused = browser
        ? checkVapid(req.headers.authorization, url, vapidPublicKey, Date.now())
        : 'no such subscription';
      let payload: unknown = null;
      if (!refused && req.headers['content-encoding'] !== 'aes128gcm') refused = 'not aes128gcm';
      if (!refused) {
        try {
          payload = JSON.parse(
            decryptAes128gcm(body, browser!.ecdh, browser!.auth).toString('utf8'),
          );
        } catch (e) {
          refused = `undecryptable: ${e instanceof Error ? e.message : String(e)}`;
        }
      }
      const script = scripts.get(path);
      const status = refused ? (browser ? 403 : 404) : (script?.statuses.shift() ?? 201);
      received.push({ path, status, headers: req.headers, payload, refused });
      const headers: Record<string, string> = {};
      if ((status === 429 || status === 503) && script?.retryAfter !== undefined)
        headers['retry-after'] = String(script.retryAfter);
      res.writeHead(status, headers).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    received,
    subscribe(path) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      browsers.set(path, { ecdh, auth });
      return {
        endpoint: `${url}${path}`,
        keys: {
          p256dh: ecdh.getPublicKey().toString('base64url'),
          auth: auth.toString('base64url'),
        },
      };
    },
    answer(path, statuses, retryAfter) {
      scripts.set(path, { statuses: [...statuses], retryAfter });
    },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
