import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../../support/startTestStack.ts';
import {
  kp1mBody,
  startTestPushService,
  type TestPushService,
} from '../../support/testPushService.ts';
import { startTestUpstream, type TestUpstream } from '../../support/testUpstream.ts';

let stack: TestStack;
let upstream: TestUpstream;
let push: TestPushService;
let pushBase: string;
const vapid = webpush.generateVAPIDKeys();

async function subscribe(path: string, kpThreshold: number): Promise<void> {
  const res = await fetch(`${stack.url}/functions/v1/push-subscription`, {
    method: 'POST',
    headers: {
      apikey: stack.anonKey,
      authorization: `Bearer ${stack.anonKey}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ ...push.subscription(path), kpThreshold }),
  });
  expect(res.status).toBe(201);
}

const pushed = () => push.pushed;
const run = (token: string) =>
  fetch(`${stack.url}/functions/v1/kp-alert-sender`, {
    method: 'POST',
    headers: { apikey: stack.anonKey, authorization: `Bearer ${token}` },
  });

beforeAll(async () => {
  // 201 normally; 410 for an unsubscribed browser, 500 for an outage.
  push = await startTestPushService({ '/push/gone': 410, '/push/flaky': 500 });
  pushBase = push.url;
  upstream = await startTestUpstream();
  // One hour at Kp 5+ up to the current minute.
  upstream.set('json/planetary_k_index_1m.json', kp1mBody(Array<number>(61).fill(5.33)));
  stack = await startTestStack({
    functionEnv: {
      SWPC_BASE_URL: upstream.url,
      PUSH_ALLOWED_HOSTS: push.url,
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      VAPID_SUBJECT: 'mailto:test@aurora.invalid',
    },
  });
  await subscribe('/push/watcher', 5);
  await subscribe('/push/high-bar', 6);
  await subscribe('/push/gone', 4);
  await subscribe('/push/flaky', 5);
});
afterAll(async () => {
  await stack?.stop();
  await upstream?.close();
  await push?.close();
});

describe('kp-alert-sender on the local stack', () => {
  it('runs only for the service role', async () => {
    expect((await run(stack.anonKey)).status).toBe(403);
  });

  it('pushes one encrypted alert to each subscriber whose threshold Kp crossed, and drops dead subscriptions', async () => {
    const res = await run(stack.serviceRoleKey);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      kp: 5.33,
      skipped: null,
      considered: 4,
      alerts: 1,
      allClears: 0,
      failed: 1,
      removed: 1,
    });
    expect(
      pushed()
        .map((p) => p.path)
        .sort(),
    ).toEqual(['/push/flaky', '/push/gone', '/push/watcher']);

    const delivered = pushed().find((p) => p.path === '/push/watcher')!;
    expect(push.decrypt(delivered)).toEqual({ type: 'kp-alert', kp: 5.33, threshold: 5, url: '/' });

    const rows = await stack.sql<{
      endpoint: string;
      alert_active: boolean;
      last_alert_kp: string | null;
      failure_count: number;
    }>(
      'select endpoint, alert_active, last_alert_kp, failure_count from push_subscriptions order by endpoint',
    );
    expect(
      rows.map((r) => [
        r.endpoint.slice(pushBase.length),
        r.alert_active,
        r.last_alert_kp,
        r.failure_count,
      ]),
    ).toEqual([
      ['/push/flaky', false, null, 1],
      ['/push/high-bar', false, null, 0],
      ['/push/watcher', true, '5.33', 0],
    ]);
  });

  it('does not repeat the alert while Kp stays high, but retries a push that failed', async () => {
    push.pushed.length = 0;
    const res = await run(stack.serviceRoleKey);
    expect(await res.json()).toMatchObject({ alerts: 0, failed: 1 });
    expect(pushed().map((p) => p.path)).toEqual(['/push/flaky']);
    const [flaky] = await stack.sql<{ failure_count: number }>(
      "select failure_count from push_subscriptions where endpoint like '%/push/flaky'",
    );
    expect(flaky?.failure_count).toBe(2);
  });

  it('refuses to push to a stored endpoint outside the push endpoint policy, and records why', async () => {
    // A second local service, not on PUSH_ALLOWED_HOSTS: a row pointing at it predates the checks
    // (written straight to the table). Were it pushed to, it would record the request here.
    const stranger = await startTestPushService();
    try {
      const target = stranger.subscription('/push/internal');
      await stack.sql(
        'insert into push_subscriptions (endpoint, p256dh, auth, kp_threshold) values ($1, $2, $3, 4)',
        [target.endpoint, target.keys.p256dh, target.keys.auth],
      );
      const res = await run(stack.serviceRoleKey);
      expect(await res.json()).toMatchObject({ alerts: 0, failed: 2 });
      expect(stranger.pushed).toEqual([]);
      const [row] = await stack.sql<{
        alert_active: boolean;
        failure_count: number;
        last_error: string;
      }>(
        'select alert_active, failure_count, last_error from push_subscriptions where endpoint = $1',
        [target.endpoint],
      );
      expect(row).toEqual({
        alert_active: false,
        failure_count: 1,
        last_error: 'Push failed: endpoint must be an https URL',
      });
    } finally {
      await stranger.close();
    }
  });
});
