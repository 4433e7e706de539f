import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nightOf } from '../../../core/alerts/quietHours.ts';
import { ovationJson } from '../../fixtures/constructed/stormNight.ts';
import { clearSkyLocationforecast, darkPlaceNow, strongFrame } from '../../support/alertSky.ts';
import {
  startReceivingPushService,
  type ReceivingPushService,
} from '../../support/receivingPushService.ts';
import { startTestStack, type TestStack } from '../../support/startTestStack.ts';
import { kp1mBody } from '../../support/testPushService.ts';
import { startTestUpstream, type TestUpstream } from '../../support/testUpstream.ts';

/**
 * The alert sender on the real stack, delivering to a push service on loopback that verifies each
 * request's VAPID JWT and decrypts its aes128gcm body as the subscribed browser would
 * (tests/support/receivingPushService.ts), answering 201, 404, 410, 429 or 503 as told. SWPC and MET
 * Norway are loopback stand-ins: a Kp 6.33 storm, a constructed OVATION frame of Kp 9 observed 3 min
 * ago, and a clear sky in a model run 10 minutes old.
 */
const vapid = webpush.generateVAPIDKeys();
let stack: TestStack;
let upstream: TestUpstream;
let push: ReceivingPushService;
let place: { name: string; lat: number; lon: number };
let kept: { lat: number; lon: number };
const MET_PATH = 'weatherapi/locationforecast/2.0/complete';

async function subscribe(path: string, body: Record<string, unknown>): Promise<void> {
  const res = await fetch(`${stack.url}/functions/v1/push-subscription`, {
    method: 'POST',
    headers: {
      apikey: stack.anonKey,
      authorization: `Bearer ${stack.anonKey}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ ...push.subscribe(path), ...body }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
}

const run = async (token = stack.serviceRoleKey) => {
  const res = await fetch(`${stack.url}/functions/v1/kp-alert-sender`, {
    method: 'POST',
    headers: { apikey: stack.anonKey, authorization: `Bearer ${token}` },
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};
const at = (path: string) => push.received.filter((r) => r.path === path);
const kpRule = (kpThreshold: number) => [
  { kind: 'kp', kpThreshold, allClear: true, timeZone: 'Europe/Oslo' },
];

beforeAll(async () => {
  const now = Date.now();
  kept = darkPlaceNow(now);
  place = { name: 'Test Fjord', ...kept };
  push = await startReceivingPushService(vapid.publicKey);
  upstream = await startTestUpstream();
  upstream.set('json/planetary_k_index_1m.json', kp1mBody(Array<number>(61).fill(6.33)));
  upstream.set('json/ovation_aurora_latest.json', ovationJson(strongFrame(now)));
  upstream.set(MET_PATH, clearSkyLocationforecast(now));
  stack = await startTestStack({
    functionEnv: {
      SWPC_BASE_URL: upstream.url,
      WEATHER_BASE_URL: upstream.url,
      PUSH_ALLOWED_HOSTS: push.url,
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      VAPID_SUBJECT: 'mailto:test@aurora.invalid',
    },
  });
  await subscribe('/push/watcher', {
    subscriberId: 'watcher-0001',
    alerts: [{ kind: 'visible', place, allClear: true, timeZone: 'Europe/Oslo' }, ...kpRule(5)],
  });
  await subscribe('/push/high-bar', { subscriberId: 'high-bar-01', alerts: kpRule(7) });
  await subscribe('/push/gone', { subscriberId: 'gone-000001', alerts: kpRule(5) });
  await subscribe('/push/missing', { subscriberId: 'missing-001', alerts: kpRule(5) });
  await subscribe('/push/busy', { subscriberId: 'busy-000001', alerts: kpRule(5) });
  await subscribe('/push/outage', { subscriberId: 'outage-0001', alerts: kpRule(5) });
  // An older client: no subscriber id and no rules, only the spec's threshold.
  await subscribe('/push/legacy', { kpThreshold: 6 });
  push.answer('/push/gone', [410]);
  push.answer('/push/missing', [404]);
  push.answer('/push/busy', [429], 1);
  push.answer('/push/outage', [503, 503, 503, 503, 503, 503], 2);
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  await upstream?.close();
  await push?.close();
});

describe('the alert sender on the local stack', () => {
  it('runs only for the service role', async () => {
    expect((await run(stack.anonKey)).status).toBe(403);
  });

  it('keeps a visible subscriber’s place to 0.1° and none for a Kp rule', async () => {
    const rows = await stack.sql<{
      rule_key: string;
      place_lat: string | null;
      place_lon: string | null;
      place_name: string | null;
    }>(
      `select r.rule_key, r.place_lat::text, r.place_lon::text, r.place_name
         from alert_rules r join push_subscriptions s on s.id = r.subscription_id
        where s.subscriber_id = 'watcher-0001' order by r.rule_key`,
    );
    const lat = (Math.round(kept.lat * 10) / 10).toFixed(1);
    const lon = (Math.round(kept.lon * 10) / 10).toFixed(1);
    expect(rows).toEqual(
      [
        {
          rule_key: `${lat}_${lon}:visible`,
          place_lat: lat,
          place_lon: lon,
          place_name: 'Test Fjord',
        },
        { rule_key: 'anywhere:kp', place_lat: null, place_lon: null, place_name: null },
      ].sort((a, b) => a.rule_key.localeCompare(b.rule_key)),
    );
  });

  it('delivers each alert VAPID-signed and encrypted for its browser, with how long it stays true, its urgency and its topic', async () => {
    const { status, body } = await run();
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({
      kp: 6.33,
      rules: 8,
      cells: 1,
      cellsRefreshed: 1,
      alerts: 4,
      failed: 1,
      removed: 2,
    });

    const watcher = at('/push/watcher');
    expect(watcher.map((r) => [r.status, r.refused])).toEqual([
      [201, null],
      [201, null],
    ]);
    const visible = watcher.find((r) => (r.payload as { type: string }).type === 'aurora-visible')!;
    const lat = (Math.round(kept.lat * 10) / 10).toFixed(1);
    const lon = (Math.round(kept.lon * 10) / 10).toFixed(1);
    const event = `watcher-0001:${lat}_${lon}:${nightOf(Date.now(), { lon: Number(lon) }, null)}:visible:go`;
    expect(visible.payload).toMatchObject({
      type: 'aurora-visible',
      event,
      tag: event,
      title: 'Aurora likely visible from Test Fjord now',
      url: '/',
      rule: `${lat}_${lon}:visible`,
      actions: [
        { action: 'open-map', title: 'Open map' },
        { action: 'mute-tonight', title: 'Mute tonight' },
      ],
    });
    expect((visible.payload as { body: string }).body).toMatch(
      /^Aurora likely visible now — look .+ · cloud \d+ % · aurora map \d+ min ago, clouds \d+ min ago$/,
    );
    expect(Number(visible.headers.ttl)).toBeGreaterThanOrEqual(300);
    expect(Number(visible.headers.ttl)).toBeLessThanOrEqual(3600);
    expect(visible.headers.urgency).toBe('high');
    expect(visible.headers.topic).toMatch(/^[A-Za-z0-9_-]{1,32}$/);

    const kp = watcher.find((r) => (r.payload as { type: string }).type === 'kp-alert')!;
    expect(kp.payload).toMatchObject({
      title: 'Aurora alert: Kp 6.33',
      tag: expect.stringMatching(/^watcher-0001:anywhere:\d{4}-\d\d-\d\d:kp:6$/),
    });
    expect(kp.headers.urgency).toBe('normal');
    expect(at('/push/high-bar')).toEqual([]);
    // The older client's events are named after its row; its threshold still holds.
    expect(at('/push/legacy').map((r) => (r.payload as { title: string }).title)).toEqual([
      'Aurora alert: Kp 6.33',
    ]);
  });

  it('removes a subscription whose push service answers 404 or 410, with its rules', async () => {
    expect(at('/push/gone').map((r) => r.status)).toEqual([410]);
    expect(at('/push/missing').map((r) => r.status)).toEqual([404]);
    expect(
      await stack.sql(
        `select count(*)::int as n from push_subscriptions where subscriber_id in ('gone-000001', 'missing-001')`,
      ),
    ).toEqual([{ n: 0 }]);
    expect(
      await stack.sql(
        `select count(*)::int as n from alert_rules r left join push_subscriptions s on s.id = r.subscription_id where s.id is null`,
      ),
    ).toEqual([{ n: 0 }]);
  });

  it('retries a 429 after the push service’s Retry-After, within the run', async () => {
    expect(at('/push/busy').map((r) => r.status)).toEqual([429, 201]);
    const [row] = await stack.sql<{ failure_count: number; delivered: boolean }>(
      `select s.failure_count, (r.state->'event'->>'delivered')::boolean as delivered
         from push_subscriptions s join alert_rules r on r.subscription_id = s.id
        where s.subscriber_id = 'busy-000001'`,
    );
    expect(row).toEqual({ failure_count: 0, delivered: true });
  });

  it('leaves an alert its push service could not take undelivered, and backs off before trying again', async () => {
    expect(at('/push/outage').map((r) => r.status)).toEqual([503, 503, 503]);
    const [row] = await stack.sql<{
      failure_count: number;
      last_error: string;
      backoff: boolean;
      state: unknown;
    }>(
      `select s.failure_count, s.last_error, s.retry_at > now() + interval '4 minutes' as backoff, r.state
         from push_subscriptions s join alert_rules r on r.subscription_id = s.id
        where s.subscriber_id = 'outage-0001'`,
    );
    expect(row).toEqual({
      failure_count: 1,
      last_error: 'Push service answered 503',
      backoff: true,
      state: {},
    });
  });

  it('sends nothing new on the next run: one alert per event, the backing-off subscription left alone, the cell’s clouds not asked again within the hour', async () => {
    const before = push.received.length;
    const metAsked = upstream.count(MET_PATH);
    const { body } = await run();
    expect(body).toMatchObject({
      alerts: 0,
      allClears: 0,
      failed: 0,
      backingOff: 1,
      cells: 1,
      cellsRefreshed: 0,
    });
    expect(push.received.length).toBe(before);
    expect(upstream.count(MET_PATH)).toBe(metAsked);
    const cells = await stack.sql<{ source: string; fresh: boolean }>(
      `select source, fetched_at > now() - interval '5 minutes' as fresh from alert_cells`,
    );
    expect(cells).toEqual([{ source: 'upstream', fresh: true }]);
  });

  it('takes "Mute tonight" from the browser that holds the subscription’s secret', async () => {
    const secret = 'm'.repeat(43);
    const sub = push.subscribe('/push/muter');
    const post = (path: string, body: unknown) =>
      fetch(`${stack.url}/functions/v1/push-subscription${path}`, {
        method: 'POST',
        headers: {
          apikey: stack.anonKey,
          authorization: `Bearer ${stack.anonKey}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify(body),
      });
    expect(
      (await post('', { ...sub, secret, subscriberId: 'muter-00001', alerts: kpRule(5) })).status,
    ).toBe(201);
    const until = Date.now() + 8 * 3_600_000;
    expect(
      (
        await post('/mute', {
          endpoint: sub.endpoint,
          secret: 'x'.repeat(43),
          rule: 'anywhere:kp',
          until,
        })
      ).status,
    ).toBe(403);
    const ok = await post('/mute', { endpoint: sub.endpoint, secret, rule: 'anywhere:kp', until });
    expect(ok.status).toBe(200);
    const [row] = await stack.sql<{ muted: boolean }>(
      `select r.muted_until = to_timestamp($1::double precision / 1000) as muted
         from alert_rules r join push_subscriptions s on s.id = r.subscription_id where s.subscriber_id = 'muter-00001'`,
      [until],
    );
    expect(row).toEqual({ muted: true });
    const { body } = await run();
    expect(body).toMatchObject({ alerts: 0 });
    expect(at('/push/muter')).toEqual([]);
  });
});
