import { describe, expect, it } from 'vitest';
import { addressKey, callerAddress } from '../../../../../supabase/functions/_shared/rateLimit.ts';

const from = (forwardedFor?: string) =>
  callerAddress(
    new Request('http://localhost/functions/v1/push-subscription', {
      headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
    }),
  );

describe('the caller address a per-address limit counts', () => {
  it('is the last X-Forwarded-For entry, the one our proxy set: what the client prepended is never read', () => {
    expect(from('203.0.113.7')).toBe('203.0.113.7');
    expect(from('10.9.8.7, 198.51.100.1, 203.0.113.7')).toBe('203.0.113.7');
    expect(from(' 198.51.100.1 ,  203.0.113.7 ')).toBe('203.0.113.7');
  });

  it('counts an IPv6 address by its /64, in whatever spelling, and an IPv4-mapped one as its IPv4', () => {
    expect(addressKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0DB8:0001:0002::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('[2001:db8:1:2::ffff]')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('::ffff:192.0.2.33')).toBe('192.0.2.33');
  });

  it('puts callers without a readable address in one shared key', () => {
    expect(from()).toBe('unknown');
    expect(from('')).toBe('unknown');
    expect(from('203.0.113.7, not-an-address')).toBe('unknown');
    expect(addressKey('2001:db8:::1')).toBeNull();
  });
});
