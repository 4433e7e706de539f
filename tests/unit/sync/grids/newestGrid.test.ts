import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AuroraDatabase } from '../../../../sync/database.ts';
import {
  createNewestGridSource,
  findNewestGridDoc,
  pageNewestGrid,
  type NewestGridSource,
} from '../../../../sync/grids/newestGrid.ts';
import type { GridSnapshot } from '../../../../core/model.ts';
import { writeGrid } from '../../../../sync/write.ts';
import { disposeTestDatabase, openTestDatabase } from '../../../support/testDb.ts';
import { loadOvationFixture } from '../../../support/ovationFixture.ts';

let db: AuroraDatabase | undefined;
beforeEach(async () => {
  db = await openTestDatabase();
});
afterEach(async () => {
  await disposeTestDatabase(db);
});

const MINUTE = 60_000;

/** The newest stored grid as a fresh source reads it first (then it stops). */
async function readLatestGrid(database: AuroraDatabase, now: number) {
  const source = createNewestGridSource(() => Promise.resolve(database), { now: () => now });
  const first = await nextGrid(source, () => true);
  source.stop();
  return first;
}

/** Resolves with the source's grid once `wanted` holds for its state (already, or at a change). */
function nextGrid(
  source: NewestGridSource,
  wanted: (grid: GridSnapshot | null) => boolean,
): Promise<GridSnapshot | null> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const state = source.get();
      if (state.error) reject(state.error);
      else if (!state.isLoading && wanted(state.grid)) {
        off();
        resolve(state.grid);
      }
    };
    const off = source.subscribe(check);
    check();
  });
}

describe('the first read of the newest stored grid (the first oval of an offline reload)', () => {
  it('reads nothing when no grid is stored', async () => {
    expect(await readLatestGrid(db!, Date.now())).toBeNull();
  });

  it('returns the newest of several stored grids by observation time, whatever order they were written in, with its values intact', async () => {
    const fixture = loadOvationFixture();
    const t0 = fixture.observationTime;
    const newest = {
      ...fixture,
      observationTime: t0 + 10 * MINUTE,
      forecastTime: fixture.forecastTime + 10 * MINUTE,
    };
    const older = {
      ...fixture,
      observationTime: t0 - 5 * MINUTE,
      values: new Uint8Array(fixture.values.length).fill(3),
    };
    await writeGrid(db!, fixture, { fetchedAt: t0 });
    await writeGrid(db!, newest, { fetchedAt: t0 });
    await writeGrid(db!, older, { fetchedAt: t0 });

    const read = await readLatestGrid(db!, t0 + 60 * MINUTE);
    expect(read?.observationTime).toBe(newest.observationTime);
    expect(read?.forecastTime).toBe(newest.forecastTime);
    expect(read?.width).toBe(360);
    expect(read?.height).toBe(181);
    expect(read?.values).toEqual(fixture.values);
  });

  it('finds the newest grid within the last hour, after a gap of hours, and when all are days old', async () => {
    const fixture = loadOvationFixture();
    const now = Date.UTC(2026, 10, 22, 12, 0);
    const at = (t: number) => ({ ...fixture, observationTime: t, forecastTime: t + 30 * MINUTE });
    await writeGrid(db!, at(now - 50 * 60 * MINUTE), { fetchedAt: now });
    await writeGrid(db!, at(now - 3 * 60 * MINUTE), { fetchedAt: now });
    await writeGrid(db!, at(now - 4 * 60 * MINUTE), { fetchedAt: now });
    // A gap of three hours: not in the last hour, found in the last day.
    expect((await readLatestGrid(db!, now))?.observationTime).toBe(now - 3 * 60 * MINUTE);
    await writeGrid(db!, at(now - 20 * MINUTE), { fetchedAt: now });
    expect((await readLatestGrid(db!, now))?.observationTime).toBe(now - 20 * MINUTE);
    // Two days later, offline: nothing in the last day, the newest of the old ones.
    expect((await readLatestGrid(db!, now + 48 * 60 * MINUTE))?.observationTime).toBe(
      now - 20 * MINUTE,
    );
  });
});

const at = (t: number, fill: number): GridSnapshot => ({
  ...loadOvationFixture(),
  observationTime: t,
  forecastTime: t + 30 * MINUTE,
  values: new Uint8Array(65_160).fill(fill),
});

describe('the one newest-grid source', () => {
  it('is loading until the database opens, then gives the stored grid, then follows newer grids from the database', async () => {
    const now = Date.UTC(2026, 10, 22, 12, 0);
    await writeGrid(db!, at(now - 20 * MINUTE, 1), { fetchedAt: now });
    let openDb: (d: AuroraDatabase) => void = () => undefined;
    const opening = new Promise<AuroraDatabase>((r) => (openDb = r));
    const events: string[] = [];
    const source = createNewestGridSource(() => opening, {
      now: () => now,
      onOpen: () => events.push('open'),
      onFirstRead: () => events.push('read'),
    });
    source.start();
    await new Promise((r) => setTimeout(r, 20));
    expect(source.get()).toEqual({ grid: null, isLoading: true, error: null });
    openDb(db!);
    const first = await nextGrid(source, (g) => g !== null);
    expect(first?.observationTime).toBe(now - 20 * MINUTE);
    expect(events).toEqual(['open', 'read']);
    await writeGrid(db!, at(now - 5 * MINUTE, 4), { fetchedAt: now });
    const second = await nextGrid(source, (g) => g?.observationTime === now - 5 * MINUTE);
    expect(second?.values[0]).toBe(4);
    source.stop();
  });

  it('decodes each new grid once: the live answer with the same document and an older grid written later leave the same object, and listeners hear only of new grids', async () => {
    const now = Date.UTC(2026, 10, 22, 12, 0);
    await writeGrid(db!, at(now - 20 * MINUTE, 1), { fetchedAt: now });
    const source = createNewestGridSource(() => Promise.resolve(db!), { now: () => now });
    const grids: (GridSnapshot | null)[] = [];
    source.subscribe(() => grids.push(source.get().grid));
    const first = await nextGrid(source, (g) => g !== null);
    // An older grid written later matches the live query's bound no more than before.
    await writeGrid(db!, at(now - 90 * MINUTE, 9), { fetchedAt: now });
    await new Promise((r) => setTimeout(r, 100));
    expect(source.get().grid).toBe(first);
    expect(grids).toEqual([first]);
    await writeGrid(db!, at(now - 5 * MINUTE, 4), { fetchedAt: now });
    const second = await nextGrid(source, (g) => g !== first);
    await new Promise((r) => setTimeout(r, 100));
    expect(grids).toEqual([first, second]);
    source.stop();
  });

  it('shares one read among every caller: the page’s early start and each subscriber open the database once and get the same grid object', async () => {
    const now = Date.UTC(2026, 10, 22, 12, 0);
    await writeGrid(db!, at(now - 20 * MINUTE, 1), { fetchedAt: now });
    let opens = 0;
    const source = createNewestGridSource(
      () => {
        opens += 1;
        return Promise.resolve(db!);
      },
      { now: () => now },
    );
    source.start();
    const [a, b] = await Promise.all([
      nextGrid(source, (g) => g !== null),
      nextGrid(source, (g) => g !== null),
    ]);
    source.start();
    expect(opens).toBe(1);
    expect(a).not.toBeNull();
    expect(a).toBe(b);
    source.stop();
  });

  it('says null while nothing is stored, then gives the first grid written', async () => {
    const now = Date.now();
    const source = createNewestGridSource(() => Promise.resolve(db!));
    expect(await nextGrid(source, () => true)).toBeNull();
    await writeGrid(db!, at(now - 10 * MINUTE, 5), { fetchedAt: now });
    expect((await nextGrid(source, (g) => g !== null))?.observationTime).toBe(now - 10 * MINUTE);
    source.stop();
  });

  it('reports a database that cannot open as an error, not as a grid', async () => {
    const source = createNewestGridSource(() => Promise.reject(new Error('blocked')));
    await expect(nextGrid(source, () => true)).rejects.toThrow('blocked');
    expect(source.get().grid).toBeNull();
  });

  it('is one source for the page: every caller gets the same', () => {
    expect(pageNewestGrid()).toBe(pageNewestGrid());
  });
});

describe('findNewestGridDoc', () => {
  it('finds nothing in an empty store', async () => {
    expect(await findNewestGridDoc(db!, Date.now())).toBeNull();
  });
});

describe('the early grid (the one-record store, before the database opens)', () => {
  it('gives the early grid before the database opens, and keeps that same object when the database holds the same frame', async () => {
    const now = Date.UTC(2026, 10, 22, 12, 0);
    await writeGrid(db!, at(now - 20 * MINUTE, 1), { fetchedAt: now });
    const early = at(now - 20 * MINUTE, 1);
    let openDb: (d: AuroraDatabase) => void = () => undefined;
    const opening = new Promise<AuroraDatabase>((r) => (openDb = r));
    const events: string[] = [];
    const source = createNewestGridSource(() => opening, {
      now: () => now,
      early: () => Promise.resolve(early),
      onFirstRead: () => events.push('read'),
    });
    const seen: (GridSnapshot | null)[] = [];
    source.subscribe(() => seen.push(source.get().grid));
    expect(await nextGrid(source, (g) => g !== null)).toBe(early);
    expect(events).toEqual([]);
    openDb(db!);
    await new Promise<void>((r) => {
      const poll = () => (events.length > 0 ? r() : setTimeout(poll, 5));
      poll();
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(source.get().grid).toBe(early);
    expect(seen).toEqual([early]);
    source.stop();
  });

  it('replaces the early grid with a newer frame the database holds, and follows newer grids as before', async () => {
    const now = Date.UTC(2026, 10, 22, 12, 0);
    await writeGrid(db!, at(now - 5 * MINUTE, 6), { fetchedAt: now });
    const source = createNewestGridSource(() => Promise.resolve(db!), {
      now: () => now,
      early: () => Promise.resolve(at(now - 20 * MINUTE, 1)),
    });
    const read = await nextGrid(source, (g) => g?.observationTime === now - 5 * MINUTE);
    expect(read?.values[0]).toBe(6);
    await writeGrid(db!, at(now - 1 * MINUTE, 8), { fetchedAt: now });
    expect((await nextGrid(source, (g) => g?.observationTime === now - MINUTE))?.values[0]).toBe(8);
    source.stop();
  });

  it('keeps the early grid while the database holds no grid yet (a first visit: the worker writes it a moment later), then the same object for the same frame', async () => {
    const now = Date.UTC(2026, 10, 22, 12, 0);
    const early = at(now - 20 * MINUTE, 1);
    const source = createNewestGridSource(() => Promise.resolve(db!), {
      now: () => now,
      early: () => Promise.resolve(early),
      onFirstRead: () => undefined,
    });
    const seen: (GridSnapshot | null)[] = [];
    source.subscribe(() => seen.push(source.get().grid));
    await nextGrid(source, (g) => g !== null);
    await new Promise((r) => setTimeout(r, 100));
    expect(source.get().grid).toBe(early);
    await writeGrid(db!, at(now - 20 * MINUTE, 1), { fetchedAt: now });
    await new Promise((r) => setTimeout(r, 100));
    expect(source.get().grid).toBe(early);
    // The oval was never blanked on the way.
    expect(seen.every((g) => g === early)).toBe(true);
    await writeGrid(db!, at(now - 5 * MINUTE, 4), { fetchedAt: now });
    expect(
      (await nextGrid(source, (g) => g?.observationTime === now - 5 * MINUTE))?.values[0],
    ).toBe(4);
    source.stop();
  });

  it('takes the path through the database when there is no early grid or reading it fails', async () => {
    const now = Date.UTC(2026, 10, 22, 12, 0);
    await writeGrid(db!, at(now - 20 * MINUTE, 2), { fetchedAt: now });
    for (const early of [() => Promise.resolve(null), () => Promise.reject(new Error('no IDB'))]) {
      const source = createNewestGridSource(() => Promise.resolve(db!), { now: () => now, early });
      expect((await nextGrid(source, (g) => g !== null))?.values[0]).toBe(2);
      source.stop();
    }
  });
});
