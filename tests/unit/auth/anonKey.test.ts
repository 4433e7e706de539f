import { describe, expect, it, vi } from 'vitest';
import { readStoredAnonKey, resolveAnonKey, STORED_ANON_KEY } from '../../../src/auth/anonKey.ts';
import { memoryStorage } from '../../support/memoryStorage.ts';

const URL_A = 'http://localhost:8787';

function settings(key: string) {
  return vi.fn(async () => Response.json({ anon_key: key }));
}

const resolve = (o: Partial<Parameters<typeof resolveAnonKey>[0]>) =>
  resolveAnonKey({
    baked: null,
    supabaseUrl: URL_A,
    doc: null,
    fetch: settings('fresh-key'),
    storage: memoryStorage(),
    networkAllowed: true,
    ...o,
  });

describe('the anon key', () => {
  it('is kept beside the session when the backend gives it, so the next start needs no network', async () => {
    const storage = memoryStorage();
    expect(await resolve({ storage })).toBe('fresh-key');
    expect(readStoredAnonKey(storage, URL_A)).toBe('fresh-key');

    const offline = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await resolve({ storage, fetch: offline, networkAllowed: false })).toBe('fresh-key');
    expect(offline).not.toHaveBeenCalled();
  });

  it('comes from what was kept when the backend cannot be reached, and online the fresh answer wins', async () => {
    const storage = memoryStorage({
      [STORED_ANON_KEY]: JSON.stringify({ url: URL_A, key: 'kept-key' }),
    });
    const unreachable = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await resolve({ storage, fetch: unreachable })).toBe('kept-key');
    expect(await resolve({ storage, fetch: settings('new-key') })).toBe('new-key');
    expect(readStoredAnonKey(storage, URL_A)).toBe('new-key');
  });

  it('is never asked for under Go Offline, and with none kept there is no key', async () => {
    const ask = settings('fresh-key');
    await expect(resolve({ fetch: ask, networkAllowed: false })).rejects.toThrow(
      /No Supabase anon key/,
    );
    expect(ask).not.toHaveBeenCalled();
  });

  it('is kept per backend: another backend’s key is never used', async () => {
    const storage = memoryStorage({
      [STORED_ANON_KEY]: JSON.stringify({ url: 'https://other.invalid', key: 'other-key' }),
    });
    await expect(resolve({ storage, networkAllowed: false })).rejects.toThrow();
    expect(readStoredAnonKey(storage, 'https://other.invalid')).toBe('other-key');
  });

  it('baked in at build time wins over everything and needs nothing', async () => {
    const ask = settings('fresh-key');
    expect(await resolve({ baked: 'baked-key', fetch: ask, networkAllowed: false })).toBe(
      'baked-key',
    );
    expect(ask).not.toHaveBeenCalled();
  });
});
