import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { openDB } from 'idb';
import {
  keepMapChoices,
  keepMapHome,
  parseMapHome,
  keepNewestGridRecord,
  newestGridDbName,
  parseNewestGridRecord,
  readEarlyMapRecord,
} from '../../../../sync/grids/newestGridRecord.ts';
import type { GridSnapshot } from '../../../../core/model.ts';

const MINUTE = 60_000;
const NOW = Date.UTC(2026, 10, 27, 2, 0);
let counter = 0;
/** A database name of its own per test: fake-indexeddb's databases live as long as the file. */
const freshName = () => `record-test-${++counter}`;

const grid = (t: number, fill: number): GridSnapshot => ({
  observationTime: t,
  forecastTime: t + 30 * MINUTE,
  width: 360,
  height: 181,
  values: new Uint8Array(65_160).fill(fill),
});

/** Puts a raw value where the record lives, as a damaged or foreign copy would be. */
async function putRaw(name: string, value: unknown): Promise<void> {
  const db = await openDB(newestGridDbName(name), 1, {
    upgrade(d) {
      d.createObjectStore('newest');
    },
  });
  await db.put('newest', value, 'grid');
  db.close();
}

describe('the newest grid kept outside RxDB (the first oval of an offline reload)', () => {
  it('reads back the grid it kept, with its observation, forecast and fetch times and its source', async () => {
    const name = freshName();
    await keepNewestGridRecord(
      grid(NOW - 20 * MINUTE, 7),
      { fetchedAt: NOW - 19 * MINUTE, source: 'backend' },
      name,
    );
    const { newest } = await readEarlyMapRecord(NOW, name);
    expect(newest?.grid.observationTime).toBe(NOW - 20 * MINUTE);
    expect(newest?.grid.forecastTime).toBe(NOW + 10 * MINUTE);
    expect(newest?.grid.width).toBe(360);
    expect(newest?.grid.height).toBe(181);
    expect(newest?.grid.values).toEqual(new Uint8Array(65_160).fill(7));
    expect(newest?.fetchedAt).toBe(NOW - 19 * MINUTE);
    expect(newest?.source).toBe('backend');
  });

  it('keeps the newest frame: an older frame written after a newer one does not replace it, a newer one does', async () => {
    const name = freshName();
    await keepNewestGridRecord(grid(NOW - 10 * MINUTE, 2), { fetchedAt: NOW }, name);
    await keepNewestGridRecord(grid(NOW - 60 * MINUTE, 9), { fetchedAt: NOW }, name);
    expect((await readEarlyMapRecord(NOW, name)).newest?.grid.observationTime).toBe(
      NOW - 10 * MINUTE,
    );
    await keepNewestGridRecord(grid(NOW - 5 * MINUTE, 3), { fetchedAt: NOW }, name);
    const { newest } = await readEarlyMapRecord(NOW, name);
    expect(newest?.grid.observationTime).toBe(NOW - 5 * MINUTE);
    expect(newest?.grid.values[0]).toBe(3);
  });

  it('replaces a kept record dated past the clock skew (a wrong clock once) instead of letting it block every newer frame', async () => {
    const name = freshName();
    const future = grid(NOW + 365 * 24 * 60 * MINUTE, 7);
    await putRaw(name, { v: 1, ...future, fetchedAt: NOW, source: null });
    await keepNewestGridRecord(grid(NOW - 5 * MINUTE, 3), { fetchedAt: NOW }, name);
    expect((await readEarlyMapRecord(NOW, name)).newest?.grid.observationTime).toBe(
      NOW - 5 * MINUTE,
    );
  });

  it('reads nothing when nothing was kept, so the page takes the path through RxDB', async () => {
    expect(await readEarlyMapRecord(NOW, freshName())).toEqual({
      newest: null,
      choices: null,
      home: null,
    });
  });

  it('ignores a damaged record (cut short, values out of range, wrong types, another version) and says nothing was kept', async () => {
    const good = {
      v: 1,
      observationTime: NOW - 20 * MINUTE,
      forecastTime: NOW + 10 * MINUTE,
      fetchedAt: NOW,
      source: null,
      values: new Uint8Array(65_160),
    };
    const damaged: unknown[] = [
      'not a record',
      null,
      { ...good, values: new Uint8Array(1000) },
      { ...good, values: new Uint8Array(65_160).fill(101) },
      { ...good, values: Array.from({ length: 65_160 }, () => 0) },
      { ...good, observationTime: String(good.observationTime) },
      { ...good, source: 42 },
      { ...good, v: 2 },
    ];
    expect(parseNewestGridRecord(good, NOW)).not.toBeNull();
    for (const value of damaged) {
      const name = freshName();
      await putRaw(name, value);
      expect((await readEarlyMapRecord(NOW, name)).newest).toBeNull();
    }
  });

  it('does not trust a record whose times cannot be right: observed beyond the clock skew, or a forecast time before its observation or past the 100-minute lead', () => {
    const base = {
      v: 1,
      fetchedAt: NOW,
      source: null,
      values: new Uint8Array(65_160),
    };
    expect(
      parseNewestGridRecord(
        { ...base, observationTime: NOW + 11 * MINUTE, forecastTime: NOW + 40 * MINUTE },
        NOW,
      ),
    ).toBeNull();
    expect(
      parseNewestGridRecord({ ...base, observationTime: NOW, forecastTime: NOW - MINUTE }, NOW),
    ).toBeNull();
    expect(
      parseNewestGridRecord(
        { ...base, observationTime: NOW, forecastTime: NOW + 101 * MINUTE },
        NOW,
      ),
    ).toBeNull();
    // Old is not wrong: days offline, the last oval is still the answer, labelled with its age.
    expect(
      parseNewestGridRecord(
        {
          ...base,
          observationTime: NOW - 9 * 24 * 60 * MINUTE,
          forecastTime: NOW - 9 * 24 * 60 * MINUTE + 30 * MINUTE,
        },
        NOW,
      )?.grid.observationTime,
    ).toBe(NOW - 9 * 24 * 60 * MINUTE);
  });

  it('keeps the map choices beside the grid and reads both in one go', async () => {
    const name = freshName();
    await keepNewestGridRecord(grid(NOW - 20 * MINUTE, 1), { fetchedAt: NOW }, name);
    await keepMapChoices({ view: '3d', hemisphere: 'south' }, name);
    const read = await readEarlyMapRecord(NOW, name);
    expect(read.choices).toEqual({ view: '3d', hemisphere: 'south' });
    expect(read.newest?.grid.observationTime).toBe(NOW - 20 * MINUTE);
  });

  it('keeps the place the map opened on, to 0.1°, and forgets it when told', async () => {
    const name = freshName();
    await keepMapHome({ lat: -42.8821, lon: 147.3272 }, name);
    expect((await readEarlyMapRecord(NOW, name)).home).toEqual({ lat: -42.9, lon: 147.3 });
    await keepMapHome(null, name);
    expect((await readEarlyMapRecord(NOW, name)).home).toBeNull();
  });

  it('reads no home from a kept value that is not a place on Earth', () => {
    const v = (home: unknown) => ({ v: 1, home });
    expect(parseMapHome(v({ lat: -42.9, lon: 147.3 }))).toEqual({ lat: -42.9, lon: 147.3 });
    for (const bad of [
      undefined,
      null,
      { v: 2, home: { lat: 1, lon: 1 } },
      v(null),
      v({ lat: 91, lon: 0 }),
      v({ lat: 0, lon: -180.5 }),
      v({ lat: Number.NaN, lon: 0 }),
      v({ lat: '10', lon: 0 }),
      v({ lat: 10 }),
    ])
      expect(parseMapHome(bad), JSON.stringify(bad)).toBeNull();
  });
});
