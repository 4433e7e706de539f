import { afterEach, describe, expect, it } from 'vitest';
import { createPoller, type Poller } from '../../../../workers/poller/createPoller.ts';
import { databaseStore } from '../../../../workers/poller/store.ts';
import { openDatabase, removeDatabase, type AuroraDatabase } from '../../../../sync/database.ts';
import type { FetchLike } from '../../../../workers/request/requestWithRetry.ts';
import { COALESCE_MS } from '../../../../workers/request/multiFetch.ts';
import { fakeClock, type FakeClock } from '../../../support/fakeClock.ts';
import { NOW } from '../../../support/fixtureFiles.ts';
import { constructed } from '../../../support/constructedSwpc.ts';

/**
 * When the poller backfills (poller/backfill.ts): the backfill itself is a stand-in recording its
 * runs; the poller, its schedule and the store are real, and the backend answers the Kp file.
 */
let db: AuroraDatabase | undefined;
let poller: Poller | undefined;
let n = 0;
afterEach(async () => {
  poller?.stop();
  poller = undefined;
  if (db && !db.closed) await removeDatabase(db);
  db = undefined;
});

/** Lets the fake clock and the real database move until `done()` holds (bounded). */
async function settle(clock: FakeClock, done: () => boolean = () => false) {
  for (let i = 0; i < 40 && !done(); i++) {
    clock.advanceTo(clock.now() + 100);
    await new Promise((r) => setTimeout(r, COALESCE_MS + 20));
  }
}

async function setUp() {
  db = await openDatabase({ storage: 'memory', name: `backfill-trigger-${process.pid}-${++n}` });
  const clock = fakeClock(NOW);
  const fetch: FetchLike = async () => new Response(constructed('noaa-planetary-k-index.json'));
  const runs: { mayContinue: () => boolean }[] = [];
  let finish: () => void = () => {};
  poller = createPoller({
    fetch,
    backendBase: 'http://backend',
    store: databaseStore(db),
    now: clock.now,
    timers: clock.timers,
    resources: ['kp-index'],
    backfill: (ctx) => {
      runs.push(ctx);
      return new Promise<void>((r) => (finish = r));
    },
  });
  return { clock, runs, poller, done: () => finish() };
}

describe('the backfill after a gap', () => {
  it('runs once the first screen’s products are in, and again at each reconnect, one at a time', async () => {
    const { clock, runs, poller: p, done } = await setUp();
    p.start();
    expect(runs).toHaveLength(0);
    await settle(clock, () => runs.length > 0);
    expect(runs).toHaveLength(1);
    // Back online while it still runs: no second one alongside.
    p.setConditions({ online: false });
    p.setConditions({ online: true });
    expect(runs).toHaveLength(1);
    done();
    await new Promise((r) => setTimeout(r, 5));
    p.setConditions({ online: false });
    p.setConditions({ online: true });
    expect(runs).toHaveLength(2);
  });

  it('never runs under Go Offline, and a running one is told to stop when it is chosen', async () => {
    const { clock, runs, poller: p, done } = await setUp();
    p.start();
    await settle(clock, () => runs.length > 0);
    expect(runs[0]!.mayContinue()).toBe(true);
    p.setConditions({ forcedOffline: true });
    expect(runs[0]!.mayContinue()).toBe(false);
    done();
    await new Promise((r) => setTimeout(r, 5));
    p.setConditions({ online: false });
    p.setConditions({ online: true });
    expect(runs).toHaveLength(1);
    // Go Online is a reconnect.
    p.setConditions({ forcedOffline: false });
    expect(runs).toHaveLength(2);
  });
});
