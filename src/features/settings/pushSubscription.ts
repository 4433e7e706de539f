import { MSG } from '../../auth/authMessages.ts';
import type { NotificationSettings, NotificationSettingsStore } from './notificationSettings.ts';

/**
 * The push toggle of spec §4: turning on requests permission, subscribes, posts the subscription
 * and saves enablePush true; turning off unsubscribes and saves enablePush false. Spec §5: when
 * permission is not granted the failure ("Permission not granted") is silently ignored — the
 * toggle stays off and the page shows a gentle note, not an error.
 */

export interface PushSubscriptionLike {
  endpoint: string;
  toJSON(): unknown;
  unsubscribe(): Promise<boolean>;
}

export interface PushRegistrationLike {
  pushManager: {
    getSubscription(): Promise<PushSubscriptionLike | null>;
    subscribe(opts: { userVisibleOnly: boolean; applicationServerKey: Uint8Array<ArrayBuffer> }): Promise<PushSubscriptionLike>;
  };
}

export interface PushRequest {
  method: 'POST' | 'DELETE';
  body: Record<string, unknown>;
}

export interface PushDeps {
  /** 'unsupported' when the browser has no Notification API. */
  permission(): NotificationPermission | 'unsupported';
  requestPermission(): Promise<NotificationPermission>;
  /** The service worker registration, or null when none is active (dev server, unsupported). */
  getRegistration(): Promise<PushRegistrationLike | null>;
  /** The server's VAPID public key (build-time env, else asked from the backend); null when unknown. */
  vapidPublicKey(): Promise<string | null>;
  /** Delivers the request to /functions/v1/push-subscription (queued when offline, where available). */
  send(req: PushRequest): Promise<void>;
  store: NotificationSettingsStore;
}

export type PushOutcome =
  | { status: 'enabled'; settings: NotificationSettings }
  | { status: 'disabled'; settings: NotificationSettings }
  /** Permission refused or dismissed: not an error (spec §5), the toggle just stays off. */
  | { status: 'not-granted'; settings: NotificationSettings; note: string }
  | { status: 'error'; message: string };

export const PERMISSION_NOTE = 'Notifications are blocked for this site. Allow them in your browser settings to get Kp alerts.';

/** VAPID keys are base64url; PushManager wants the raw bytes. */
export function urlBase64ToBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const b64 = base64url.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const bin = atob(b64);
  const out = new Uint8Array(new ArrayBuffer(bin.length));
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/** The function's body (supabase/functions/push-subscription/validate.ts): the PushSubscription JSON plus kpThreshold. */
export function subscriptionBody(subscription: PushSubscriptionLike, kpThreshold: number): Record<string, unknown> {
  const json = subscription.toJSON();
  return { ...(json && typeof json === 'object' ? json : {}), kpThreshold };
}

function message(err: unknown, fallback: string): string {
  return err instanceof Error && err.message ? err.message : fallback;
}

export async function enablePush(deps: PushDeps, kpThreshold: number): Promise<PushOutcome> {
  const current = deps.permission();
  if (current === 'unsupported') return { status: 'error', message: 'This browser does not support notifications.' };
  const vapidKey = await deps.vapidPublicKey().catch(() => null);
  if (!vapidKey) return { status: 'error', message: 'Push notifications are not configured for this site (VITE_VAPID_PUBLIC_KEY).' };
  const permission = current === 'granted' ? current : await deps.requestPermission();
  if (permission !== 'granted') {
    // spec §5: "Permission not granted" is swallowed; we still record that push is off.
    const settings = await deps.store.write({ enablePush: false });
    return { status: 'not-granted', settings, note: `${MSG.permissionNotGranted}. ${PERMISSION_NOTE}` };
  }
  const registration = await deps.getRegistration();
  if (!registration) return { status: 'error', message: 'Notifications need the app’s service worker. Reload the page and try again.' };
  let subscription: PushSubscriptionLike;
  try {
    subscription =
      (await registration.pushManager.getSubscription()) ??
      (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: urlBase64ToBytes(vapidKey) }));
  } catch (err) {
    return { status: 'error', message: `Could not subscribe to notifications: ${message(err, 'unknown error')}` };
  }
  try {
    await deps.send({ method: 'POST', body: subscriptionBody(subscription, kpThreshold) });
  } catch (err) {
    // Not saved as on: the server would never send, and the toggle would lie.
    await subscription.unsubscribe().catch(() => false);
    return { status: 'error', message: `Could not register for alerts: ${message(err, 'the server could not be reached')}` };
  }
  return { status: 'enabled', settings: await deps.store.write({ enablePush: true, kpThreshold }) };
}

export async function disablePush(deps: PushDeps): Promise<PushOutcome> {
  const registration = await deps.getRegistration();
  const subscription = registration ? await registration.pushManager.getSubscription().catch(() => null) : null;
  if (subscription) {
    const endpoint = subscription.endpoint;
    await subscription.unsubscribe().catch(() => false);
    // Best effort: once unsubscribed locally the push service drops the endpoint anyway.
    await deps.send({ method: 'DELETE', body: { endpoint } }).catch(() => undefined);
  }
  return { status: 'disabled', settings: await deps.store.write({ enablePush: false }) };
}

/** A new threshold for an active subscription is re-posted so the server's sender uses it. */
export async function updateThreshold(deps: PushDeps, kpThreshold: number): Promise<NotificationSettings> {
  const settings = await deps.store.write({ kpThreshold });
  if (settings.enablePush) {
    const registration = await deps.getRegistration();
    const subscription = registration ? await registration.pushManager.getSubscription().catch(() => null) : null;
    if (subscription) await deps.send({ method: 'POST', body: subscriptionBody(subscription, kpThreshold) }).catch(() => undefined);
  }
  return settings;
}
