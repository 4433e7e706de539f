import { describe, expect, it } from 'vitest';
import { freshIndexedDb } from '../../../support/freshIndexedDb.ts';
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  SETTINGS_KEY,
  SETTINGS_STORE,
  TRACKING_DB_NAME,
} from '../../../../core/alerts/notificationSettings.ts';
import {
  openNotificationSettings,
  parseKpThreshold,
} from '../../../../src/features/settings/notificationSettings.ts';
import {
  openAuroraTrackingDb,
  readNotificationSettings,
  writeNotificationSettings,
} from '../../../../src/sw/auroraTrackingDb.ts';

describe('notification settings in aurora-tracking-db', () => {
  it('reads the defaults before anything is stored: push off, Kp threshold 5', async () => {
    const store = openNotificationSettings(freshIndexedDb());
    expect(await store.read()).toEqual({ enablePush: false, kpThreshold: 5, lastNotified: null });
    expect(DEFAULT_NOTIFICATION_SETTINGS.kpThreshold).toBe(5);
    store.close();
  });

  it('merges writes and keeps them across a reopen', async () => {
    const factory = freshIndexedDb();
    const a = openNotificationSettings(factory);
    await a.write({ enablePush: true });
    await a.write({ kpThreshold: 6.33 });
    a.close();
    const b = openNotificationSettings(factory);
    expect(await b.read()).toEqual({ enablePush: true, kpThreshold: 6.33, lastNotified: null });
    b.close();
  });

  it('stores under the key user-settings in the notification-settings store', async () => {
    const factory = freshIndexedDb();
    const store = openNotificationSettings(factory);
    await store.write({ kpThreshold: 7 });
    store.close();
    const raw = await new Promise<unknown>((resolve, reject) => {
      const req = factory.open(TRACKING_DB_NAME);
      req.onsuccess = () => {
        const get = req.result
          .transaction(SETTINGS_STORE)
          .objectStore(SETTINGS_STORE)
          .get(SETTINGS_KEY);
        get.onsuccess = () => {
          req.result.close();
          resolve(get.result);
        };
        get.onerror = () => reject(get.error);
      };
      req.onerror = () => reject(req.error);
    });
    expect(raw).toEqual({ enablePush: false, kpThreshold: 7, lastNotified: null });
  });

  it('is read by the service worker’s idb code, and reads what the worker writes', async () => {
    const factory = freshIndexedDb();
    const page = openNotificationSettings(factory);
    await page.write({ enablePush: true, kpThreshold: 4 });
    page.close();

    const sw = await openAuroraTrackingDb();
    expect(await readNotificationSettings(sw)).toEqual({
      enablePush: true,
      kpThreshold: 4,
      lastNotified: null,
    });
    await writeNotificationSettings(sw, { lastNotified: 1_768_000_000_000 });
    sw.close();

    const again = openNotificationSettings(factory);
    expect(await again.read()).toEqual({
      enablePush: true,
      kpThreshold: 4,
      lastNotified: 1_768_000_000_000,
    });
    again.close();
  });

  it('reads a corrupt stored record as valid settings instead of failing', async () => {
    const factory = freshIndexedDb();
    const sw = await openAuroraTrackingDb();
    await sw.put(
      SETTINGS_STORE,
      { enablePush: 'yes', kpThreshold: 42, lastNotified: 'never' },
      SETTINGS_KEY,
    );
    sw.close();
    const store = openNotificationSettings(factory);
    expect(await store.read()).toEqual({ enablePush: false, kpThreshold: 5, lastNotified: null });
    store.close();
  });
});

describe('Kp threshold input', () => {
  it('accepts numbers from 0 to 9, thirds included', () => {
    expect(parseKpThreshold('0')).toEqual({ ok: true, value: 0 });
    expect(parseKpThreshold(' 9 ')).toEqual({ ok: true, value: 9 });
    expect(parseKpThreshold('5.67')).toEqual({ ok: true, value: 5.67 });
  });

  it('rejects empty, out-of-range and non-numeric input with a clear message', () => {
    for (const bad of ['', '  ', '-1', '9.5', '10', 'five', 'NaN', 'Infinity']) {
      expect(parseKpThreshold(bad)).toEqual({
        ok: false,
        message: 'Enter a Kp value from 0 to 9.',
      });
    }
  });
});

describe("this device's alert rules in aurora-tracking-db", () => {
  it('makes one subscriber id on first use and keeps it across a reopen', async () => {
    const factory = freshIndexedDb();
    const a = openNotificationSettings(factory);
    const first = await a.alerts();
    expect(first.subscriberId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(first.rules).toEqual([]);
    a.close();
    const b = openNotificationSettings(factory);
    expect((await b.alerts()).subscriberId).toBe(first.subscriberId);
    b.close();
  });

  it('reads a device from before per-place alerts with push on as one Kp rule at its threshold', async () => {
    const store = openNotificationSettings(freshIndexedDb());
    await store.write({ enablePush: true, kpThreshold: 6.33 });
    const { rules } = await store.alerts();
    expect(rules).toEqual([
      expect.objectContaining({ kind: 'kp', kpThreshold: 6.33, place: null, allClear: true }),
    ]);
    store.close();
  });

  it('leaves out a stored rule that no longer reads instead of guessing it', async () => {
    const store = openNotificationSettings(freshIndexedDb());
    const out = await store.writeAlerts(() => [
      {
        place: null,
        kind: 'visible',
        kpThreshold: 5,
        allClear: true,
        quietHours: null,
        timeZone: null,
        mutedUntil: null,
      },
    ]);
    expect(out.rules).toEqual([]);
    store.close();
  });
});
