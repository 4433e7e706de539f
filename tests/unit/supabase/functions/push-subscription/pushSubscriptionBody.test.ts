import { createECDH, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  coarseCell,
  parseSubscriptionBody,
} from '../../../../../supabase/functions/push-subscription/validate.ts';

function subscription(extra: Record<string, unknown> = {}) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint: 'https://fcm.googleapis.com/fcm/send/abc:def',
    expirationTime: null,
    keys: {
      p256dh: ecdh.getPublicKey().toString('base64url'),
      auth: randomBytes(16).toString('base64url'),
    },
    ...extra,
  };
}

describe('push-subscription request body', () => {
  it('accepts a browser PushSubscription with the default threshold of 5 and no location: an older client keeps its one Kp alert, all-clear included', () => {
    const body = subscription();
    expect(parseSubscriptionBody(body)).toEqual({
      ok: true,
      value: {
        endpoint: body.endpoint,
        p256dh: body.keys.p256dh,
        auth: body.keys.auth,
        expirationTime: null,
        kpThreshold: 5,
        cell: null,
        secret: null,
        subscriberId: null,
        rules: [
          {
            subscriber: 'device',
            place: null,
            kind: 'kp',
            kpThreshold: 5,
            allClear: true,
            quietHours: null,
            timeZone: null,
            mutedUntil: null,
          },
        ],
      },
    });
  });

  it("keeps a visible rule's place to 0.1° and refuses a visible rule without one, or a second rule for one place", () => {
    const place = { name: 'Cabin', lat: 69.6543, lon: 18.9612 };
    const ok = parseSubscriptionBody(
      subscription({
        subscriberId: 'device-0001',
        alerts: [{ kind: 'visible', place, allClear: true, timeZone: 'Europe/Oslo' }],
      }),
    );
    expect(ok.ok && ok.value.rules).toEqual([
      expect.objectContaining({
        subscriber: 'device-0001',
        kind: 'visible',
        place: { name: 'Cabin', lat: 69.7, lon: 19 },
      }),
    ]);
    expect(parseSubscriptionBody(subscription({ alerts: [{ kind: 'visible' }] }))).toEqual({
      ok: false,
      error: 'alerts[0]: a "visible" alert needs a place',
    });
    expect(
      parseSubscriptionBody(
        subscription({
          alerts: [
            { kind: 'visible', place },
            { kind: 'visible', place: { ...place, lat: 69.66 } },
          ],
        }),
      ),
    ).toEqual({ ok: false, error: 'alerts[1]: a second rule for 69.7_19.0:visible' });
  });

  it('never keeps precise coordinates: a location becomes a whole-degree cell', () => {
    const parsed = parseSubscriptionBody(
      subscription({ kpThreshold: 4.33, location: { lat: 64.8378, lon: -147.7164 } }),
    );
    expect(parsed.ok && parsed.value.cell).toEqual({ lat: 65, lon: -148 });
    expect(parsed.ok && parsed.value.kpThreshold).toBe(4.33);
  });

  it('wraps longitudes and clamps latitudes at the edges of the grid', () => {
    expect(coarseCell(89.9, 179.7)).toEqual({ lat: 90, lon: -180 });
    expect(coarseCell(-90, -180)).toEqual({ lat: -90, lon: -180 });
    expect(coarseCell(60.4, 10.6, 5)).toEqual({ lat: 60, lon: 10 });
    expect(coarseCell(60.4, 10.6, 0.01)).toEqual({ lat: 60, lon: 11 });
  });

  it('rejects bodies that are not usable subscriptions, naming the field', () => {
    const cases: [unknown, string][] = [
      [null, 'Request body must be the PushSubscription JSON'],
      [subscription({ endpoint: 'http://push.example/x' }), 'endpoint must be an https URL'],
      [subscription({ endpoint: 'not a url' }), 'endpoint must be a URL'],
      [
        subscription({ keys: { p256dh: 'short', auth: randomBytes(16).toString('base64url') } }),
        'keys.p256dh must be a base64url P-256 public key',
      ],
      [
        { ...subscription(), keys: { ...subscription().keys, auth: 'x' } },
        'keys.auth must be a base64url 16-byte secret',
      ],
      [subscription({ kpThreshold: 12 }), 'kpThreshold must be a number from 0 to 9'],
      [subscription({ kpThreshold: '5' }), 'kpThreshold must be a number from 0 to 9'],
      [subscription({ location: { lat: 95, lon: 0 } }), 'location must be {lat, lon} in degrees'],
      [
        subscription({ endpoint: 'https://user:pw@push.example.invalid/x' }),
        'endpoint must not contain a user name or password',
      ],
      [subscription({ secret: 'short' }), 'secret must be 32–128 base64url characters'],
      [subscription({ secret: 42 }), 'secret must be 32–128 base64url characters'],
    ];
    for (const [body, error] of cases) {
      expect(parseSubscriptionBody(body as Record<string, unknown> | null)).toEqual({
        ok: false,
        error,
      });
    }
  });

  it('allows plain http only to an allow-listed origin (a local test push service), never to loopback by default', () => {
    expect(
      parseSubscriptionBody(subscription({ endpoint: 'http://127.0.0.1:9999/push/1' })),
    ).toEqual({ ok: false, error: 'endpoint must be an https URL' });
    expect(
      parseSubscriptionBody(subscription({ endpoint: 'http://localhost:9999/push/1' })),
    ).toEqual({ ok: false, error: 'endpoint must be an https URL' });
    expect(
      parseSubscriptionBody(subscription({ endpoint: 'http://127.0.0.1:9999/push/1' }), [
        'http://127.0.0.1:9999',
      ]).ok,
    ).toBe(true);
  });

  it('answers an expiration time no date can hold (1e20) with a message, not a crash', () => {
    const message =
      'expirationTime must be null or a time in milliseconds since 1970, before the year 10000';
    for (const expirationTime of [1e20, 8.64e15 + 1, -1, Number.MAX_VALUE, '1700000000000']) {
      expect(parseSubscriptionBody(subscription({ expirationTime }))).toEqual({
        ok: false,
        error: message,
      });
    }
    const fine = parseSubscriptionBody(subscription({ expirationTime: 1_900_000_000_000 }));
    expect(fine.ok && new Date(fine.value.expirationTime!).toISOString()).toBe(
      '2030-03-17T17:46:40.000Z',
    );
  });

  it("keeps the browser's secret when it sends one", () => {
    const secret = randomBytes(32).toString('base64url');
    const parsed = parseSubscriptionBody(subscription({ secret }));
    expect(parsed.ok && parsed.value.secret).toBe(secret);
  });
});
