import { describe, expect, it } from 'vitest';
import webpush from 'web-push';
import {
  checkPushEndpoint,
  ENDPOINT_ERRORS,
  isPublicAddress,
  pushPolicyFromEnv,
  type PushEndpointPolicy,
} from '../../../../../supabase/functions/_shared/pushEndpoint.ts';
import {
  PushRefusedError,
  createWebPushSender,
} from '../../../../../supabase/functions/kp-alert-sender/webPush.ts';

/**
 * SSRF through push endpoints. The resolver and the sender's fetch are injected: a fetch that is
 * reached fails the test instead of connecting anywhere, and names resolve only through the table.
 */
const DNS: Record<string, string[]> = {
  'public.push.invalid': ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
  'loopback.push.invalid': ['127.0.0.1'],
  'private10.push.invalid': ['10.1.2.3'],
  'private172.push.invalid': ['172.20.0.5'],
  'private192.push.invalid': ['192.168.1.10'],
  'metadata.push.invalid': ['169.254.169.254'],
  'v6loopback.push.invalid': ['::1'],
  'ula.push.invalid': ['fd12:3456::1'],
  'linklocal.push.invalid': ['fe80::1%eth0'],
  'mapped.push.invalid': ['::ffff:127.0.0.1'],
  'zero.push.invalid': ['0.0.0.0'],
  // One good and one private answer: the connection could use either.
  'mixed.push.invalid': ['93.184.215.14', '10.0.0.1'],
};

function policy(
  extra: Partial<PushEndpointPolicy> = {},
): PushEndpointPolicy & { lookups: string[] } {
  const lookups: string[] = [];
  return {
    hosts: ['fcm.googleapis.com', '*.notify.windows.com'],
    origins: [],
    resolve: async (host) => {
      lookups.push(host);
      const answer = DNS[host];
      if (!answer) throw new Error(`ENOTFOUND ${host}`);
      return answer;
    },
    lookups,
    ...extra,
  };
}

const refusingFetch = (async (input: RequestInfo | URL) => {
  throw new Error(`the sender connected to ${String(input)}: it must refuse before connecting`);
}) as typeof fetch;

const target = (endpoint: string) => ({
  endpoint,
  // A real browser key pair's public half and auth secret, so only the endpoint can be the reason.
  p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
  auth: 'tBHItJI5svbpez7KI4CCXg',
});

const refusedEndpoints: [string, string][] = [
  ['https://127.0.0.1/push', ENDPOINT_ERRORS.privateAddress],
  ['https://127.8.9.10/push', ENDPOINT_ERRORS.privateAddress],
  ['https://10.0.0.1/push', ENDPOINT_ERRORS.privateAddress],
  ['https://172.16.0.1/push', ENDPOINT_ERRORS.privateAddress],
  ['https://172.31.255.254/push', ENDPOINT_ERRORS.privateAddress],
  ['https://192.168.0.1/push', ENDPOINT_ERRORS.privateAddress],
  ['https://169.254.169.254/latest/meta-data/', ENDPOINT_ERRORS.privateAddress],
  ['https://0.0.0.0/push', ENDPOINT_ERRORS.privateAddress],
  ['https://[::1]/push', ENDPOINT_ERRORS.privateAddress],
  ['https://[::]/push', ENDPOINT_ERRORS.privateAddress],
  ['https://[fc00::1]/push', ENDPOINT_ERRORS.privateAddress],
  ['https://[fd12:3456::1]/push', ENDPOINT_ERRORS.privateAddress],
  ['https://[fe80::1]/push', ENDPOINT_ERRORS.privateAddress],
  ['https://[::ffff:127.0.0.1]/push', ENDPOINT_ERRORS.privateAddress],
  ['https://[::ffff:169.254.169.254]/push', ENDPOINT_ERRORS.privateAddress],
  ['https://[64:ff9b::10.0.0.1]/push', ENDPOINT_ERRORS.privateAddress],
  // Other spellings of 127.0.0.1 and 169.254.169.254 that URL parsers and resolvers accept.
  ['https://2130706433/push', ENDPOINT_ERRORS.privateAddress],
  ['https://0177.0.0.1/push', ENDPOINT_ERRORS.privateAddress],
  ['https://0x7f.0.0.1/push', ENDPOINT_ERRORS.privateAddress],
  ['https://0x7f000001/push', ENDPOINT_ERRORS.privateAddress],
  ['https://127.1/push', ENDPOINT_ERRORS.privateAddress],
  ['https://0xa9fea9fe/push', ENDPOINT_ERRORS.privateAddress],
  ['https://2852039166/push', ENDPOINT_ERRORS.privateAddress],
  // Names that resolve to such addresses.
  ['https://loopback.push.invalid/push', ENDPOINT_ERRORS.privateAddress],
  ['https://private10.push.invalid/push', ENDPOINT_ERRORS.privateAddress],
  ['https://private172.push.invalid/push', ENDPOINT_ERRORS.privateAddress],
  ['https://private192.push.invalid/push', ENDPOINT_ERRORS.privateAddress],
  ['https://metadata.push.invalid/push', ENDPOINT_ERRORS.privateAddress],
  ['https://v6loopback.push.invalid/push', ENDPOINT_ERRORS.privateAddress],
  ['https://ula.push.invalid/push', ENDPOINT_ERRORS.privateAddress],
  ['https://linklocal.push.invalid/push', ENDPOINT_ERRORS.privateAddress],
  ['https://mapped.push.invalid/push', ENDPOINT_ERRORS.privateAddress],
  ['https://zero.push.invalid/push', ENDPOINT_ERRORS.privateAddress],
  ['https://mixed.push.invalid/push', ENDPOINT_ERRORS.privateAddress],
  ['https://nowhere.push.invalid/push', ENDPOINT_ERRORS.unresolvable],
  // Credentials, and plain http even to a public or allow-listed host.
  ['https://user:pass@public.push.invalid/push', ENDPOINT_ERRORS.credentials],
  ['https://user@fcm.googleapis.com/fcm/send/x', ENDPOINT_ERRORS.credentials],
  ['http://public.push.invalid/push', ENDPOINT_ERRORS.notHttps],
  ['http://fcm.googleapis.com/fcm/send/x', ENDPOINT_ERRORS.notHttps],
  ['http://127.0.0.1:4010/push', ENDPOINT_ERRORS.notHttps],
  ['ftp://public.push.invalid/push', ENDPOINT_ERRORS.notHttps],
];

const DELIVERY = { ttlSeconds: 600, urgency: 'normal' as const, topic: 'abc' };

describe('push endpoint policy', () => {
  it.each(refusedEndpoints)('refuses %s (%s)', async (endpoint, error) => {
    expect(await checkPushEndpoint(endpoint, policy())).toEqual({ ok: false, error });
  });

  it.each(refusedEndpoints)(
    'the Kp alert sender refuses %s before any connection',
    async (endpoint, error) => {
      const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:test@aurora.invalid' };
      const send = createWebPushSender(vapid, policy(), refusingFetch);
      const sent = send(target(endpoint), '{}', DELIVERY);
      await expect(sent).rejects.toBeInstanceOf(PushRefusedError);
      await expect(sent).rejects.toThrow(error);
    },
  );

  it('accepts an https endpoint whose host resolves only to public addresses, asking DNS each time', async () => {
    const p = policy();
    expect(await checkPushEndpoint('https://public.push.invalid/push/abc', p)).toEqual({
      ok: true,
    });
    expect(await checkPushEndpoint('https://public.push.invalid/push/abc', p)).toEqual({
      ok: true,
    });
    expect(p.lookups).toEqual(['public.push.invalid', 'public.push.invalid']);
    expect(await checkPushEndpoint('https://93.184.215.14/push', p)).toEqual({ ok: true });
    expect(await checkPushEndpoint('https://[2606:2800:21f:cb07::1]/push', p)).toEqual({
      ok: true,
    });
  });

  it('refuses at send time a host whose DNS answer turned private after it was stored', async () => {
    const answers: Record<string, string[]> = { 'rebind.push.invalid': ['93.184.215.14'] };
    const p = policy({ resolve: async (host) => answers[host] ?? [] });
    expect(await checkPushEndpoint('https://rebind.push.invalid/push', p)).toEqual({ ok: true });
    answers['rebind.push.invalid'] = ['169.254.169.254'];
    const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:test@aurora.invalid' };
    await expect(
      createWebPushSender(vapid, p, refusingFetch)(
        target('https://rebind.push.invalid/push'),
        '{}',
        DELIVERY,
      ),
    ).rejects.toThrow(ENDPOINT_ERRORS.privateAddress);
  });

  it('accepts allow-listed push services without asking DNS, including subdomains of a *. rule', async () => {
    const p = policy();
    expect(await checkPushEndpoint('https://fcm.googleapis.com/fcm/send/abc:def', p)).toEqual({
      ok: true,
    });
    expect(await checkPushEndpoint('https://wns2-db5p.notify.windows.com/w/?token=x', p)).toEqual({
      ok: true,
    });
    expect(await checkPushEndpoint('https://notify.windows.com.evil.invalid/w', p)).toEqual({
      ok: false,
      error: ENDPOINT_ERRORS.unresolvable,
    });
    expect(p.lookups).toEqual(['notify.windows.com.evil.invalid']);
  });

  it('trusts an exact allow-listed origin (a local test push service) and nothing else on that host', async () => {
    const p = policy({ origins: ['http://127.0.0.1:4010'] });
    expect(await checkPushEndpoint('http://127.0.0.1:4010/push/x', p)).toEqual({ ok: true });
    expect(await checkPushEndpoint('http://127.0.0.1:4011/push/x', p)).toEqual({
      ok: false,
      error: ENDPOINT_ERRORS.notHttps,
    });
    expect(await checkPushEndpoint('https://127.0.0.1:4010/push/x', p)).toEqual({
      ok: false,
      error: ENDPOINT_ERRORS.privateAddress,
    });
  });

  it('reads PUSH_ALLOWED_HOSTS as hosts, *. rules and origins, defaulting to the browsers’ push services', () => {
    const saved = process.env.PUSH_ALLOWED_HOSTS;
    try {
      delete process.env.PUSH_ALLOWED_HOSTS;
      const defaults = pushPolicyFromEnv();
      expect(defaults.hosts).toEqual(
        expect.arrayContaining([
          'fcm.googleapis.com',
          'updates.push.services.mozilla.com',
          '*.notify.windows.com',
          'web.push.apple.com',
        ]),
      );
      expect(defaults.origins).toEqual([]);
      process.env.PUSH_ALLOWED_HOSTS =
        'push.example.invalid, *.push.invalid ,http://127.0.0.1:4010/';
      expect(pushPolicyFromEnv()).toMatchObject({
        hosts: ['push.example.invalid', '*.push.invalid'],
        origins: ['http://127.0.0.1:4010'],
      });
    } finally {
      if (saved === undefined) delete process.env.PUSH_ALLOWED_HOSTS;
      else process.env.PUSH_ALLOWED_HOSTS = saved;
    }
  });

  it('classifies address literals: public unicast yes; special-purpose ranges no', () => {
    for (const a of [
      '8.8.8.8',
      '1.1.1.1',
      '172.15.255.255',
      '172.32.0.1',
      '192.169.0.1',
      '2a00:1450:4001::200e',
      '::ffff:8.8.8.8',
      '[2001:4860:4860::8888]',
    ]) {
      expect([a, isPublicAddress(a)]).toEqual([a, true]);
    }
    for (const a of [
      '100.64.0.1',
      '192.0.2.1',
      '198.18.0.1',
      '224.0.0.1',
      '255.255.255.255',
      '2001:db8::1',
      'ff02::1',
      'fec0::1',
      '2002:7f00:1::1',
      '::ffff:7f00:1',
      'not-an-address',
      '1.2.3',
    ]) {
      expect([a, isPublicAddress(a)]).toEqual([a, false]);
    }
  });
});
