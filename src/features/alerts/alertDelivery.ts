/**
 * How an alert can reach this person, said plainly: by push from our server (signed in, push on),
 * by the device checking in the background (periodic sync: only an installed app in a Chromium
 * browser), or not at all while Aurora is closed.
 */
export type BackgroundChecks = 'periodic-sync' | 'not-installed' | 'unsupported';

interface PeriodicSyncRegistration extends ServiceWorkerRegistration {
  periodicSync?: unknown;
}

/** Whether this browser wakes Aurora to check in the background (Chromium, installed app). */
export async function backgroundChecks(): Promise<BackgroundChecks> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return 'unsupported';
  const registration = (await navigator.serviceWorker.getRegistration().catch(() => undefined)) as
    PeriodicSyncRegistration | undefined;
  if (!registration || !('periodicSync' in registration) || !navigator.permissions)
    return 'unsupported';
  const permission = await navigator.permissions
    .query({ name: 'periodic-background-sync' as PermissionName })
    .catch(() => null);
  return permission?.state === 'granted' ? 'periodic-sync' : 'not-installed';
}

export interface DeliveryFacts {
  /** This device's push subscription is on (Settings, signed in). */
  push: boolean;
  checks: BackgroundChecks;
  notifications: NotificationPermission | 'unsupported';
}

/** One or two sentences on how (and whether) the alert reaches this person. Pure. */
export function deliveryText(f: DeliveryFacts): { text: string; works: boolean } {
  if (f.notifications === 'unsupported')
    return {
      text: 'This browser cannot show notifications, so no alert can reach you here.',
      works: false,
    };
  if (f.notifications === 'denied')
    return {
      text: 'Notifications are blocked for this site. Allow them in your browser’s site settings, or no alert can reach you.',
      works: false,
    };
  if (f.push)
    return {
      text: 'Sent by push from Aurora’s server to this device; it keeps this place only to 0.1° (about 11 km).',
      works: true,
    };
  if (f.checks === 'periodic-sync')
    return {
      // The browser decides how often (Chrome by how much the site is used): our minimum is
      // 30 min (src/sw/protocol.ts), the real gap can be hours.
      text: 'Checked by this device in the background, even while Aurora is closed: at most every half hour, as often as the browser allows (it can be hours). The place stays on this device.',
      works: true,
    };
  if (f.checks === 'not-installed')
    return {
      text: 'This browser checks in the background only for an installed Aurora: install it to get this alert while Aurora is closed, or sign in and turn on push alerts in Settings.',
      works: false,
    };
  return {
    text: 'This browser cannot check for alerts in the background (only an installed Aurora in Chrome, Edge or another Chromium browser can), so this alert cannot reach you here while Aurora is closed. Sign in and turn on push alerts in Settings to get it by push.',
    works: false,
  };
}
