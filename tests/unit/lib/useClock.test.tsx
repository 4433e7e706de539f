// @vitest-environment jsdom
import type { ReactNode } from 'react';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AuroraDatabase } from '../../../sync/database.ts';
import { DatabaseProvider } from '../../../sync/react/index.ts';
import { savePlace } from '../../../sync/places/places.ts';
import { updateDeviceChoices } from '../../../sync/preferences/deviceChoices.ts';
import { useClock } from '../../../src/lib/useClock.ts';
import { clockLabel } from '../../../src/lib/clock.ts';
import { disposeTestDatabase, openTestDatabase } from '../../support/testDb.ts';

const SLOW = { timeout: 10_000 };
const WINTER = Date.UTC(2026, 10, 23, 21, 30);

let db: AuroraDatabase | undefined;
afterEach(async () => {
  cleanup();
  await disposeTestDatabase(db);
  db = undefined;
});

function wrapper(database: AuroraDatabase) {
  return ({ children }: { children: ReactNode }) => (
    <DatabaseProvider database={database}>{children}</DatabaseProvider>
  );
}

describe('the clock of the screen', () => {
  it('is the local time of a saved place elsewhere, looked up on the device, with its zone', async () => {
    db = await openTestDatabase();
    await savePlace(db, { name: 'Hobart', lat: -42.88, lon: 147.33, kind: 'picked' }, Date.now());
    const { result } = renderHook(() => useClock(), { wrapper: wrapper(db) });
    await waitFor(() => expect(result.current.timeZone).toBe('Australia/Hobart'), SLOW);
    expect(result.current.name).toBe('local time at Hobart');
    // Hobart is on summer time in November: UTC+11.
    expect(clockLabel(WINTER, result.current)).toBe('UTC+11');
  });

  it('is the device’s own zone for the device’s own position or with no place at all', async () => {
    db = await openTestDatabase();
    const { result } = renderHook(() => useClock(), { wrapper: wrapper(db) });
    expect(result.current.timeZone).toBeUndefined();
    const here = renderHook(
      () => useClock({ lat: 69.65, lon: 18.96, name: 'Your location', placeId: null }),
      { wrapper: wrapper(db) },
    );
    expect(here.result.current.timeZone).toBeUndefined();
    expect(here.result.current.name).toBe('local time here');
  });

  it('is UTC everywhere once UTC is chosen on this device', async () => {
    db = await openTestDatabase();
    await savePlace(db, { name: 'Hobart', lat: -42.88, lon: 147.33, kind: 'picked' }, Date.now());
    await updateDeviceChoices(db, { chartTime: 'utc' });
    const { result } = renderHook(() => useClock(), { wrapper: wrapper(db) });
    await waitFor(() => expect(result.current.timeZone).toBe('UTC'), SLOW);
    expect(clockLabel(WINTER, result.current)).toBe('UTC');
  });
});
