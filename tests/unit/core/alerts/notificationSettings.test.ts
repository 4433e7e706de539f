import { describe, expect, it } from 'vitest';
import { freshIndexedDb } from '../../../support/freshIndexedDb.ts';
import { SETTINGS_KEY, SETTINGS_STORE } from '../../../../core/alerts/notificationSettings.ts';
import { openNotificationSettings } from '../../../../src/features/settings/notificationSettings.ts';
import {
  openAuroraTrackingDb,
  readNotificationSettings,
} from '../../../../src/sw/auroraTrackingDb.ts';

describe('the notification settings, one schema for the page and the service worker', () => {
  it('reads every stored record, odd ones included, the same on both sides', async () => {
    for (const raw of [
      undefined,
      { enablePush: true, kpThreshold: 6.33, lastNotified: 5 },
      { enablePush: 'yes', kpThreshold: 12 },
      { kpThreshold: -1, lastNotified: 'x' },
    ]) {
      const factory = freshIndexedDb();
      const sw = await openAuroraTrackingDb();
      if (raw !== undefined) await sw.put(SETTINGS_STORE, raw, SETTINGS_KEY);
      const page = openNotificationSettings(factory);
      expect(await page.read(), JSON.stringify(raw)).toEqual(await readNotificationSettings(sw));
      page.close();
      sw.close();
    }
  });
});
