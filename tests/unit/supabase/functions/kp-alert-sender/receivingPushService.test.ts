import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebPushSender } from '../../../../../supabase/functions/kp-alert-sender/webPush.ts';
import {
  startReceivingPushService,
  type ReceivingPushService,
} from '../../../../support/receivingPushService.ts';

/** The loopback push service the sender's integration test relies on must be able to say no. */
const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:test@aurora.invalid' };
const DELIVERY = { ttlSeconds: 600, urgency: 'high' as const, topic: 'abc' };
let service: ReceivingPushService;

beforeAll(async () => {
  service = await startReceivingPushService(vapid.publicKey);
});
afterAll(() => service.close());

const target = (path: string) => {
  const s = service.subscribe(path);
  return { endpoint: s.endpoint, p256dh: s.keys.p256dh, auth: s.keys.auth };
};
const policy = () => ({ hosts: [], origins: [service.url], resolve: async () => [] });

describe('the loopback receiving push service', () => {
  it('accepts a push signed with the subscription’s VAPID key and reads its payload', async () => {
    const answer = await createWebPushSender(vapid, policy())(
      target('/ok'),
      '{"hello":1}',
      DELIVERY,
    );
    expect(answer.status).toBe(201);
    expect(service.received.at(-1)).toMatchObject({ refused: null, payload: { hello: 1 } });
  });

  it('refuses a push signed with another application server key', async () => {
    const other = { ...webpush.generateVAPIDKeys(), subject: 'mailto:test@aurora.invalid' };
    const answer = await createWebPushSender(other, policy())(target('/other'), '{}', DELIVERY);
    expect(answer.status).toBe(403);
    expect(service.received.at(-1)!.refused).toBe(
      'k is not the key the subscription was made with',
    );
  });

  it('refuses a body encrypted for another browser', async () => {
    const mine = target('/mine');
    const theirs = target('/theirs');
    const answer = await createWebPushSender(vapid, policy())(
      { ...mine, p256dh: theirs.p256dh, auth: theirs.auth },
      '{}',
      DELIVERY,
    );
    expect(answer.status).toBe(403);
    expect(service.received.at(-1)!.refused).toMatch(/^undecryptable/);
  });

  it('answers what it is told, with Retry-After', async () => {
    service.answer('/told', [429, 410], 7);
    const send = createWebPushSender(vapid, policy());
    const t = target('/told');
    expect(await send(t, '{}', DELIVERY)).toEqual({ status: 429, retryAfterSeconds: 7 });
    expect((await send(t, '{}', DELIVERY)).status).toBe(410);
    expect((await send(t, '{}', DELIVERY)).status).toBe(201);
  });
});
