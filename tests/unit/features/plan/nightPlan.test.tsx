// @vitest-environment jsdom
/**
 * The plan panel on the local database: the saved places' next 14 nights from the stored Kp
 * forecast (the constructed SWPC file, tests/fixtures/swpc/CONSTRUCTED.md), and the .ics
 * the device makes, read back with ical.js.
 */
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import ICAL from 'ical.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuroraDatabase } from '../../../../sync/database.ts';
import { writeProducts } from '../../../../sync/write.ts';
import { normalise } from '../../../../core/normalise/index.ts';
import NightPlan from '../../../../src/features/plan/NightPlan.tsx';
import { AuthContext, type AuthState } from '../../../../src/auth/useAuth.ts';
import { UTC_CLOCK } from '../../../../src/lib/clock.ts';
import { disposeTestDatabase, openTestDatabase } from '../../../support/testDb.ts';
import { renderOnDatabase } from '../../../support/dataPage.tsx';
import { constructed } from '../../../support/constructedSwpc.ts';

const SLOW = { timeout: 10_000 };
const NOW = Date.UTC(2026, 1, 9, 15);
const TROMSO = { id: 'p-tromso', name: 'Tromsø', lat: 69.65, lon: 18.96 };

let db: AuroraDatabase | undefined;
afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  await disposeTestDatabase(db);
  db = undefined;
});

async function withKpForecast(database: AuroraDatabase) {
  const body = constructed('noaa-planetary-k-index-forecast.json');
  const result = normalise('kp-forecast', body, { now: NOW });
  if (!result.ok) throw new Error(result.error);
  await writeProducts(database, result.products, { fetchedAt: NOW });
}

describe('the coming nights on the map page', () => {
  it('lists the next 14 nights of each saved place with darkness, moon and the stored Kp forecast', async () => {
    db = await openTestDatabase();
    await withKpForecast(db);
    renderOnDatabase(
      db,
      <NightPlan
        places={[TROMSO]}
        inUseId={null}
        ovation={null}
        weather={null}
        now={NOW}
        clock={UTC_CLOCK}
      />,
    );
    const table = await screen.findByRole('table', { name: /next 14 nights at Tromsø/ }, SLOW);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(14);
    expect(rows[0]!.textContent).toContain('Mon 9 Feb');
    // The forecast reaches the first nights; beyond it there is nothing, said so.
    await within(table).findAllByText(/^Kp \d/, {}, SLOW);
    expect(rows[0]!.textContent).toMatch(/Kp \d/);
    expect(rows[13]!.textContent).toContain('no forecast yet');
  });

  it('makes an .ics of the nights on the device, with the place’s name and no coordinates unless asked', async () => {
    db = await openTestDatabase();
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((b: Blob) => {
      blobs.push(b);
      return 'blob:night-plan';
    });
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderOnDatabase(
      db,
      <NightPlan
        places={[TROMSO]}
        inUseId={null}
        ovation={null}
        weather={null}
        now={NOW}
        clock={UTC_CLOCK}
      />,
    );
    fireEvent.click(await screen.findByRole('button', { name: /Add these nights/ }, SLOW));
    const calendar = new ICAL.Component(ICAL.parse(await blobs[0]!.text()));
    const events = calendar.getAllSubcomponents('vevent');
    expect(events).toHaveLength(14);
    expect(events[0]!.getFirstPropertyValue('location')).toBe('Tromsø');
    expect(events[0]!.getFirstPropertyValue('geo')).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: /coordinates/ }));
    fireEvent.click(screen.getByRole('button', { name: /Add these nights/ }));
    const withGeo = new ICAL.Component(ICAL.parse(await blobs[1]!.text()));
    expect(withGeo.getFirstSubcomponent('vevent')!.getFirstPropertyValue('geo')).toEqual([
      69.65, 18.96,
    ]);
  });

  it('asks for a saved place when there is none', async () => {
    db = await openTestDatabase();
    renderOnDatabase(
      db,
      <NightPlan
        places={[]}
        inUseId={null}
        ovation={null}
        weather={null}
        now={NOW}
        clock={UTC_CLOCK}
      />,
    );
    expect(await screen.findByText(/Save a place to plan/, {}, SLOW)).toBeTruthy();
  });
  it('tells a wallet-signed-in user that calendar links need an email or Google account, instead of a link that cannot work', async () => {
    db = await openTestDatabase();
    const notUsed = () => Promise.resolve({ ok: true as const });
    const wallet: AuthState = {
      status: 'signed-in',
      user: {
        id: 'u-wallet',
        email: null,
        fullName: null,
        avatarUrl: null,
        provider: 'ethereum',
        walletAddress: '0x52908400098527886E0F7030069857D2E4169EE7',
      },
      oauthProvider: 'google',
      hasEthereumWallet: true,
      signInWithPassword: notUsed,
      signUp: notUsed,
      signInWithOAuth: notUsed,
      signInWithEthereum: notUsed,
      completeOAuthCallback: notUsed,
      requestPasswordReset: notUsed,
      updatePassword: notUsed,
      deleteAccount: notUsed,
      signOut: notUsed,
    };
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    renderOnDatabase(
      db,
      <AuthContext.Provider value={wallet}>
        <NightPlan
          places={[TROMSO]}
          inUseId={null}
          ovation={null}
          weather={null}
          now={NOW}
          clock={UTC_CLOCK}
        />
      </AuthContext.Provider>,
    );
    expect(
      await screen.findByText('Calendar links need an account signed in with email or Google.'),
    ).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Subscribe in your calendar' })).toBeNull();
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
