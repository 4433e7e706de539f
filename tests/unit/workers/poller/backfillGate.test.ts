import { describe, expect, it } from 'vitest';
import { createBackfillGate } from '../../../../workers/poller/backfillGate.ts';
import { OTHER_SCREENS_AFTER_MS } from '../../../../workers/poller/firstScreen.ts';
import { fakeClock } from '../../../support/fakeClock.ts';

const T = Date.UTC(2026, 10, 27, 5);

/** Lets the promise callbacks that are ready run. */
const settle = () => new Promise((r) => setTimeout(r, 0));

describe('the backfill after a gap', () => {
  it('waits with the other screens’ products after the first screen, not beside it', async () => {
    const clock = fakeClock(T);
    const gate = createBackfillGate(clock.timers);
    let started = false;
    void gate.opened().then(() => (started = true));
    clock.advanceTo(T + OTHER_SCREENS_AFTER_MS - 1);
    await settle();
    expect(started).toBe(false);
    clock.advanceTo(T + OTHER_SCREENS_AFTER_MS);
    await settle();
    expect(started).toBe(true);
  });

  it('starts at once when a screen asks for products first', async () => {
    const clock = fakeClock(T);
    const gate = createBackfillGate(clock.timers);
    let started = false;
    void gate.opened().then(() => (started = true));
    gate.open();
    await settle();
    expect(started).toBe(true);
    expect(clock.pending).toBe(0);
  });

  it('stays open: a reconnect’s backfill starts at once, with no second wait', async () => {
    const clock = fakeClock(T);
    const gate = createBackfillGate(clock.timers);
    void gate.opened();
    clock.advanceTo(T + OTHER_SCREENS_AFTER_MS);
    let again = false;
    void gate.opened().then(() => (again = true));
    await settle();
    expect(again).toBe(true);
    expect(clock.pending).toBe(0);
  });
});
