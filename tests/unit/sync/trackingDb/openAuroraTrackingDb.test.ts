/**
 * `aurora-tracking-db` as a device holds it when the app updates: written by the service worker's
 * code before `idb` (raw IndexedDB: version 10, both stores made in `onupgradeneeded`, out-of-line
 * keys), then opened by today's code. Nothing is migrated, so everything must read back as it was.
 */
import { describe, expect, it } from 'vitest';
import { recordDelivery } from '../../../../core/alerts/recordDelivery.ts';
import { EMPTY_RULE_STATE } from '../../../../core/alerts/ruleState.ts';
import { ALERT_ENGINE_KEY, ALERT_RULES_KEY } from '../../../../core/alerts/deviceAlerts.ts';
import {
  ALERT_STATE_KEY,
  FORCED_OFFLINE_KEY,
  PUSH_SECRET_KEY,
  SETTINGS_KEY,
  SETTINGS_STORE,
  TRACKING_DB_NAME,
  TRACKING_DB_VERSION,
  UPDATES_STORE,
} from '../../../../core/alerts/notificationSettings.ts';
import { openNotificationSettings } from '../../../../src/features/settings/notificationSettings.ts';
import {
  readAlertRules,
  readEngineState,
  readPushSecret,
  writeEngineState,
} from '../../../../src/sw/alerts/deviceAlertStore.ts';
import {
  readForcedOffline,
  readNotificationSettings,
} from '../../../../src/sw/auroraTrackingDb.ts';
import {
  readBackgroundUpdates,
  type BackgroundUpdate,
} from '../../../../sync/trackingDb/backgroundUpdates.ts';
import { openAuroraTrackingDb } from '../../../../sync/trackingDb/openAuroraTrackingDb.ts';
import { freshIndexedDb } from '../../../support/freshIndexedDb.ts';

const T = Date.UTC(2026, 11, 8, 21);
const KP_UPDATE: BackgroundUpdate = {
  resource: 'kp-index',
  url: 'https://services.swpc.noaa.gov/products/noaa-planetary-k-index.json',
  fetchedAt: T,
  status: 200,
  body: '[["time_tag","Kp"]]',
};
const RULES = {
  subscriberId: 'device-0001',
  rules: [
    { kind: 'kp', kpThreshold: 6, allClear: true, timeZone: 'Europe/Oslo' },
    {
      kind: 'visible',
      place: { name: 'Tromsø', lat: 69.7, lon: 19 },
      allClear: false,
      quietHours: { from: '23:00', to: '06:00', timeZone: 'Europe/Oslo' },
      timeZone: 'Europe/Oslo',
      mutedUntil: T + 3_600_000,
    },
  ],
};
const ENGINE = {
  rules: { 'anywhere:kp': recordDelivery(EMPTY_RULE_STATE, 'device-0001:anywhere:kp:6', T) },
  recent: [T],
  checkedAt: T,
};
const SECRET = 's'.repeat(43);

/** Each store's records, written with raw IndexedDB as the code before `idb` made them. */
function writeAsBefore(
  factory: IDBFactory,
  version: number,
  stores: Record<string, Record<string, unknown>>,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = factory.open(TRACKING_DB_NAME, version);
    req.onupgradeneeded = () => {
      for (const name of Object.keys(stores)) req.result.createObjectStore(name);
    };
    req.onerror = () => reject(req.error);
    req.onsuccess = () => {
      const db = req.result;
      const tx = db.transaction(Object.keys(stores), 'readwrite');
      for (const [name, records] of Object.entries(stores))
        for (const [key, value] of Object.entries(records)) tx.objectStore(name).put(value, key);
      tx.oncomplete = () => {
        db.close();
        resolve();
      };
      tx.onerror = () => reject(tx.error);
    };
  });
}

const DEVICE = {
  [UPDATES_STORE]: {
    [`product:${KP_UPDATE.resource}`]: KP_UPDATE,
    [ALERT_ENGINE_KEY]: ENGINE,
    [FORCED_OFFLINE_KEY]: true,
  },
  [SETTINGS_STORE]: {
    [SETTINGS_KEY]: { enablePush: true, kpThreshold: 6, lastNotified: T },
    [ALERT_RULES_KEY]: RULES,
    [PUSH_SECRET_KEY]: SECRET,
  },
};

describe('aurora-tracking-db written before idb, opened after the update', () => {
  it('keeps its version and reads back the rules, engine state, settings and background updates', async () => {
    const factory = freshIndexedDb();
    await writeAsBefore(factory, TRACKING_DB_VERSION, DEVICE);

    const db = await openAuroraTrackingDb();
    expect(db.version).toBe(TRACKING_DB_VERSION);
    expect(await readBackgroundUpdates(db)).toEqual([KP_UPDATE]);
    expect(await readEngineState(db)).toEqual(ENGINE);
    expect(await readForcedOffline(db)).toBe(true);
    expect(await readNotificationSettings(db)).toEqual({
      enablePush: true,
      kpThreshold: 6,
      lastNotified: T,
    });
    expect((await readAlertRules(db)).rules).toEqual([
      expect.objectContaining({ kind: 'kp', kpThreshold: 6, allClear: true }),
      expect.objectContaining({
        kind: 'visible',
        place: { name: 'Tromsø', lat: 69.7, lon: 19 },
        mutedUntil: T + 3_600_000,
      }),
    ]);
    expect(await readPushSecret(db)).toBe(SECRET);
    db.close();

    // The page's Dexie side opens the same database at the same version and reads it too.
    const page = openNotificationSettings(factory);
    expect((await page.alerts()).subscriberId).toBe('device-0001');
    expect(await page.pushSecret()).toBe(SECRET);
    page.close();
  });

  it('replaces the Kp-only alert state of older versions when the engine writes its own', async () => {
    freshIndexedDb();
    await writeAsBefore(globalThis.indexedDB, TRACKING_DB_VERSION, {
      [UPDATES_STORE]: { [ALERT_STATE_KEY]: { lastKp: 6 } },
      [SETTINGS_STORE]: {},
    });
    const db = await openAuroraTrackingDb();
    await writeEngineState(db, ENGINE);
    expect(await db.get(UPDATES_STORE, ALERT_STATE_KEY)).toBeUndefined();
    expect(await readEngineState(db)).toEqual(ENGINE);
    db.close();
  });

  it('opens a copy a newer app upgraded as it is, and adds a store it lacks without losing data', async () => {
    const factory = freshIndexedDb();
    await writeAsBefore(factory, TRACKING_DB_VERSION * 3, DEVICE);
    const newer = await openAuroraTrackingDb();
    expect(newer.version).toBe(TRACKING_DB_VERSION * 3);
    expect(await readBackgroundUpdates(newer)).toEqual([KP_UPDATE]);
    newer.close();

    freshIndexedDb();
    await writeAsBefore(globalThis.indexedDB, TRACKING_DB_VERSION * 3, {
      [UPDATES_STORE]: DEVICE[UPDATES_STORE],
    });
    const healed = await openAuroraTrackingDb();
    expect(healed.version).toBe(TRACKING_DB_VERSION * 3 + 1);
    expect([...healed.objectStoreNames].sort()).toEqual([UPDATES_STORE, SETTINGS_STORE].sort());
    expect(await readEngineState(healed)).toEqual(ENGINE);
    healed.close();
  });
});
