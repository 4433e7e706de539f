import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  hashFeedToken,
  newFeedToken,
  tokenFromSegment,
} from '../../../../../supabase/functions/plan-feed/feedToken.ts';

describe('the calendar feed’s token', () => {
  it('is 256 random bits written base64url, different each time', () => {
    const a = newFeedToken();
    const b = newFeedToken();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
    // All 32 bytes reach the text: base64url of the bytes given.
    const bytes = Uint8Array.from({ length: 32 }, (_, i) => i * 8 + 3);
    const token = newFeedToken((b) => (b.set(bytes), b));
    expect(Buffer.from(token, 'base64url')).toEqual(Buffer.from(bytes));
  });

  it('is stored as the lowercase hex SHA-256 of its text', async () => {
    const token = newFeedToken();
    const hash = await hashFeedToken(token);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).toBe(createHash('sha256').update(token, 'utf8').digest('hex'));
    expect(hash).not.toContain(token);
    expect(await hashFeedToken(`${token.slice(0, -1)}x`)).not.toBe(hash);
  });

  it('is read only from a “<token>.ics” path segment of the right shape', () => {
    const token = newFeedToken();
    expect(tokenFromSegment(`${token}.ics`)).toBe(token);
    expect(tokenFromSegment(token)).toBeNull();
    expect(tokenFromSegment(`${token}x.ics`)).toBeNull();
    expect(tokenFromSegment(`${token.slice(1)}.ics`)).toBeNull();
    expect(tokenFromSegment(`${token.slice(1)}/.ics`)).toBeNull();
    expect(tokenFromSegment(undefined)).toBeNull();
  });
});
