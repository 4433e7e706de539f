import { describe, expect, it } from 'vitest';
import {
  ensureProfile,
  loadProfile,
  profileInsertFor,
  type ProfileInsert,
  type ProfileRow,
  type ProfileStore,
} from '../../../src/auth/profile.ts';

function store(
  answers: { row: ProfileRow | null; error: { message: string } | null }[],
  insertError: { message: string; code?: string } | null = null,
) {
  const inserted: ProfileInsert[] = [];
  let selects = 0;
  const s: ProfileStore = {
    async select() {
      const a = answers[Math.min(selects, answers.length - 1)]!;
      selects++;
      return a;
    },
    async insert(row) {
      inserted.push(row);
      return { error: insertError };
    },
  };
  return { s, inserted, selects: () => selects };
}

const ROW: ProfileRow = { id: 'u1', email: 'a@b.c', full_name: 'A', avatar_url: null };
const user = { id: 'u1', email: 'a@b.c', user_metadata: { name: 'Ada', picture: 'p.png' } };

describe('profile load and create', () => {
  it('tries 3 times, 300 ms apart, before giving up on a failing backend', async () => {
    const slept: number[] = [];
    const st = store([{ row: null, error: { message: 'down' } }]);
    const result = await loadProfile(st.s, 'u1', {
      attempts: 3,
      sleep: async (ms) => void slept.push(ms),
    });
    expect(result).toEqual({ status: 'error', message: 'down' });
    expect(st.selects()).toBe(3);
    expect(slept).toEqual([300, 300]);
  });

  it('stops as soon as the row is there', async () => {
    const st = store([
      { row: null, error: { message: 'blip' } },
      { row: ROW, error: null },
    ]);
    expect(await loadProfile(st.s, 'u1', { attempts: 5, sleep: async () => {} })).toEqual({
      status: 'found',
      profile: ROW,
    });
    expect(st.selects()).toBe(2);
  });

  it('creates the profile when it is missing, with name and avatar from the identity data', async () => {
    const st = store([{ row: null, error: null }]);
    const result = await ensureProfile(st.s, user, {
      attempts: 3,
      sleep: async () => {},
      now: () => Date.UTC(2026, 0, 2),
    });
    expect(result.status).toBe('found');
    expect(st.inserted).toEqual([
      {
        id: 'u1',
        email: 'a@b.c',
        created_at: '2026-01-02T00:00:00.000Z',
        updated_at: '2026-01-02T00:00:00.000Z',
        avatar_url: 'p.png',
        full_name: 'Ada',
      },
    ]);
  });

  it('never creates a profile when the look-up itself failed (offline)', async () => {
    const st = store([{ row: null, error: { message: 'Failed to fetch' } }]);
    const result = await ensureProfile(st.s, user, {
      attempts: 3,
      sleep: async () => {},
      now: () => 0,
    });
    expect(result.status).toBe('error');
    expect(st.inserted).toEqual([]);
  });

  it('treats a duplicate-key insert (created meanwhile elsewhere) as success', async () => {
    const st = store([{ row: null, error: null }], { message: 'duplicate key', code: '23505' });
    expect(
      (await ensureProfile(st.s, user, { attempts: 1, sleep: async () => {}, now: () => 0 }))
        .status,
    ).toBe('found');
  });

  it('omits avatar and name when the identity has none', () => {
    expect(profileInsertFor({ id: 'x', email: null }, 'T')).toEqual({
      id: 'x',
      email: null,
      created_at: 'T',
      updated_at: 'T',
    });
  });
});
