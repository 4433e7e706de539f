// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AuthContext, type AuthState } from '../../../../src/auth/useAuth.ts';
import { openNotificationSettings } from '../../../../src/features/settings/notificationSettings.ts';
import SettingsPage from '../../../../src/features/settings/SettingsPage.tsx';
import type { AuroraDatabase } from '../../../../sync/database.ts';
import { DatabaseProvider } from '../../../../sync/react/index.ts';
import { readDeviceChoices } from '../../../../sync/preferences/deviceChoices.ts';
import { disposeTestDatabase, openTestDatabase } from '../../../support/testDb.ts';

let db: AuroraDatabase | undefined;
beforeEach(async () => {
  db = await openTestDatabase();
});
afterEach(async () => {
  cleanup();
  await disposeTestDatabase(db);
});

const notReady = async () => ({ ok: true as const });
const auth: AuthState = {
  status: 'signed-in',
  user: { id: 'u1', email: 'ada@example.com', fullName: 'Ada', avatarUrl: null, provider: 'email' },
  oauthProvider: 'google',
  hasEthereumWallet: false,
  signInWithPassword: notReady,
  signUp: notReady,
  signInWithOAuth: notReady,
  signInWithEthereum: notReady,
  completeOAuthCallback: notReady,
  requestPasswordReset: notReady,
  updatePassword: notReady,
  deleteAccount: notReady,
  signOut: notReady,
};

function renderSettings(value: AuthState = auth) {
  return render(
    <AuthContext.Provider value={value}>
      <DatabaseProvider database={db!}>
        <MemoryRouter>
          <SettingsPage />
        </MemoryRouter>
      </DatabaseProvider>
    </AuthContext.Provider>,
  );
}

describe('Settings page', () => {
  it('offers UTC for every time on screen instead of the place’s local time, kept on this device', async () => {
    renderSettings();
    const times = screen.getByRole('radiogroup', { name: 'Show every time in' });
    const local = within(times).getByRole('radio', { name: /^Local time at the place/ });
    const utc = within(times).getByRole('radio', { name: /^UTC/ });
    // The place's local time is the default.
    await waitFor(() => expect((local as HTMLInputElement).checked).toBe(true));
    fireEvent.click(utc);
    await waitFor(async () => expect((await readDeviceChoices(db!)).chartTime).toBe('utc'));
    await waitFor(() => expect((utc as HTMLInputElement).checked).toBe(true));
  });

  it('deletes the account only after a clear confirm step, and can be backed out of', async () => {
    let calls = 0;
    const deleteAccount = async () => {
      calls++;
      return {
        ok: false as const,
        message: 'Your account could not be deleted just now. Please try again.',
      };
    };
    renderSettings({ ...auth, deleteAccount });
    fireEvent.click(screen.getByRole('button', { name: 'Delete account…' }));
    expect(calls).toBe(0);
    const confirm = screen.getByRole('group', { name: 'Confirm account deletion' });
    expect(confirm.textContent).toContain('This cannot be undone.');
    expect(confirm.textContent).toContain('Kp alert subscriptions');
    fireEvent.click(screen.getByRole('button', { name: 'Keep my account' }));
    expect(screen.queryByRole('group', { name: 'Confirm account deletion' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Delete account…' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, delete my account' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your account could not be deleted just now. Please try again.',
    );
    expect(calls).toBe(1);
  });

  it('names an Ethereum account by its short address, never an invented email', () => {
    const address = '0x12aBcDeF0123456789abcdef0123456789ABcdef';
    renderSettings({
      ...auth,
      user: {
        id: 'w',
        email: null,
        fullName: 'aurora.eth',
        avatarUrl: null,
        provider: 'ethereum',
        walletAddress: address,
      },
    });
    expect(screen.getByText('Signed in as aurora.eth (0x12aB…cdef).')).toBeTruthy();
    expect(document.body.textContent).not.toContain('ethereum.local');
  });

  it('offers no account deletion when signed out', () => {
    renderSettings({ ...auth, status: 'signed-out', user: null });
    expect(screen.queryByRole('button', { name: 'Delete account…' })).toBeNull();
  });

  it('shows the Settings heading with the map preferences at their defaults', async () => {
    renderSettings();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Settings');
    expect((screen.getByLabelText('Flat') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Map style') as HTMLSelectElement).value).toBe('dark');
    expect(
      (screen.getByLabelText('Show the aurora oval when the map opens') as HTMLInputElement)
        .checked,
    ).toBe(true);
    expect(
      (screen.getByLabelText('Show clouds when the map opens') as HTMLInputElement).checked,
    ).toBe(false);
  });

  it('saves a preference change to the local preferences collection', async () => {
    renderSettings();
    await act(async () => {
      await new Promise((r) => setTimeout(r, 50)); // the database opens
    });
    fireEvent.click(screen.getByLabelText('Globe (3D)'));
    fireEvent.click(screen.getByLabelText('Show clouds when the map opens'));
    await waitFor(async () => {
      const docs = await db!.preferences.find().exec();
      expect(docs.map((d) => d.toJSON())).toEqual([
        expect.objectContaining({ default_map_view: '3d', show_clouds_on_load: true }),
      ]);
    });
    await waitFor(() =>
      expect((screen.getByLabelText('Globe (3D)') as HTMLInputElement).checked).toBe(true),
    );
  });

  it('refuses a Kp threshold outside 0–9 with a clear message, and saves a valid one', async () => {
    renderSettings();
    const input = (await screen.findByLabelText('Kp threshold (0–9)')) as HTMLInputElement;
    expect(input.value).toBe('5');
    fireEvent.change(input, { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save threshold' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Enter a Kp value from 0 to 9.');
    fireEvent.change(input, { target: { value: '6' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save threshold' }));
    expect((await screen.findByRole('status', {}, { timeout: 3000 })).textContent).toBe(
      'Threshold saved.',
    );
    const store = openNotificationSettings();
    expect((await store.read()).kpThreshold).toBe(6);
    store.close();
  });
});
