import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getCaller, verifyHs256 } from '../../../../../supabase/functions/_shared/auth.ts';

const SECRET = 'a-test-jwt-secret-that-is-at-least-32-characters';
const NOW = Date.parse('2026-11-22T05:00:00Z');
const saved: Record<string, string | undefined> = {};
const ENV = [
  'SUPABASE_JWT_SECRET',
  'SUPABASE_JWKS',
  'SUPABASE_SERVICE_ROLE_KEY',
  'SUPABASE_ANON_KEY',
  'SUPABASE_URL',
];

function token(claims: Record<string, unknown>, secret = SECRET, expSeconds = NOW / 1000 + 3600) {
  return new SignJWT({ exp: expSeconds, ...claims })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode(secret));
}

const withBearer = (t: string) =>
  new Request('http://localhost/functions/v1/push-subscription', {
    headers: { authorization: `Bearer ${t}` },
  });

beforeEach(() => {
  for (const k of ENV) saved[k] = process.env[k];
  process.env.SUPABASE_JWT_SECRET = SECRET;
  process.env.SUPABASE_SERVICE_ROLE_KEY = 'sb_secret_opaque';
  process.env.SUPABASE_ANON_KEY = 'sb_publishable_opaque';
});
afterEach(() => {
  for (const k of ENV) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
});

describe('function callers', () => {
  it('reads a signed-in user from a valid token', async () => {
    const t = await token({ role: 'authenticated', sub: 'a1b2', email: 'a@example.com' });
    expect(await getCaller(withBearer(t), { now: NOW })).toEqual({
      role: 'authenticated',
      userId: 'a1b2',
      email: 'a@example.com',
    });
  });

  it('treats no token and the anon key as anonymous, and recognises the service role', async () => {
    expect(await getCaller(new Request('http://localhost/x'), { now: NOW })).toEqual({
      role: 'anon',
      userId: null,
    });
    expect(await getCaller(withBearer(await token({ role: 'anon' })), { now: NOW })).toEqual({
      role: 'anon',
      userId: null,
    });
    expect(await getCaller(withBearer('sb_publishable_opaque'), { now: NOW })).toEqual({
      role: 'anon',
      userId: null,
    });
    expect(await getCaller(withBearer('sb_secret_opaque'), { now: NOW })).toEqual({
      role: 'service_role',
      userId: null,
    });
    expect(
      await getCaller(withBearer(await token({ role: 'service_role' })), { now: NOW }),
    ).toEqual({ role: 'service_role', userId: null });
  });

  it('rejects forged, expired, malformed and wrongly signed tokens', async () => {
    const forged = await token(
      { role: 'service_role' },
      'another-secret-that-is-at-least-32-characters',
    );
    await expect(verifyHs256(forged, SECRET, NOW)).rejects.toThrow('Invalid token signature');
    const expired = await token({ role: 'authenticated', sub: 'x' }, SECRET, NOW / 1000 - 1);
    await expect(verifyHs256(expired, SECRET, NOW)).rejects.toThrow('Token expired');
    await expect(verifyHs256('not.a.jwt', SECRET, NOW)).rejects.toThrow('Malformed token');
    const [h, p] = (await token({ role: 'authenticated', sub: 'x' })).split('.');
    const none = `${Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url')}.${p}.`;
    await expect(verifyHs256(none, SECRET, NOW)).rejects.toThrow('Unsupported token algorithm');
    const tampered = `${h}.${Buffer.from(JSON.stringify({ role: 'service_role', exp: NOW / 1000 + 60 })).toString('base64url')}.${(await token({})).split('.')[2]}`;
    await expect(verifyHs256(tampered, SECRET, NOW)).rejects.toThrow('Invalid token signature');
  });

  it('refuses a correctly signed token that carries no expiry, as a caller and as a service role', async () => {
    const key = new TextEncoder().encode(SECRET);
    const forever = (claims: Record<string, unknown>) =>
      new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(key);
    const user = await forever({ role: 'authenticated', sub: 'a1b2' });
    await expect(verifyHs256(user, SECRET, NOW)).rejects.toThrow('Token has no expiry');
    await expect(getCaller(withBearer(user), { now: NOW })).rejects.toThrow('Token has no expiry');
    const service = await forever({ role: 'service_role' });
    await expect(getCaller(withBearer(service), { now: NOW })).rejects.toThrow(
      'Token has no expiry',
    );
  });
});

describe('function callers on hosted Supabase (SUPABASE_JWKS, no shared secret)', () => {
  async function signingKey() {
    const { publicKey, privateKey } = await generateKeyPair('ES256');
    const jwk = { ...(await exportJWK(publicKey)), kid: 'key-1', alg: 'ES256' };
    return {
      jwks: JSON.stringify({ keys: [jwk] }),
      sign: (claims: Record<string, unknown>) =>
        new SignJWT(claims).setProtectedHeader({ alg: 'ES256', kid: 'key-1' }).sign(privateKey),
    };
  }
  const authMustNotBeAsked = (() => {
    throw new Error('Auth was asked');
  }) as unknown as typeof fetch;

  it('reads the caller from a token signed with a published key, without asking Auth', async () => {
    const key = await signingKey();
    delete process.env.SUPABASE_JWT_SECRET;
    process.env.SUPABASE_JWKS = key.jwks;
    const t = await key.sign({ role: 'authenticated', sub: 'u-9', exp: NOW / 1000 + 60 });
    expect(await getCaller(withBearer(t), { now: NOW, fetch: authMustNotBeAsked })).toEqual({
      role: 'authenticated',
      userId: 'u-9',
      email: null,
    });
  });

  it('refuses a token signed with a published key but without expiry, or expired', async () => {
    const key = await signingKey();
    delete process.env.SUPABASE_JWT_SECRET;
    process.env.SUPABASE_JWKS = key.jwks;
    const forever = await key.sign({ role: 'service_role' });
    await expect(
      getCaller(withBearer(forever), { now: NOW, fetch: authMustNotBeAsked }),
    ).rejects.toThrow('Token has no expiry');
    const old = await key.sign({ role: 'authenticated', sub: 'u-9', exp: NOW / 1000 - 1 });
    await expect(
      getCaller(withBearer(old), { now: NOW, fetch: authMustNotBeAsked }),
    ).rejects.toThrow('Token expired');
  });

  it('asks Auth about a token no published key can check (legacy HS256, or an empty key set)', async () => {
    const key = await signingKey();
    delete process.env.SUPABASE_JWT_SECRET;
    process.env.SUPABASE_URL = 'http://project.aurora.invalid';
    const asked: string[] = [];
    const auth = (async (url: string | URL | Request) => {
      asked.push(String(url));
      return new Response(JSON.stringify({ id: 'u-legacy', email: 'l@example.com' }));
    }) as typeof fetch;
    const legacy = await token({ role: 'authenticated', sub: 'u-legacy' });
    for (const jwks of [key.jwks, JSON.stringify({ keys: [] })]) {
      process.env.SUPABASE_JWKS = jwks;
      expect(await getCaller(withBearer(legacy), { now: NOW, fetch: auth })).toEqual({
        role: 'authenticated',
        userId: 'u-legacy',
        email: 'l@example.com',
      });
    }
    expect(asked).toEqual([
      'http://project.aurora.invalid/auth/v1/user',
      'http://project.aurora.invalid/auth/v1/user',
    ]);
  });
});
