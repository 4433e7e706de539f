import { IDBFactory } from 'fake-indexeddb';
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import {
  newPushSecret,
  openNotificationSettings,
} from '../../../../src/features/settings/notificationSettings.ts';
import { parseSubscriptionBody } from '../../../../supabase/functions/push-subscription/validate.ts';
import {
  disablePush,
  enablePush,
  PUSH_SERVICE_UNREACHABLE,
  PUSH_STEP_TEXT,
  PUSH_STEP_TIMEOUT_MS,
  SERVER_UNREACHABLE,
  subscriptionBody,
  updateThreshold,
  urlBase64ToBytes,
  type PushDeps,
  type PushRequest,
  type PushSubscriptionLike,
} from '../../../../src/features/settings/pushSubscription.ts';

// The push service is a third party across the network: the only thing faked here.
function pushService() {
  let current: PushSubscriptionLike | null = null;
  const keys: Uint8Array[] = [];
  return {
    keys,
    get subscription() {
      return current;
    },
    registration: {
      pushManager: {
        getSubscription: async () => current,
        subscribe: async (opts: { applicationServerKey: Uint8Array<ArrayBuffer> }) => {
          keys.push(opts.applicationServerKey);
          const sub: PushSubscriptionLike = {
            endpoint: 'https://push.example/ep/1',
            toJSON: () => ({
              endpoint: 'https://push.example/ep/1',
              keys: { p256dh: 'P', auth: 'A' },
            }),
            unsubscribe: async () => {
              current = null;
              return true;
            },
          };
          current = sub;
          return sub;
        },
      },
    },
  };
}

const VAPID =
  'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';

function setup(
  opts: {
    permission?: NotificationPermission;
    answer?: NotificationPermission;
    sendFails?: boolean;
    vapid?: string | null;
  } = {},
) {
  const service = pushService();
  const sent: PushRequest[] = [];
  let permission: NotificationPermission = opts.permission ?? 'default';
  const store = openNotificationSettings(new IDBFactory());
  const deps: PushDeps = {
    permission: () => permission,
    requestPermission: async () => (permission = opts.answer ?? 'granted'),
    getRegistration: async () => service.registration,
    vapidPublicKey: async () => (opts.vapid === undefined ? VAPID : opts.vapid),
    async send(req) {
      if (opts.sendFails) throw new Error('offline');
      sent.push(req);
    },
    store,
  };
  return { deps, service, sent, store };
}

describe('push toggle', () => {
  it('turning on asks permission, subscribes with the VAPID key, posts the subscription and saves enablePush true', async () => {
    const { deps, service, sent, store } = setup();
    const out = await enablePush(deps, 6);
    expect(out.status).toBe('enabled');
    expect(service.keys[0]).toEqual(urlBase64ToBytes(VAPID));
    expect(service.keys[0]).toHaveLength(65); // an uncompressed P-256 public key
    const secret = await store.pushSecret();
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const { subscriberId } = await store.alerts();
    expect(sent).toEqual([
      {
        method: 'POST',
        body: {
          endpoint: 'https://push.example/ep/1',
          keys: { p256dh: 'P', auth: 'A' },
          kpThreshold: 6,
          secret,
          subscriberId,
          alerts: [
            {
              place: null,
              kind: 'kp',
              kpThreshold: 6,
              allClear: true,
              quietHours: null,
              timeZone: expect.any(String),
            },
          ],
        },
      },
    ]);
    expect(await store.read()).toMatchObject({ enablePush: true, kpThreshold: 6 });
  });

  it('posts a body the push-subscription function accepts', () => {
    const json = {
      endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
      expirationTime: null,
      keys: {
        p256dh: Buffer.from(urlBase64ToBytes(VAPID)).toString('base64url'),
        auth: Buffer.alloc(16, 7).toString('base64url'),
      },
    };
    const secret = newPushSecret();
    const body = subscriptionBody(
      { endpoint: json.endpoint, toJSON: () => json, unsubscribe: async () => true },
      6.33,
      secret,
    );
    expect(parseSubscriptionBody(body)).toMatchObject({
      ok: true,
      value: { endpoint: json.endpoint, kpThreshold: 6.33, secret },
    });
  });

  it('swallows "Permission not granted": nothing subscribed, toggle stays off, a gentle note instead of an error', async () => {
    const { deps, service, sent, store } = setup({ answer: 'denied' });
    const out = await enablePush(deps, 5);
    expect(out.status).toBe('not-granted');
    if (out.status === 'not-granted') expect(out.note).toMatch(/^Permission not granted\./);
    expect(service.subscription).toBeNull();
    expect(sent).toEqual([]);
    expect((await store.read()).enablePush).toBe(false);
  });

  it('does not claim push is on when the subscription could not be posted', async () => {
    const { deps, service, store } = setup({ sendFails: true });
    const out = await enablePush(deps, 5);
    expect(out.status).toBe('error');
    expect(service.subscription).toBeNull(); // rolled back
    expect((await store.read()).enablePush).toBe(false);
  });

  it('explains a missing VAPID key instead of failing obscurely', async () => {
    const { deps } = setup({ vapid: null });
    const out = await enablePush(deps, 5);
    expect(out).toMatchObject({
      status: 'error',
      message: expect.stringContaining('VITE_VAPID_PUBLIC_KEY'),
    });
  });

  it('turning off unsubscribes, tells the server and saves enablePush false', async () => {
    const { deps, service, sent, store } = setup({ permission: 'granted' });
    await enablePush(deps, 5);
    const out = await disablePush(deps);
    expect(out.status).toBe('disabled');
    expect(service.subscription).toBeNull();
    expect(sent.at(-1)).toEqual({
      method: 'DELETE',
      body: { endpoint: 'https://push.example/ep/1', secret: await store.pushSecret() },
    });
    expect((await store.read()).enablePush).toBe(false);
  });

  it('re-posts the subscription when the threshold changes while push is on', async () => {
    const { deps, sent, store } = setup({ permission: 'granted' });
    await enablePush(deps, 5);
    await updateThreshold(deps, 7);
    expect(sent.at(-1)).toMatchObject({
      method: 'POST',
      body: { kpThreshold: 7, secret: await store.pushSecret() },
    });
    expect((await store.read()).kpThreshold).toBe(7);
  });

  it('only saves a new threshold while push is off', async () => {
    const { deps, sent, store } = setup();
    await updateThreshold(deps, 3);
    expect(sent).toEqual([]);
    expect((await store.read()).kpThreshold).toBe(3);
  });

  it("sends this device's places' alerts with the subscription, each place at 0.1°, in a body the function accepts", async () => {
    const { deps, sent, store } = setup({ permission: 'granted' });
    await store.writeAlerts((rules) => [
      ...rules,
      {
        place: { name: 'Cabin', lat: 69.6543, lon: 18.9612 },
        kind: 'visible',
        kpThreshold: 5,
        allClear: false,
        quietHours: { from: '23:00', to: '06:00', timeZone: 'Europe/Oslo' },
        timeZone: 'Europe/Oslo',
        mutedUntil: null,
      },
    ]);
    await enablePush(deps, 6);
    const body = sent.at(-1)!.body;
    expect(body.alerts).toEqual([
      expect.objectContaining({ kind: 'visible', place: { name: 'Cabin', lat: 69.7, lon: 19 } }),
      expect.objectContaining({ kind: 'kp', place: null, kpThreshold: 6 }),
    ]);
    const json = {
      endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
      keys: {
        p256dh: Buffer.from(urlBase64ToBytes(VAPID)).toString('base64url'),
        auth: Buffer.alloc(16, 7).toString('base64url'),
      },
    };
    const parsed = parseSubscriptionBody({ ...body, ...json });
    expect(parsed.ok).toBe(true);
    if (parsed.ok)
      expect(parsed.value.rules.map((r) => [r.kind, r.place, r.subscriber])).toEqual([
        ['visible', { name: 'Cabin', lat: 69.7, lon: 19 }, body.subscriberId],
        ['kp', null, body.subscriberId],
      ]);
  });

  it("turning push off ends the device's Kp alert but keeps a saved place's alert for periodic sync", async () => {
    const { deps, store } = setup({ permission: 'granted' });
    await enablePush(deps, 5);
    await store.writeAlerts((rules) => [
      ...rules,
      {
        place: { name: 'Cabin', lat: 69.65, lon: 18.96 },
        kind: 'visible',
        kpThreshold: 5,
        allClear: true,
        quietHours: null,
        timeZone: 'Europe/Oslo',
        mutedUntil: null,
      },
    ]);
    const before = await store.alerts();
    await disablePush(deps);
    const after = await store.alerts();
    expect(after.subscriberId).toBe(before.subscriberId);
    expect(after.rules.map((r) => r.kind)).toEqual(['visible']);
  });

  it('keeps one secret per browser across subscribe, threshold changes and unsubscribe', async () => {
    const { deps, sent, store } = setup({ permission: 'granted' });
    await enablePush(deps, 5);
    await updateThreshold(deps, 6);
    await disablePush(deps);
    await enablePush(deps, 6);
    const secrets = new Set(sent.map((r) => r.body.secret));
    expect(secrets).toEqual(new Set([await store.pushSecret()]));
  });
});

/**
 * Issue 10 item 6: the push service cannot be reached, so `pushManager.subscribe` never settles.
 * The deadline is handed to the code, and the test decides when it passes: no timings.
 */
function hangingSetup(hang: 'subscribe' | 'send' | 'registration') {
  const base = setup({ permission: 'granted' });
  const deadlines: number[] = [];
  // Every deadline passes once the hanging call has been made (earlier steps finished before it).
  let reached!: () => void;
  const hangReached = new Promise<void>((r) => (reached = r));
  const hangs = () => {
    reached();
    return new Promise<never>(() => undefined);
  };
  const deps: PushDeps = {
    ...base.deps,
    getRegistration: async () => {
      if (hang === 'registration') return hangs();
      return hang === 'subscribe'
        ? { pushManager: { getSubscription: async () => null, subscribe: hangs } }
        : base.service.registration;
    },
    send: hang === 'send' ? hangs : base.deps.send,
    deadline: (ms) => {
      deadlines.push(ms);
      return hangReached;
    },
  };
  return { ...base, deps, deadlines };
}

describe('what turning push on says', () => {
  it('reports each slow step as it starts: permission, the push service, the alert server', async () => {
    const { deps } = setup();
    const steps: string[] = [];
    expect((await enablePush({ ...deps, progress: (s) => steps.push(s) }, 5)).status).toBe(
      'enabled',
    );
    expect(steps).toEqual(['permission', 'subscribe', 'register']);
    expect(PUSH_STEP_TEXT.subscribe).toBe(
      'Signing this browser up with its push service. This can take a few seconds…',
    );
  });

  it.each([
    // Chromium's words when the site's notification permission is blocked.
    [
      new DOMException('Registration failed - permission denied', 'NotAllowedError'),
      'did not allow',
    ],
    [
      new DOMException('Registration failed - push service not available', 'AbortError'),
      'did not answer',
    ],
    [
      new Error(
        'Registration failed - missing applicationServerKey, and manifest empty or missing',
      ),
      'could not turn on',
    ],
  ])("turns the browser's refusal %s into plain words", async (refusal, words) => {
    const { deps } = setup();
    const failing: PushDeps = {
      ...deps,
      getRegistration: async () => ({
        pushManager: {
          getSubscription: async () => null,
          subscribe: async () => {
            throw refusal;
          },
        },
      }),
    };
    const out = await enablePush(failing, 5);
    expect(out.status).toBe('error');
    if (out.status !== 'error') return;
    expect(out.message).toContain(words);
    expect(out.message).not.toMatch(/Registration failed|applicationServerKey|permission denied/);
  });
});

describe('push toggle when the push service or the server cannot be reached', () => {
  it('gives up on a subscribe that never answers after the step timeout, and says why in plain words', async () => {
    const { deps, deadlines, store, sent } = hangingSetup('subscribe');
    expect(await enablePush(deps, 5)).toEqual({
      status: 'error',
      message: PUSH_SERVICE_UNREACHABLE,
    });
    expect(PUSH_SERVICE_UNREACHABLE).toBe(
      "Couldn't reach your browser's push service. Check your connection and try again.",
    );
    expect(new Set(deadlines)).toEqual(new Set([PUSH_STEP_TIMEOUT_MS]));
    expect(PUSH_STEP_TIMEOUT_MS).toBe(15_000);
    expect(sent).toEqual([]);
    expect((await store.read()).enablePush).toBe(false);
  });

  it('gives up on registering with the server that never answers, rolling the subscription back', async () => {
    const { deps, service, store } = hangingSetup('send');
    expect(await enablePush(deps, 5)).toEqual({ status: 'error', message: SERVER_UNREACHABLE });
    expect(service.subscription).toBeNull();
    expect((await store.read()).enablePush).toBe(false);
  });

  it('still turns push off locally when the browser does not answer', async () => {
    const { deps, store } = hangingSetup('registration');
    await store.write({ enablePush: true });
    expect((await disablePush(deps)).status).toBe('disabled');
    expect((await store.read()).enablePush).toBe(false);
  });
});
