import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { prepareToForgetUser } from '../../../../sync/preferences/forgetLocalUser.ts';
import type { AuroraDatabase } from '../../../../sync/database.ts';
import { getPreferencesUser, setPreferencesUser } from '../../../../sync/preferences/activeUser.ts';
import { ANONYMOUS_PREFERENCES_ID } from '../../../../sync/schemas/preferences.ts';
import { disposeTestDatabase, openTestDatabase } from '../../../support/testDb.ts';

let db: AuroraDatabase | undefined;
beforeEach(async () => {
  db = await openTestDatabase();
});
afterEach(async () => {
  setPreferencesUser(null);
  await disposeTestDatabase(db);
});

const prefs = (view: string, style: string) => ({
  default_map_view: view,
  default_map_style: style,
  show_aurora_on_load: true,
  show_clouds_on_load: false,
});
const values = async (id: string) => {
  const doc = await db!.preferences.findOne(id).exec();
  return doc ? { view: doc.default_map_view, style: doc.default_map_style } : null;
};

describe('forgetting a deleted account on this device', () => {
  it('removes the user’s preferences and puts back the anonymous ones the sign-out overwrote', async () => {
    await db!.preferences.insert({ id: ANONYMOUS_PREFERENCES_ID, ...prefs('flat', 'dark') });
    await db!.preferences.insert({ id: 'user-1', ...prefs('3d', 'satellite') });
    setPreferencesUser('user-1');

    const finish = await prepareToForgetUser(db!, 'user-1');
    // What sign-out does (sync/replication/accountSync.ts stop with signOut): the user's values
    // become the device's, and the preferences stop following the user.
    await db!.preferences.upsert({ id: ANONYMOUS_PREFERENCES_ID, ...prefs('3d', 'satellite') });
    const done = finish();
    setPreferencesUser(null);
    await done;

    expect(getPreferencesUser()).toBeNull();
    expect(await values('user-1')).toBeNull();
    expect(await values(ANONYMOUS_PREFERENCES_ID)).toEqual({ view: 'flat', style: 'dark' });
  });

  it('leaves no anonymous document behind when the device had none before the account', async () => {
    await db!.preferences.insert({ id: 'user-2', ...prefs('3d', 'light') });
    const finish = await prepareToForgetUser(db!, 'user-2');
    await db!.preferences.upsert({ id: ANONYMOUS_PREFERENCES_ID, ...prefs('3d', 'light') });
    await finish();
    expect(await values('user-2')).toBeNull();
    expect(await values(ANONYMOUS_PREFERENCES_ID)).toBeNull();
  });
});
