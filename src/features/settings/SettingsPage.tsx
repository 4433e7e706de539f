import './settings.css';
import { useState } from 'react';
import { displayName, useAuth } from '../../auth/useAuth.ts';
import type { Preferences } from '../../../sync/model.ts';
import { usePreferences } from '../../../sync/react/index.ts';
import { Page } from '../../ui/Page.tsx';
import { MapPreferencesForm } from './MapPreferencesForm.tsx';
import { NotificationSettingsForm } from './NotificationSettingsForm.tsx';
import { useNotificationSettings } from './useNotificationSettings.ts';

/** /settings (spec §2): map preferences (synced with the profile) and Kp alert settings. */
export function SettingsPage() {
  const { user } = useAuth();
  const prefs = usePreferences();
  const notifications = useNotificationSettings();
  const [prefsError, setPrefsError] = useState<string | null>(null);

  const changePreferences = (patch: Partial<Preferences>) => {
    setPrefsError(null);
    prefs.update(patch).catch((e: unknown) => setPrefsError(`Could not save your preferences: ${e instanceof Error ? e.message : String(e)}`));
  };

  const prefsProblem = prefsError ?? (prefs.error ? `Could not load your preferences: ${prefs.error.message}` : null);
  return (
    <Page title="Settings" lead={user ? `Signed in as ${displayName(user)}${user.email ? ` (${user.email})` : ''}.` : undefined}>
      <section className="card settings-section" aria-label="Map preferences">
        <MapPreferencesForm preferences={prefs.data} onChange={changePreferences} disabled={prefs.isLoading} />
        {prefsProblem ? (
          <p className="settings-form__error" role="alert">
            {prefsProblem}
          </p>
        ) : (
          <p className="muted">Changes are saved as you make them{user ? ' and follow you to your other devices' : ''}.</p>
        )}
      </section>
      <section className="card settings-section" aria-label="Notifications">
        {notifications.isLoading ? (
          <p role="status">Loading notification settings…</p>
        ) : (
          <NotificationSettingsForm
            settings={notifications.settings}
            busy={notifications.busy}
            error={notifications.error}
            note={notifications.note}
            onPushChange={(on) => void notifications.setPush(on)}
            onThresholdChange={notifications.setThreshold}
          />
        )}
      </section>
    </Page>
  );
}

export default SettingsPage;
