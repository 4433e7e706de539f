import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../../support/startTestStack.ts';
import {
  kp1mBody,
  startTestPushService,
  type TestPushService,
} from '../../support/testPushService.ts';
import { startTestUpstream, type TestUpstream } from '../../support/testUpstream.ts';

/**
 * The scheduled sender as `npm start` runs it: VAPID keys given to the stack, the schedule started
 * by the stack itself (no one POSTs to kp-alert-sender), a subscription stored the way the
 * Settings page stores it. What the sender decides per run is proven in kpAlertSender.test.ts.
 */
const INTERVAL_MS = 250;
const vapid = webpush.generateVAPIDKeys();
let stack: TestStack;
let upstream: TestUpstream;
let push: TestPushService;
const logs: string[] = [];

const pushesTo = (path: string) => push.pushed.filter((p) => p.path === path);

async function until(what: string, ok: () => boolean, timeoutMs = 15_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!ok()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

beforeAll(async () => {
  push = await startTestPushService();
  upstream = await startTestUpstream();
  // Quiet for an hour, then Kp climbs through 5 to 5.67 over the last minutes.
  upstream.set(
    'json/planetary_k_index_1m.json',
    kp1mBody([...Array<number>(55).fill(2.33), 3, 3.67, 4.33, 4.67, 5.33, 5.67]),
  );
  stack = await startTestStack({
    // The local push service is plain http on loopback: trusted by exact origin, as an operator would.
    functionEnv: {
      SWPC_BASE_URL: upstream.url,
      GFZ_BASE_URL: upstream.url,
      PUSH_ALLOWED_HOSTS: push.url,
    },
    vapid: {
      publicKey: vapid.publicKey,
      privateKey: vapid.privateKey,
      subject: 'mailto:test@aurora.invalid',
    },
    scheduleIntervalMs: INTERVAL_MS,
    log: (line) => logs.push(line),
  });
});
afterAll(async () => {
  await stack?.stop();
  await upstream?.close();
  await push?.close();
});

describe('Kp push alerts on the local stack', () => {
  it('publishes the VAPID public key where the Settings page looks for it', async () => {
    const settings = (await (await fetch(`${stack.url}/auth/v1/settings`)).json()) as Record<
      string,
      unknown
    >;
    expect(settings.vapid_public_key).toBe(vapid.publicKey);
    expect(settings.anon_key).toBe(stack.anonKey);
  });

  it('delivers one push when Kp crosses a stored subscription’s threshold, and no repeat while Kp stays high', async () => {
    const post = (body: unknown) =>
      fetch(`${stack.url}/functions/v1/push-subscription`, {
        method: 'POST',
        headers: {
          apikey: stack.anonKey,
          authorization: `Bearer ${stack.anonKey}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify(body),
      });
    expect((await post({ ...push.subscription('/push/watcher'), kpThreshold: 5 })).status).toBe(
      201,
    );

    await until('the alert', () => pushesTo('/push/watcher').length > 0);
    const [alert] = pushesTo('/push/watcher');
    expect(push.decrypt(alert!)).toMatchObject({
      type: 'kp-alert',
      title: 'Aurora alert: Kp 5.67',
      url: '/',
    });
    // Signed with the stack's VAPID key pair (RFC 8292: `vapid t=<JWT>, k=<public key>`).
    expect(alert!.headers.authorization).toMatch(
      new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${vapid.publicKey}$`),
    );

    // Later runs while Kp stays at 5.67, each seen by a subscriber added after the one before
    // was alerted: they are alerted, the watcher is not alerted again.
    for (const late of ['/push/late-1', '/push/late-2']) {
      expect((await post({ ...push.subscription(late), kpThreshold: 3 })).status).toBe(201);
      await until(`a later run alerting ${late}`, () => pushesTo(late).length > 0);
    }
    expect(pushesTo('/push/watcher')).toHaveLength(1);
    const [row] = await stack.sql<{ level: number; delivered: boolean }>(
      `select (r.state->'event'->>'level')::int as level, (r.state->'event'->>'delivered')::boolean as delivered
         from alert_rules r join push_subscriptions s on s.id = r.subscription_id
        where s.endpoint like '%/push/watcher'`,
    );
    expect(row).toEqual({ level: 6, delivered: true });
  });

  it('stops running when the stack stops', async () => {
    await stack.stop();
    stack = undefined as unknown as TestStack;
    const [pushes, lines] = [push.pushed.length, logs.length];
    // A run still scheduled would find its REST service gone and log the failure.
    await new Promise((r) => setTimeout(r, INTERVAL_MS * 4));
    expect(push.pushed.length).toBe(pushes);
    expect(logs.slice(lines)).toEqual([]);
  });
});
