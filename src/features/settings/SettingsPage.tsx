import './settings.css';
import { useState } from 'react';
import { displayName, shortAddress, useAuth, type AuthUser } from '../../auth/useAuth.ts';
import { useChecksumAddress } from '../auth/useChecksumAddress.ts';
import { useOffline } from '../auth/useOffline.ts';
import type { Preferences } from '../../../core/model.ts';
import { usePreferences } from '../../../sync/react/index.ts';
import { Page } from '../../ui/Page.tsx';
import { DeleteAccountSection } from './DeleteAccountSection.tsx';
import { MapPreferencesForm } from './MapPreferencesForm.tsx';
import { NotificationSettingsForm } from './NotificationSettingsForm.tsx';
import { useNotificationSettings } from './useNotificationSettings.ts';
import { ClockSettingForm } from './ClockSettingForm.tsx';
import { KpAlertOptions } from '../alerts/KpAlertOptions.tsx';
import { useChartTimeZone } from '../../lib/useChartTimeZone.ts';

/** "Signed in as Ada (ada@example.com)."; a wallet shows its short address, never an invented email. */
function signedInAs(user: AuthUser): string {
  const name = displayName(user);
  const detail = user.email ?? (user.walletAddress ? shortAddress(user.walletAddress) : null);
  return `Signed in as ${name}${detail && detail !== name ? ` (${detail})` : ''}.`;
}

/** /settings (signed-in users only): map preferences (synced with the profile), Kp alert settings, and deleting the account. */
function SettingsPage() {
  const { user: signedIn, deleteAccount } = useAuth();
  const wallet = useChecksumAddress(signedIn?.walletAddress);
  const user = signedIn && wallet ? { ...signedIn, walletAddress: wallet } : signedIn;
  const offline = useOffline();
  const prefs = usePreferences();
  const notifications = useNotificationSettings();
  const [clockChoice, setClockChoice] = useChartTimeZone();
  const [prefsError, setPrefsError] = useState<string | null>(null);

  const changePreferences = (patch: Partial<Preferences>) => {
    setPrefsError(null);
    prefs
      .update(patch)
      .catch((e: unknown) =>
        setPrefsError(
          `Could not save your preferences: ${e instanceof Error ? e.message : String(e)}`,
        ),
      );
  };

  const prefsProblem =
    prefsError ??
    prefs.notice ??
    (prefs.error ? `Could not load your preferences: ${prefs.error.message}` : null);
  return (
    <Page title="Settings" lead={user ? signedInAs(user) : undefined}>
      <section className="card settings-section" aria-label="Map preferences">
        <MapPreferencesForm
          preferences={prefs.data}
          onChange={changePreferences}
          disabled={prefs.isLoading}
        />
        {prefsProblem ? (
          <p className="settings-form__error" role="alert">
            {prefsProblem}
          </p>
        ) : (
          <p className="muted">
            Changes are saved as you make them{user ? ' and follow you to your other devices' : ''}.
          </p>
        )}
      </section>
      <section className="card settings-section" aria-label="Times">
        <ClockSettingForm value={clockChoice} onChange={setClockChoice} />
      </section>
      <section className="card settings-section" aria-label="Notifications">
        {notifications.isLoading ? (
          <p role="status">Loading notification settings…</p>
        ) : (
          <NotificationSettingsForm
            settings={notifications.settings}
            busy={notifications.busy}
            progress={notifications.progress}
            error={notifications.error}
            note={notifications.note}
            onPushChange={(on) => void notifications.setPush(on)}
            onThresholdChange={notifications.setThreshold}
          />
        )}
        {notifications.settings.enablePush && !notifications.busy ? (
          <KpAlertOptions revision={String(notifications.settings.kpThreshold)} />
        ) : null}
      </section>
      {user ? <DeleteAccountSection onDelete={deleteAccount} offline={offline} /> : null}
    </Page>
  );
}

export default SettingsPage;
