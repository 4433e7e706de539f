import { afterEach, describe, expect, it } from 'vitest';
import type { SeriesBatch } from '../../../../core/model.ts';
import { utcDayStart } from '../../../../core/time/dayKey.ts';
import { openDatabase, removeDatabase, type AuroraDatabase } from '../../../../sync/database.ts';
import {
  readPreferences,
  updatePreferences,
} from '../../../../sync/preferences/updatePreferences.ts';
import {
  forgetUnsaved,
  notStoredSentence,
  pushUnsaved,
  setProfilePusher,
  unsavedColumns,
} from '../../../../sync/preferences/unsavedPreferences.ts';
import { PREFERENCE_COLUMNS } from '../../../../sync/replication/preferencesRow.ts';
import { writeGrid, writeSeries } from '../../../../sync/write.ts';
import { storageWithBudget, type StorageBudget } from '../../../support/fullStorage.ts';

const NOW = Date.UTC(2026, 10, 20, 12);
const HOUR = 3_600_000;
const USER = 'user-full';

let db: AuroraDatabase | null = null;
let n = 0;
const cleanups: (() => void)[] = [];

afterEach(async () => {
  for (const c of cleanups.splice(0)) c();
  for (const id of [USER, 'local']) forgetUnsaved(id, PREFERENCE_COLUMNS);
  if (db && !db.closed) await removeDatabase(db);
  db = null;
});

/** A device with six hours of aurora grids and three days of solar wind stored. */
async function fullDevice(): Promise<{
  db: AuroraDatabase;
  budget: StorageBudget;
  used(): number;
}> {
  const budget: StorageBudget = { bytes: Infinity, refused: 0 };
  const { storage, used } = storageWithBudget(budget);
  db = await openDatabase({ name: `full-${process.pid}-${++n}`, storage, multiInstance: false });
  const values = new Uint8Array(360 * 181).map((_, i) => i % 7);
  for (let h = 6; h >= 1; h--) {
    const t = NOW - h * HOUR;
    await writeGrid(
      db,
      { observationTime: t, forecastTime: t + HOUR / 2, width: 360, height: 181, values },
      { fetchedAt: t },
    );
  }
  for (let d = 3; d >= 1; d--) {
    const t0 = NOW - d * 24 * HOUR;
    const t = Array.from({ length: 60 }, (_, i) => t0 + i * 60_000);
    const batch: SeriesBatch = {
      product: 'solar-wind-plasma',
      t,
      fields: { speed: t.map(() => 450), density: t.map(() => 4), temperature: t.map(() => 1e5) },
      source: 'DSCOVR',
    };
    await writeSeries(db, batch, { fetchedAt: t0 });
  }
  return { db, budget, used };
}

describe('a preference change when the device storage is full', () => {
  it('evicts old grids and series first, then stores the preference; the newest grid and day stay', async () => {
    const { db, budget, used } = await fullDevice();
    // Room for the old data as it is, not for one more document.
    budget.bytes = used() + 100;
    const save = await updatePreferences(db, USER, { defaultMapStyle: 'light' }, NOW);
    expect(save).toEqual({ stored: true });
    expect(budget.refused).toBeGreaterThan(0);
    expect((await readPreferences(db, USER)).defaultMapStyle).toBe('light');
    const grids = await db.grids.find().exec();
    expect(grids.map((g) => g.observationTime)).toEqual([NOW - HOUR]);
    const days = await db.series.find().exec();
    expect(days.map((d) => d.day)).toEqual([utcDayStart(NOW - 24 * HOUR)]);
    expect(notStoredSentence(save)).toBeNull();
  });

  it('keeps a signed-in change in memory and sends it to the profile when nothing can be stored, and says so in words', async () => {
    const { db, budget } = await fullDevice();
    // Far past its quota: even the old data's deletions cannot be written.
    budget.bytes = 1_000;
    const pushed: unknown[] = [];
    cleanups.push(setProfilePusher(USER, async (columns) => void pushed.push(columns)));
    const save = await updatePreferences(db, USER, { defaultMapStyle: 'light' }, NOW);
    expect(save).toEqual({ stored: false, account: 'saved' });
    expect(pushed).toEqual([{ default_map_style: 'light' }]);
    // Not on the device, but shown: what is on screen is the user's choice.
    expect((await readPreferences(db, USER)).defaultMapStyle).toBe('dark');
    expect(unsavedColumns(USER)).toEqual({ default_map_style: 'light' });
    expect(notStoredSentence(save)).toBe(
      "This device's storage is full, so this change is not kept on this device. It is saved to your account.",
    );
    // Preferences are never what makes room: no preferences document was removed or emptied.
    expect(await db.preferences.count().exec()).toBe(0);
  });

  it('sends the change later when the profile cannot be reached now, and says it will', async () => {
    const { db, budget } = await fullDevice();
    budget.bytes = 1_000;
    let reachable = false;
    const pushed: unknown[] = [];
    cleanups.push(
      setProfilePusher(USER, async (columns) => {
        if (!reachable) throw new TypeError('Failed to fetch');
        pushed.push(columns);
      }),
    );
    const save = await updatePreferences(db, USER, { showCloudsOnLoad: true }, NOW);
    expect(save).toEqual({ stored: false, account: 'pending' });
    expect(notStoredSentence(save)).toBe(
      "This device's storage is full, so this change is not kept on this device. It goes to your account once the connection is back, if this page stays open.",
    );
    reachable = true;
    expect(await pushUnsaved(USER)).toBe('saved');
    expect(pushed).toEqual([{ show_clouds_on_load: true }]);
  });

  it('keeps an anonymous change for this page only, and says it lasts until the app is closed', async () => {
    const { db, budget } = await fullDevice();
    budget.bytes = 1_000;
    const save = await updatePreferences(db, null, { defaultMapView: '3d' }, NOW);
    expect(save).toEqual({ stored: false, account: null });
    expect(unsavedColumns('local')).toEqual({ default_map_view: '3d' });
    expect(notStoredSentence(save)).toBe(
      "This device's storage is full, so this change is not kept on this device: it lasts until the app is closed.",
    );
  });

  it('takes the changes it could not store along with the next write that fits', async () => {
    const { db, budget } = await fullDevice();
    budget.bytes = 1_000;
    cleanups.push(setProfilePusher(USER, async () => undefined));
    await updatePreferences(db, USER, { defaultMapStyle: 'light' }, NOW);
    budget.bytes = Infinity;
    expect(await updatePreferences(db, USER, { showCloudsOnLoad: true }, NOW)).toEqual({
      stored: true,
    });
    const stored = await readPreferences(db, USER);
    expect(stored.defaultMapStyle).toBe('light');
    expect(stored.showCloudsOnLoad).toBe(true);
    expect(unsavedColumns(USER)).toEqual({});
  });
});
