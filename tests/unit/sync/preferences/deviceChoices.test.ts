import { firstValueFrom, filter } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AuroraDatabase } from '../../../../sync/database.ts';
import {
  deviceChoices$,
  deviceChoicesFrom,
  readDeviceChoices,
  updateDeviceChoices,
} from '../../../../sync/preferences/deviceChoices.ts';
import { readPreferences } from '../../../../sync/preferences/updatePreferences.ts';
import { disposeTestDatabase, openTestDatabase } from '../../../support/testDb.ts';

let db: AuroraDatabase | undefined;
beforeEach(async () => {
  db = await openTestDatabase();
});
afterEach(async () => {
  await disposeTestDatabase(db);
});

const TROMSO = { lat: 69.65, lon: 18.96, accuracyM: 25, at: Date.UTC(2026, 10, 23, 18) };

describe("this device's map choices (hemisphere, last shared location)", () => {
  it('reads nothing chosen on a new device, and keeps both of two changes made one right after the other', async () => {
    expect(await readDeviceChoices(db!)).toEqual({ hemisphere: null, location: null });
    await Promise.all([
      updateDeviceChoices(db!, { hemisphere: 'south' }),
      updateDeviceChoices(db!, { location: TROMSO }),
    ]);
    expect(await readDeviceChoices(db!)).toEqual({ hemisphere: 'south', location: TROMSO });
    await updateDeviceChoices(db!, { hemisphere: 'north' });
    expect(await readDeviceChoices(db!)).toEqual({ hemisphere: 'north', location: TROMSO });
  });

  it('tells live subscribers of a change, and never touches the replicated preference document', async () => {
    const south = firstValueFrom(deviceChoices$(db!).pipe(filter((c) => c.hemisphere === 'south')));
    await updateDeviceChoices(db!, { hemisphere: 'south' });
    expect((await south).hemisphere).toBe('south');
    expect(await db!.preferences.count().exec()).toBe(0);
    expect(await readPreferences(db!, null)).toMatchObject({ defaultMapView: 'flat' });
  });

  it('reads a damaged stored field as never chosen and keeps the rest', () => {
    expect(deviceChoicesFrom({ hemisphere: 'east', location: TROMSO })).toEqual({
      hemisphere: null,
      location: TROMSO,
    });
    expect(deviceChoicesFrom({ hemisphere: 'south', location: { lat: 123, lon: 0 } })).toEqual({
      hemisphere: 'south',
      location: null,
    });
    expect(deviceChoicesFrom({ location: { lat: '69', lon: 18 } })).toEqual({
      hemisphere: null,
      location: null,
    });
    expect(deviceChoicesFrom(undefined)).toEqual({ hemisphere: null, location: null });
  });
});
