// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AuthContext, type AuthState } from '../../../src/auth/useAuth.ts';
import { openNotificationSettings } from '../../../src/features/settings/notificationSettings.ts';
import SettingsPage from '../../../src/features/settings/SettingsPage.tsx';
import type { AuroraDatabase } from '../../../sync/database.ts';
import { DatabaseProvider } from '../../../sync/react/index.ts';
import { disposeTestDatabase, openTestDatabase } from '../sync/testDb.ts';

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
  signOut: notReady,
};

function renderSettings() {
  return render(
    <AuthContext.Provider value={auth}>
      <DatabaseProvider database={db!}>
        <MemoryRouter>
          <SettingsPage />
        </MemoryRouter>
      </DatabaseProvider>
    </AuthContext.Provider>,
  );
}

describe('Settings page', () => {
  it('shows the Settings heading with the map preferences at their defaults', async () => {
    renderSettings();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Settings');
    expect((screen.getByLabelText('Flat') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Map style') as HTMLSelectElement).value).toBe('dark');
    expect((screen.getByLabelText('Show the aurora oval when the map opens') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Show clouds when the map opens') as HTMLInputElement).checked).toBe(false);
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
      expect(docs.map((d) => d.toJSON())).toEqual([expect.objectContaining({ default_map_view: '3d', show_clouds_on_load: true })]);
    });
    await waitFor(() => expect((screen.getByLabelText('Globe (3D)') as HTMLInputElement).checked).toBe(true));
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
    expect((await screen.findByRole('status', {}, { timeout: 3000 })).textContent).toBe('Threshold saved.');
    const store = openNotificationSettings();
    expect((await store.read()).kpThreshold).toBe(6);
    store.close();
  });
});
