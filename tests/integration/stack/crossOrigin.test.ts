/**
 * The README's development setup: the app on Vite's dev server (another origin) talking to the
 * local stack through `VITE_SUPABASE_URL`. A real Chromium on one loopback origin calls the stack on
 * another, with the headers supabase-js and the request queue send, so the browser itself makes
 * the preflights and refuses any answer whose CORS headers it cannot accept.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../../support/startTestStack.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

let stack: TestStack;
let page: Server;
let pageOrigin: string;
let browser: Browser;

beforeAll(async () => {
  stack = await startTestStack({ functionEnv: { PUSH_ALLOWED_HOSTS: 'push.example.invalid' } });
  // An empty page on 127.0.0.1: a different origin from the stack's http://localhost:<port>.
  page = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>dev</title>');
  });
  await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
  pageOrigin = `http://127.0.0.1:${(page.address() as AddressInfo).port}`;
  browser = await chromium.launch({ executablePath: CHROMIUM });
});
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => page?.close(resolve));
  await stack?.stop();
});

interface Outcome {
  ok: boolean;
  status: number;
  /** Response headers a script may read across origins. */
  headers: Record<string, string>;
  body: unknown;
  error?: string;
}

describe('calls from another origin (npm run dev with VITE_SUPABASE_URL)', () => {
  it('sign up, REST reads and writes, and function calls with an Idempotency-Key all pass the browser’s CORS checks', async () => {
    const tab = await browser.newPage();
    await tab.goto(pageOrigin);
    const endpoint = `https://push.example.invalid/send/${randomBytes(8).toString('hex')}`;
    const results = await tab.evaluate(
      async ({ base, anonKey, email, endpoint }) => {
        const call = async (path: string, init: RequestInit): Promise<Outcome> => {
          try {
            const res = await fetch(base + path, init);
            const headers: Record<string, string> = {};
            res.headers.forEach((v, k) => (headers[k] = v));
            const text = await res.text();
            return {
              ok: res.ok,
              status: res.status,
              headers,
              body: text ? JSON.parse(text) : null,
            };
          } catch (e) {
            return { ok: false, status: 0, headers: {}, body: null, error: String(e) };
          }
        };
        const common = {
          apikey: anonKey,
          'x-client-info': 'supabase-js-web/2',
        };
        const signUp = await call('/auth/v1/signup', {
          method: 'POST',
          headers: {
            ...common,
            authorization: `Bearer ${anonKey}`,
            'content-type': 'application/json;charset=UTF-8',
            'x-supabase-api-version': '2024-01-01',
          },
          body: JSON.stringify({ email, password: 'Borealis-Kp7-Night' }),
        });
        const token = (signUp.body as { access_token?: string } | null)?.access_token ?? '';
        const user = { ...common, authorization: `Bearer ${token}` };
        const place = await call('/rest/v1/places?select=id,name', {
          method: 'POST',
          headers: {
            ...user,
            'content-type': 'application/json',
            'content-profile': 'public',
            prefer: 'return=representation',
          },
          body: JSON.stringify({
            id: crypto.randomUUID(),
            name: 'Tromsø',
            lat: 69.65,
            lon: 18.96,
            kind: 'picked',
          }),
        });
        const profile = await call('/rest/v1/profiles?select=id', {
          headers: { ...user, 'accept-profile': 'public', prefer: 'count=exact' },
        });
        const subscribe = () =>
          call('/functions/v1/push-subscription', {
            method: 'POST',
            headers: { ...user, 'content-type': 'application/json', 'idempotency-key': 'k-1' },
            body: JSON.stringify({
              endpoint,
              expirationTime: null,
              keys: {
                p256dh:
                  'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
                auth: 'tBHItJI5svbpez7KI4CCXg',
              },
            }),
          });
        const first = await subscribe();
        const replay = await subscribe();
        const ping = await call('/functions/v1/ping', {
          headers: { ...common, authorization: `Bearer ${anonKey}`, 'if-none-match': '"x"' },
        });
        return { signUp, place, profile, first, replay, ping };
      },
      {
        base: stack.url,
        anonKey: stack.anonKey,
        email: `cross.${Date.now().toString(36)}@example.com`,
        endpoint,
      },
    );
    await tab.close();

    expect(results.signUp).toMatchObject({ ok: true, status: 200 });
    expect(results.place).toMatchObject({ status: 201, body: [{ name: 'Tromsø' }] });
    expect(results.profile).toMatchObject({ status: 200, body: [{}] });
    // Content-Range is exposed: supabase-js reads the count from it.
    expect(results.profile.headers['content-range']).toMatch(/\/1$/);
    expect(results.first).toMatchObject({ status: 201, body: { subscription: { endpoint } } });
    expect(results.replay.status).toBe(201);
    expect(results.replay.headers['idempotent-replayed']).toBe('true');
    expect(results.ping).toMatchObject({ ok: true, status: 200, body: { ok: true } });
  });
});
