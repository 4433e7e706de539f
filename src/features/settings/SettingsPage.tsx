import { displayName, useAuth } from '../../auth/useAuth.ts';

/**
 * Minimal Settings screen written by the shell helper so the route builds; the AUTH helper owns
 * this file and replaces it with the real preferences and notification settings.
 */
export function SettingsPage() {
  const { user } = useAuth();
  return (
    <div className="page">
      <h1 className="page__title">Settings</h1>
      <p className="page__lead">Signed in as {displayName(user)}.</p>
    </div>
  );
}
export default SettingsPage;
