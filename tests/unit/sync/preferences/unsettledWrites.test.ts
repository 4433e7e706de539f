import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AuroraDatabase } from '../../../../sync/database.ts';
import {
  readDeviceChoices,
  updateDeviceChoices,
} from '../../../../sync/preferences/deviceChoices.ts';
import { readAnonymousEdits } from '../../../../sync/preferences/anonymousEdits.ts';
import {
  readPreferences,
  updatePreferences,
} from '../../../../sync/preferences/updatePreferences.ts';
import {
  createUnsettledWrites,
  NOTE_PREFIX,
  noteIsStale,
  unsettledWriteFrom,
  type UnsettledEnv,
} from '../../../../sync/preferences/unsettledWrites.ts';
import { disposeTestDatabase, openTestDatabase } from '../../../support/testDb.ts';

/** localStorage as a Map (one per device, shared by its pages); `full` makes it refuse writes. */
function memoryStorage() {
  const items = new Map<string, string>();
  return {
    full: false,
    items,
    get length() {
      return items.size;
    },
    key: (i: number) => [...items.keys()][i] ?? null,
    getItem: (k: string) => items.get(k) ?? null,
    setItem(k: string, v: string) {
      if (this.full) throw new DOMException('full', 'QuotaExceededError');
      items.set(k, v);
    },
    removeItem: (k: string) => void items.delete(k),
  };
}

/**
 * Web Locks for one device: a name is held by one callback at a time, the others wait in order.
 * `gone(page)` is a page closing: the browser releases what it held and drops what it asked for.
 */
function deviceLocks() {
  type Ask = { page: string; run: () => void };
  const queues = new Map<string, Ask[]>();
  const advance = (name: string) => {
    const q = queues.get(name);
    if (q && q.length > 0) q[0]!.run();
  };
  const finished = (name: string, ask: Ask) => {
    const q = queues.get(name) ?? [];
    const i = q.indexOf(ask);
    if (i < 0) return;
    q.splice(i, 1);
    if (i === 0) advance(name);
  };
  return {
    forPage(page: string): Pick<LockManager, 'request'> {
      return {
        request: ((name: string, cb: () => Promise<unknown>) =>
          new Promise<unknown>((resolve, reject) => {
            const ask: Ask = {
              page,
              run: () =>
                void Promise.resolve()
                  .then(cb)
                  .then(resolve, reject)
                  .finally(() => finished(name, ask)),
            };
            const q = queues.get(name) ?? [];
            queues.set(name, [...q, ask]);
            if (q.length === 0) ask.run();
          })) as LockManager['request'],
      };
    },
    gone(page: string) {
      for (const [name, q] of queues) {
        const head = q[0];
        queues.set(
          name,
          q.filter((a) => a.page !== page),
        );
        if (head?.page === page) advance(name);
      }
    },
  };
}

let db: AuroraDatabase | undefined;
let storage: ReturnType<typeof memoryStorage>;
let locks: ReturnType<typeof deviceLocks>;
const pageEnv = (page: string): UnsettledEnv => ({ storage, locks: locks.forPage(page), page });
const notesLeft = () => [...storage.items.keys()].filter((k) => k.startsWith(NOTE_PREFIX));
/** Starts page b's replay; the result reads how many it wrote (null: still waiting). */
function replayOnPageB(): () => number | null {
  let replayed: number | null = null;
  void createUnsettledWrites(pageEnv('b'))
    .replay(db!)
    .then((n) => (replayed = n));
  return () => replayed;
}
const ticks = async (n = 20) => {
  for (let i = 0; i < n; i++) await new Promise((r) => setTimeout(r, 0));
};

beforeEach(async () => {
  db = await openTestDatabase();
  storage = memoryStorage();
  locks = deviceLocks();
});
afterEach(async () => {
  await disposeTestDatabase(db);
});

describe('a choice noted before its write, for a page closed before the write commits', () => {
  it('is written by the next page: every choice of the gone page, in order, with its own time', async () => {
    const gone = createUnsettledWrites(pageEnv('a'));
    const at = Date.now() - 5_000;
    gone.note({ kind: 'preferences', userId: null, patch: { defaultMapView: '3d' }, at });
    gone.note({
      kind: 'preferences',
      userId: null,
      patch: { defaultMapStyle: 'light' },
      at: at + 1,
    });
    gone.note({ kind: 'device', patch: { hemisphere: 'south' }, at: at + 2 });
    expect(notesLeft()).toHaveLength(3);
    locks.gone('a');

    const next = createUnsettledWrites(pageEnv('b'));
    expect(await next.replay(db!)).toBe(3);
    expect(await readPreferences(db!, null)).toMatchObject({
      defaultMapView: '3d',
      defaultMapStyle: 'light',
    });
    expect((await readDeviceChoices(db!)).hemisphere).toBe('south');
    // The sign-in merge sees the time the user chose, not the replay's.
    expect(await readAnonymousEdits(db!)).toEqual({
      default_map_view: at,
      default_map_style: at + 1,
    });
    expect(notesLeft()).toEqual([]);
  });

  it('leaves nothing behind once the write is done, and the next page writes nothing', async () => {
    const page = createUnsettledWrites(pageEnv('a'));
    const settle = page.note({
      kind: 'preferences',
      userId: null,
      patch: { showCloudsOnLoad: true },
      at: Date.now(),
    });
    await updatePreferences(db!, null, { showCloudsOnLoad: true }, Date.now());
    settle();
    expect(notesLeft()).toEqual([]);
    expect(await createUnsettledWrites(pageEnv('b')).replay(db!)).toBe(0);
  });

  it('never undoes a later choice: a note older than its document’s last write is dropped', async () => {
    const gone = createUnsettledWrites(pageEnv('a'));
    gone.note({
      kind: 'preferences',
      userId: null,
      patch: { defaultMapStyle: 'light' },
      at: Date.now() - 60_000,
    });
    gone.note({ kind: 'device', patch: { hemisphere: 'south' }, at: Date.now() - 60_000 });
    locks.gone('a');
    // Another tab chose after it.
    await updatePreferences(db!, null, { defaultMapStyle: 'dark' }, Date.now());
    await updateDeviceChoices(db!, { hemisphere: 'north' });

    expect(await createUnsettledWrites(pageEnv('b')).replay(db!)).toBe(0);
    expect((await readPreferences(db!, null)).defaultMapStyle).toBe('dark');
    expect((await readDeviceChoices(db!)).hemisphere).toBe('north');
    expect(notesLeft()).toEqual([]);
  });

  it('drops a signed-in user’s note once their document is gone (signed out), and writes it while it is there', async () => {
    await updatePreferences(db!, 'user-1', { defaultMapView: 'flat' }, Date.now() - 60_000);
    const gone = createUnsettledWrites(pageEnv('a'));
    const at = Date.now() + 1;
    gone.note({ kind: 'preferences', userId: 'user-1', patch: { defaultMapView: '3d' }, at });
    gone.note({ kind: 'preferences', userId: 'user-2', patch: { defaultMapView: '3d' }, at });
    locks.gone('a');
    await new Promise((r) => setTimeout(r, 5));

    expect(await createUnsettledWrites(pageEnv('b')).replay(db!)).toBe(1);
    expect((await readPreferences(db!, 'user-1')).defaultMapView).toBe('3d');
    expect(await db!.preferences.findOne('user-2').exec()).toBeNull();
  });

  it('waits for a page that is still open: its own write settles the note, and nothing is written twice', async () => {
    const open = createUnsettledWrites(pageEnv('a'));
    const settle = open.note({
      kind: 'preferences',
      userId: null,
      patch: { defaultMapStyle: 'light' },
      at: Date.now(),
    });
    const replayed = replayOnPageB();
    await ticks();
    expect(replayed()).toBeNull();
    // The open page's own write goes through, and it settles its note.
    await updatePreferences(db!, null, { defaultMapStyle: 'light' }, Date.now());
    settle();
    await ticks();
    expect(replayed()).toBe(0);
    expect(notesLeft()).toEqual([]);
  });

  it('writes a still-open page’s note if that page goes before its write ends', async () => {
    const open = createUnsettledWrites(pageEnv('a'));
    open.note({ kind: 'device', patch: { hemisphere: 'south' }, at: Date.now() });
    const replayed = replayOnPageB();
    await ticks();
    expect(replayed()).toBeNull();
    locks.gone('a');
    await ticks();
    expect(replayed()).toBe(1);
    expect((await readDeviceChoices(db!)).hemisphere).toBe('south');
  });

  it('writes notes without Web Locks too, and a page without storage notes nothing and never throws', async () => {
    createUnsettledWrites({ storage, locks: null, page: 'a' }).note({
      kind: 'device',
      patch: { hemisphere: 'south' },
      at: Date.now(),
    });
    expect(await createUnsettledWrites({ storage, locks: null, page: 'b' }).replay(db!)).toBe(1);

    storage.full = true;
    const settle = createUnsettledWrites(pageEnv('c')).note({
      kind: 'device',
      patch: { hemisphere: 'north' },
      at: Date.now(),
    });
    expect(() => settle()).not.toThrow();
    expect(notesLeft()).toEqual([]);
    const none = createUnsettledWrites({ storage: null, locks: null, page: 'd' });
    expect(() => none.note({ kind: 'device', patch: {}, at: 0 })()).not.toThrow();
    expect(await none.replay(db!)).toBe(0);
  });

  it('drops damaged notes without writing anything from them', async () => {
    storage.items.set(`${NOTE_PREFIX}x:1`, '{not json');
    storage.items.set(
      `${NOTE_PREFIX}x:2`,
      JSON.stringify({
        kind: 'preferences',
        userId: null,
        patch: { defaultMapView: 'sideways' },
        at: 1,
      }),
    );
    storage.items.set(`${NOTE_PREFIX}x:3`, JSON.stringify({ kind: 'unknown', patch: {}, at: 1 }));
    storage.items.set('someone-else:1', 'kept');
    expect(await createUnsettledWrites(pageEnv('b')).replay(db!)).toBe(0);
    expect(await db!.preferences.count().exec()).toBe(0);
    expect(notesLeft()).toEqual([]);
    expect(storage.items.get('someone-else:1')).toBe('kept');
  });
});

describe('reading a note', () => {
  it('keeps only valid values, and only the device choices the note carries', () => {
    expect(
      unsettledWriteFrom({
        kind: 'preferences',
        userId: null,
        patch: { defaultMapView: '3d', showAuroraOnLoad: 'yes', defaultMapStyle: 'x'.repeat(65) },
        at: 5,
      }),
    ).toEqual({ kind: 'preferences', userId: null, patch: { defaultMapView: '3d' }, at: 5 });
    expect(
      unsettledWriteFrom({ kind: 'device', patch: { location: { lat: 95, lon: 0 } }, at: 5 }),
    ).toBeNull();
    expect(unsettledWriteFrom({ kind: 'device', patch: { hemisphere: 'south' }, at: 5 })).toEqual({
      kind: 'device',
      patch: { hemisphere: 'south' },
      at: 5,
    });
    expect(
      unsettledWriteFrom({
        kind: 'preferences',
        userId: 7,
        patch: { defaultMapView: '3d' },
        at: 5,
      }),
    ).toBeNull();
    expect(
      unsettledWriteFrom({ kind: 'device', patch: { hemisphere: 'south' }, at: NaN }),
    ).toBeNull();
  });

  it('is stale when its document was written at or after it', () => {
    expect(noteIsStale({ at: 10 }, null)).toBe(false);
    expect(noteIsStale({ at: 10 }, 9)).toBe(false);
    expect(noteIsStale({ at: 10 }, 10)).toBe(true);
    expect(noteIsStale({ at: 10 }, 11)).toBe(true);
  });
});
