import { afterEach, describe, expect, it } from 'vitest';
import type { FeedStatus } from '../../../../core/model.ts';
import { openDatabase, removeDatabase, type AuroraDatabase } from '../../../../sync/database.ts';
import { readFeedStatus } from '../../../../sync/write.ts';
import { nextFeedStatus } from '../../../../workers/feedStatus.ts';
import {
  CHECK_TIMES_LAG_MS,
  ROUND_WAIT_MS,
  feedRowsInMemory,
  mustWriteFeedRow,
} from '../../../../workers/poller/feedRows.ts';
import { databaseStore } from '../../../../workers/poller/store.ts';
import { fakeClock } from '../../../support/fakeClock.ts';

const MIN = 60_000;
const T0 = Date.UTC(2026, 9, 4, 12);

/** A feed row after a good poll at `at` of data observed at `dataTime`. */
function polled(id: FeedStatus['id'], at: number, dataTime: number | null): FeedStatus {
  return nextFeedStatus(
    null,
    id,
    {
      kind: 'success',
      dataTime,
      etag: '"v1"',
      lastModified: null,
      schemaDrift: false,
      replay: false,
    },
    at,
  );
}
const unchangedAt = (row: FeedStatus, at: number) =>
  nextFeedStatus(row, row.id, { kind: 'not-modified' }, at);

describe('when an unchanged answer writes the feed row', () => {
  it('never for a 1-minute product whose data is fresh: only its check times moved', () => {
    const stored = polled('magnetic-field', T0, T0 - MIN);
    for (let m = 1; m <= 12; m++)
      expect(
        mustWriteFeedRow(stored, unchangedAt(stored, T0 + m * MIN), {
          now: T0 + m * MIN,
          nextPollInMs: MIN,
        }),
        `minute ${m}`,
      ).toBe(false);
  });

  it('for alerts, before the stored fetch time would read stale (they are aged from the last fetch)', () => {
    // Alerts: polled every 3 min, fresh for 15 min after the last successful fetch.
    const stored = polled('alerts', T0, null);
    const write = (m: number) =>
      mustWriteFeedRow(stored, unchangedAt(stored, T0 + m * MIN), {
        now: T0 + m * MIN,
        nextPollInMs: 3 * MIN,
      });
    expect([3, 6, 9].map(write)).toEqual([false, false, false]);
    expect(write(10)).toBe(true);
  });

  it('for alerts, only hourly while no other tab reads the stored row (this tab has every report)', () => {
    const stored = polled('alerts', T0, null);
    const write = (m: number, othersRead: boolean) =>
      mustWriteFeedRow(stored, unchangedAt(stored, T0 + m * MIN), {
        now: T0 + m * MIN,
        nextPollInMs: 3 * MIN,
        othersRead,
      });
    expect([10, 30, 57].map((m) => write(m, false))).toEqual([false, false, false]);
    expect(write(CHECK_TIMES_LAG_MS / MIN, false)).toBe(true);
    // A second tab open: it reads the stored row, so the old rule holds.
    expect(write(10, true)).toBe(true);
  });

  it('keeps a frozen feed frozen, not stale, on the page: its success time is written in time', () => {
    // The oval's data stopped 40 min ago; upstream still answers (frozen needs a recent success).
    const stored = polled('aurora-oval', T0, T0 - 40 * MIN);
    expect(stored.state).toBe('frozen');
    const write = (m: number) =>
      mustWriteFeedRow(stored, unchangedAt(stored, T0 + m * MIN), {
        now: T0 + m * MIN,
        nextPollInMs: 5 * MIN,
      });
    expect(write(5)).toBe(false);
    expect(write(11)).toBe(true);
  });

  it('at least hourly, sooner when another row is written in the same round', () => {
    const stored = polled('kp-index', T0, T0 - 30 * MIN);
    const at = (m: number, joining = false) =>
      mustWriteFeedRow(stored, unchangedAt(stored, T0 + m * MIN), {
        now: T0 + m * MIN,
        nextPollInMs: 5 * MIN,
        joining,
      });
    expect(at(55)).toBe(false);
    expect(at(CHECK_TIMES_LAG_MS / MIN)).toBe(true);
    expect(at(25, true)).toBe(false);
    expect(at(30, true)).toBe(true);
  });

  it('always when anything but the check times changed: data, version, error, state', () => {
    const stored = polled('kp-1m', T0, T0 - MIN);
    const ctx = { now: T0 + MIN, nextPollInMs: MIN };
    expect(mustWriteFeedRow(null, stored, ctx)).toBe(true);
    expect(mustWriteFeedRow(stored, { ...stored, dataTime: T0 }, ctx)).toBe(true);
    expect(mustWriteFeedRow(stored, { ...stored, etag: '"v2"' }, ctx)).toBe(true);
    const failed = nextFeedStatus(stored, 'kp-1m', { kind: 'failure', error: 'x' }, T0 + MIN);
    expect(mustWriteFeedRow(stored, failed, ctx)).toBe(true);
    // Twenty minutes on, the same data is stale: the state the page reads changes, so it is written.
    const later = unchangedAt(stored, T0 + 20 * MIN);
    expect(later.state).not.toBe(stored.state);
    expect(mustWriteFeedRow(stored, later, { now: T0 + 20 * MIN, nextPollInMs: MIN })).toBe(true);
  });
});

let db: AuroraDatabase | undefined;
afterEach(async () => {
  if (db && !db.closed) await removeDatabase(db);
  db = undefined;
});

describe('the feed rows in the poller’s memory', () => {
  it('read the database once, answer later reads from memory, and write only what the page must see', async () => {
    db = await openDatabase({ storage: 'memory', name: `feed-rows-${process.pid}-${Date.now()}` });
    let now = T0;
    const store = databaseStore(db);
    let reads = 0;
    const rows = feedRowsInMemory(
      {
        readFeedStatus: (id) => {
          reads++;
          return store.readFeedStatus(id);
        },
        writeFeedStatuses: store.writeFeedStatuses,
      },
      { now: () => now, nextPollInMs: () => MIN },
    );
    const events: string[] = [];
    const sub = db.$.subscribe((e) => events.push(e.documentId));
    expect(await rows.read('kp-1m')).toBeNull();
    const first = polled('kp-1m', now, now - MIN);
    await rows.write(first);
    expect(events).toEqual(['kp-1m']);
    for (let m = 1; m <= 5; m++) {
      now = T0 + m * MIN;
      const prev = await rows.read('kp-1m');
      await rows.write(unchangedAt(prev!, now));
    }
    sub.unsubscribe();
    expect(reads).toBe(1);
    expect(events).toEqual(['kp-1m']);
    // The poller's own view moved on; the stored row keeps the first check.
    expect((await rows.read('kp-1m'))?.lastSuccess).toBe(T0 + 5 * MIN);
    expect((await readFeedStatus(db, 'kp-1m'))?.lastSuccess).toBe(T0);
  });

  it('writes the rows whose check times moved at once when another tab opens (flush), and only those', async () => {
    db = await openDatabase({ storage: 'memory', name: `feed-flush-${process.pid}-${Date.now()}` });
    let now = T0;
    let othersRead = false;
    const rows = feedRowsInMemory(databaseStore(db), {
      now: () => now,
      nextPollInMs: (id) => (id === 'alerts' ? 3 * MIN : MIN),
      othersRead: async () => othersRead,
    });
    await rows.read('alerts');
    await rows.read('kp-1m');
    await rows.write(polled('alerts', now, null));
    await rows.write(polled('kp-1m', now, now - MIN));
    for (let m = 3; m <= 12; m += 3) {
      now = T0 + m * MIN;
      await rows.write(unchangedAt((await rows.read('alerts'))!, now));
    }
    // Twelve minutes on, the stored alerts row would read "stale" in 4 min in another tab.
    expect((await readFeedStatus(db, 'alerts'))?.lastSuccess).toBe(T0);
    const events: string[] = [];
    const sub = db.$.subscribe((e) => events.push(e.documentId));
    othersRead = true;
    await rows.flush();
    sub.unsubscribe();
    expect(events).toEqual(['alerts']);
    expect((await readFeedStatus(db, 'alerts'))?.lastSuccess).toBe(T0 + 12 * MIN);
  });

  it('asks whether another tab is open only when its answer decides the write', async () => {
    db = await openDatabase({ storage: 'memory', name: `feed-ask-${process.pid}-${Date.now()}` });
    let now = T0;
    let asked = 0;
    const rows = feedRowsInMemory(databaseStore(db), {
      now: () => now,
      nextPollInMs: (id) => (id === 'alerts' ? 3 * MIN : MIN),
      othersRead: async () => {
        asked++;
        return false;
      },
    });
    await rows.read('kp-1m');
    await rows.read('alerts');
    // A first row is written whoever reads it; an unchanged 1-minute answer is never written.
    await rows.write(polled('kp-1m', now, now - MIN));
    await rows.write(polled('alerts', now, null));
    now = T0 + MIN;
    await rows.write(unchangedAt((await rows.read('kp-1m'))!, now));
    expect(asked).toBe(0);
    // Ten minutes on, alerts would read stale in another tab before the next poll: that decides.
    now = T0 + 10 * MIN;
    await rows.write(unchangedAt((await rows.read('alerts'))!, now));
    expect(asked).toBe(1);
  });

  /** Three polls of one round over a real database, their rows' writes and the change events counted. */
  async function roundOfThree(name: string) {
    db = await openDatabase({ storage: 'memory', name: `${name}-${process.pid}-${Date.now()}` });
    const clock = fakeClock(T0);
    let inFlight = 3;
    const writes: string[][] = [];
    const store = databaseStore(db);
    const rows = feedRowsInMemory(
      {
        readFeedStatus: store.readFeedStatus,
        writeFeedStatuses: (statuses) => {
          writes.push(statuses.map((s) => s.id));
          return store.writeFeedStatuses(statuses);
        },
      },
      {
        now: clock.now,
        nextPollInMs: () => MIN,
        pollsInFlight: () => inFlight,
        timers: clock.timers,
      },
    );
    const bulks: string[][] = [];
    const sub = db.eventBulks$.subscribe((b) => bulks.push(b.events.map((e) => e.documentId)));
    const ended = () => {
      inFlight--;
      rows.pollEnded();
    };
    return { rows, clock, writes, bulks, ended, stop: () => sub.unsubscribe() };
  }
  const settled = (p: Promise<unknown>) => {
    let done = false;
    void p.then(() => (done = true));
    return async () => {
      for (let i = 0; i < 50; i++) await new Promise((r) => setImmediate(r));
      return done;
    };
  };

  it('write a round’s rows together once its polls are in: one change event, not one a row', async () => {
    const { rows, writes, bulks, stop } = await roundOfThree('feed-round');
    const kp = rows.write(polled('kp-1m', T0, T0 - MIN));
    const mag = rows.write(polled('magnetic-field', T0, T0 - MIN));
    // Two of the three polls wait for the third, which is still fetching.
    expect(await settled(kp)()).toBe(false);
    expect(writes).toEqual([]);
    const wind = rows.write(polled('solar-wind', T0, T0 - MIN));
    await Promise.all([kp, mag, wind]);
    stop();
    expect(writes).toEqual([['kp-1m', 'magnetic-field', 'solar-wind']]);
    expect(bulks).toEqual([['kp-1m', 'magnetic-field', 'solar-wind']]);
    expect((await readFeedStatus(db!, 'solar-wind'))?.lastSuccess).toBe(T0);
  });

  it('write the waiting rows when the round’s last poll ends without a row of its own', async () => {
    const { rows, bulks, ended, stop } = await roundOfThree('feed-round-end');
    const kp = rows.write(polled('kp-1m', T0, T0 - MIN));
    const mag = rows.write(polled('magnetic-field', T0, T0 - MIN));
    const both = settled(Promise.all([kp, mag]));
    expect(await both()).toBe(false);
    // The third poll's answer changed nothing: it ends without writing.
    ended();
    expect(await both()).toBe(true);
    stop();
    expect(bulks).toEqual([['kp-1m', 'magnetic-field']]);
  });

  it('do not wait longer than ROUND_WAIT_MS for a slow poll of the round', async () => {
    const { rows, clock, bulks, stop } = await roundOfThree('feed-round-slow');
    const kp = rows.write(polled('kp-1m', T0, T0 - MIN));
    const done = settled(kp);
    clock.advanceTo(T0 + ROUND_WAIT_MS - 1);
    expect(await done()).toBe(false);
    clock.advanceTo(T0 + ROUND_WAIT_MS);
    expect(await done()).toBe(true);
    stop();
    expect(bulks).toEqual([['kp-1m']]);
  });

  it('take along every row whose check times moved: after the first rows, every write holds all four', async () => {
    let now = T0;
    const writes: { at: number; ids: string[] }[] = [];
    // Three 1-minute feeds and one polled every 15 minutes from minute 5; each answer changes
    // nothing but for one new version per feed (minutes 34, 123, 73, 138), written at once.
    const feeds = [
      { id: 'alerts', every: 1, phase: 0, change: 34 },
      { id: 'icao-advisories', every: 1, phase: 0, change: 123 },
      { id: 'kp-index', every: 1, phase: 0, change: 73 },
      { id: 'kp-forecast', every: 15, phase: 5, change: 138 },
    ] as const;
    const rows = feedRowsInMemory(
      {
        readFeedStatus: async () => null,
        writeFeedStatuses: async (statuses) =>
          void writes.push({ at: (now - T0) / MIN, ids: statuses.map((s) => s.id).sort() }),
      },
      {
        now: () => now,
        nextPollInMs: (id) => feeds.find((f) => f.id === id)!.every * MIN,
        othersRead: async () => false,
      },
    );
    for (let m = 0; m < 400; m++) {
      now = T0 + m * MIN;
      for (const f of feeds) {
        if (m < f.phase || (m - f.phase) % f.every !== 0) continue;
        const prev = await rows.read(f.id);
        const next = prev === null ? polled(f.id, now, null) : unchangedAt(prev, now);
        await rows.write(m === f.change ? { ...next, etag: '"v2"' } : next);
      }
    }
    const all = ['alerts', 'icao-advisories', 'kp-forecast', 'kp-index'];
    const later = writes.filter((w) => w.at >= 5);
    // A write is one change event whatever it holds; a row left out (a version written alone, or
    // a 15-minute row written at its own poll) had its next hourly write on an hour of its own.
    // (Taking along only check times half an hour old, minute 5 wrote kp-forecast alone, and
    // minute 73 kp-index.)
    expect(later.length).toBeGreaterThan(5);
    for (const w of later) expect(w.ids, `the write at minute ${w.at}`).toEqual(all);
  });

  it('fail every row of a round whose write failed, and keep them unwritten in memory', async () => {
    db = await openDatabase({ storage: 'memory', name: `feed-fail-${process.pid}-${Date.now()}` });
    const store = databaseStore(db);
    let fail = true;
    let inFlight = 2;
    const rows = feedRowsInMemory(
      {
        readFeedStatus: store.readFeedStatus,
        writeFeedStatuses: (statuses) =>
          fail
            ? Promise.reject(new Error('QuotaExceededError'))
            : store.writeFeedStatuses(statuses),
      },
      { now: () => T0, nextPollInMs: () => MIN, pollsInFlight: () => inFlight },
    );
    const kp = rows.write(polled('kp-1m', T0, T0 - MIN));
    const mag = rows.write(polled('magnetic-field', T0, T0 - MIN));
    await expect(kp).rejects.toThrow('QuotaExceededError');
    await expect(mag).rejects.toThrow('QuotaExceededError');
    // Not stored, so the next poll's unchanged answer still writes it.
    fail = false;
    inFlight = 1;
    await rows.write(unchangedAt((await rows.read('kp-1m'))!, T0 + MIN));
    expect((await readFeedStatus(db, 'kp-1m'))?.lastSuccess).toBe(T0 + MIN);
  });
});

describe('writeFeedStatuses', () => {
  it('writes several rows in one change event, leaves the unchanged ones, and the later of two rows of one feed wins', async () => {
    db = await openDatabase({ storage: 'memory', name: `feed-bulk-${process.pid}-${Date.now()}` });
    const store = databaseStore(db);
    const kp = polled('kp-1m', T0, T0 - MIN);
    await store.writeFeedStatus(kp);
    const bulks: string[][] = [];
    const sub = db.eventBulks$.subscribe((b) => bulks.push(b.events.map((e) => e.documentId)));
    const alerts = polled('alerts', T0, null);
    await store.writeFeedStatuses([
      kp,
      polled('magnetic-field', T0, T0 - MIN),
      alerts,
      { ...alerts, lastSuccess: T0 + MIN, lastAttempt: T0 + MIN },
    ]);
    await store.writeFeedStatuses([]);
    sub.unsubscribe();
    expect(bulks).toEqual([['magnetic-field', 'alerts']]);
    expect((await readFeedStatus(db, 'alerts'))?.lastSuccess).toBe(T0 + MIN);
  });

  it('writes over a row another writer changed between its read and its write (last write wins, as upsert)', async () => {
    db = await openDatabase({ storage: 'memory', name: `feed-race-${process.pid}-${Date.now()}` });
    const store = databaseStore(db);
    const kp = polled('kp-1m', T0, T0 - MIN);
    await store.writeFeedStatus(kp);
    // Another writer (another tab's poller) writes the row after this write read it.
    const instance = db.feeds.storageInstance as { bulkWrite: (...a: never[]) => Promise<unknown> };
    const original = instance.bulkWrite.bind(instance);
    let raced = false;
    instance.bulkWrite = async (...args: never[]) => {
      if (!raced) {
        raced = true;
        await store.writeFeedStatus(unchangedAt(kp, T0 + MIN));
      }
      return original(...args);
    };
    const ours = unchangedAt(kp, T0 + 2 * MIN);
    await store.writeFeedStatuses([ours]);
    expect(raced).toBe(true);
    expect((await readFeedStatus(db, 'kp-1m'))?.lastSuccess).toBe(T0 + 2 * MIN);
  });
});
