import { MSG } from '../../auth/authMessages.ts';
import type {
  NotificationSettings,
  NotificationSettingsStore,
  StoredAlertRule,
} from './notificationSettings.ts';

/**
 * The push toggle: turning on requests permission, subscribes, posts the subscription
 * and saves enablePush true; turning off unsubscribes and saves enablePush false. When
 * permission is not granted the failure ("Permission not granted") is silently ignored — the
 * toggle stays off and the page shows a gentle note, not an error.
 */

export interface PushSubscriptionLike {
  endpoint: string;
  toJSON(): unknown;
  unsubscribe(): Promise<boolean>;
}

interface PushRegistrationLike {
  pushManager: {
    getSubscription(): Promise<PushSubscriptionLike | null>;
    subscribe(opts: {
      userVisibleOnly: boolean;
      applicationServerKey: Uint8Array<ArrayBuffer>;
    }): Promise<PushSubscriptionLike>;
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
  /**
   * Resolves when a step has waited `ms` (a timer in the page; tests resolve it themselves). A push
   * service that cannot be reached leaves `pushManager.subscribe` pending for minutes.
   */
  deadline?(ms: number): Promise<void>;
  /** Told as each slow step starts (PUSH_STEP_TEXT words it), so the page is never silent. */
  progress?(step: PushStep): void;
}

/** The slow steps of turning alerts on or off, each of which can take seconds. */
export type PushStep = 'permission' | 'subscribe' | 'register' | 'unsubscribe';

/** What the page says while each step runs (subscribing alone can take up to PUSH_STEP_TIMEOUT_MS). */
export const PUSH_STEP_TEXT: Record<PushStep, string> = {
  permission: 'Asking your browser for permission to show notifications…',
  subscribe: 'Signing this browser up with its push service. This can take a few seconds…',
  register: 'Registering this device with the Aurora alert server…',
  unsubscribe: 'Turning Kp alerts off on this device…',
};

export type PushOutcome =
  | { status: 'enabled'; settings: NotificationSettings }
  | { status: 'disabled'; settings: NotificationSettings }
  /** Permission refused or dismissed: not an error, the toggle just stays off. */
  | { status: 'not-granted'; settings: NotificationSettings; note: string }
  | { status: 'error'; message: string };

/** How long one step (asking the push service, the server, the queue) may take before we say so. */
export const PUSH_STEP_TIMEOUT_MS = 15_000;
export const PUSH_SERVICE_UNREACHABLE =
  "Couldn't reach your browser's push service. Check your connection and try again.";
export const SERVER_UNREACHABLE =
  "Couldn't reach the alert server. Check your connection and try again.";

class StepTimeout extends Error {}

const timerDeadline = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** `step`, or a StepTimeout carrying `message` once the deadline passes first. */
async function withDeadline<T>(deps: PushDeps, step: Promise<T>, message: string): Promise<T> {
  let expired = false;
  const deadline = (deps.deadline ?? timerDeadline)(PUSH_STEP_TIMEOUT_MS).then(() => {
    expired = true;
  });
  const result = await Promise.race([step, deadline]);
  if (expired) {
    // The step may still settle later; nothing waits for it, so its rejection must not go unhandled.
    step.catch(() => undefined);
    throw new StepTimeout(message);
  }
  return result as T;
}

const PERMISSION_NOTE =
  'Notifications are blocked for this site. Allow them in your browser settings to get Kp alerts.';

/** VAPID keys are base64url; PushManager wants the raw bytes. */
export function urlBase64ToBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const b64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const bin = atob(b64);
  const out = new Uint8Array(new ArrayBuffer(bin.length));
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/**
 * The function's body (supabase/functions/push-subscription/validate.ts): the PushSubscription JSON
 * plus kpThreshold, and this device's subscriber id and alert rules (a `visible` rule carries its
 * place, which the backend keeps to 0.1°; a mute is sent on its own, from the notification).
 */
export function subscriptionBody(
  subscription: PushSubscriptionLike,
  kpThreshold: number,
  secret?: string,
  alerts?: { subscriberId: string; rules: readonly StoredAlertRule[] },
): Record<string, unknown> {
  const json = subscription.toJSON();
  return {
    ...(json && typeof json === 'object' ? json : {}),
    kpThreshold,
    ...(secret ? { secret } : {}),
    ...(alerts
      ? {
          subscriberId: alerts.subscriberId,
          // The backend names the subscriber itself, and a mute travels on its own (/mute).
          alerts: alerts.rules.map(
            ({ mutedUntil: _muted, subscriber: _subscriber, ...rule }: AlertRuleLike) => rule,
          ),
        }
      : {}),
  };
}

/** The subscriber's time zone: the device's (quiet hours and a Kp rule's night are on its clock). */
export function deviceTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** The rules with the device's Kp rule (the Kp alert toggle) at `kpThreshold`; its other choices kept. */
function withKpRule(rules: StoredAlertRule[], kpThreshold: number): StoredAlertRule[] {
  const kp = rules.find((r) => r.kind === 'kp');
  const rule: StoredAlertRule = kp
    ? { ...kp, kpThreshold }
    : {
        place: null,
        kind: 'kp',
        kpThreshold,
        allClear: true,
        quietHours: null,
        timeZone: deviceTimeZone(),
        mutedUntil: null,
      };
  return [...rules.filter((r) => r.kind !== 'kp'), rule];
}

type AlertRuleLike = StoredAlertRule & { subscriber?: string };

const withoutKpRule = (rules: StoredAlertRule[]) => rules.filter((r) => r.kind !== 'kp');

function message(err: unknown, fallback: string): string {
  return err instanceof Error && err.message ? err.message : fallback;
}

/**
 * `pushManager.subscribe`'s failure in plain words. Browsers reject with their own jargon
 * (Chromium: "Registration failed - permission denied", "Registration failed - push service not
 * available", "... - missing applicationServerKey ..."), which says nothing to a person.
 */
function subscribeFailureSentence(err: unknown): string {
  const name = err instanceof Error || err instanceof DOMException ? err.name : '';
  const text = message(err, '');
  if (name === 'NotAllowedError' || /permission denied|not allowed|denied/i.test(text))
    return 'Your browser did not allow notifications for this site. Allow them in the browser’s site settings, then try again.';
  if (name === 'AbortError' || /push service/i.test(text))
    return "Your browser's push service did not answer. Check your connection and try again.";
  return 'Your browser could not turn on push notifications just now. Please try again.';
}

export async function enablePush(deps: PushDeps, kpThreshold: number): Promise<PushOutcome> {
  try {
    return await enableSteps(deps, kpThreshold);
  } catch (err) {
    if (err instanceof StepTimeout) return { status: 'error', message: err.message };
    throw err;
  }
}

async function enableSteps(deps: PushDeps, kpThreshold: number): Promise<PushOutcome> {
  const current = deps.permission();
  if (current === 'unsupported')
    return { status: 'error', message: 'This browser does not support notifications.' };
  const vapidKey = await withDeadline(deps, deps.vapidPublicKey(), SERVER_UNREACHABLE).catch(
    (e: unknown) => {
      if (e instanceof StepTimeout) throw e;
      return null;
    },
  );
  if (!vapidKey)
    return {
      status: 'error',
      message: 'Push notifications are not configured for this site (VITE_VAPID_PUBLIC_KEY).',
    };
  if (current !== 'granted') deps.progress?.('permission');
  const permission = current === 'granted' ? current : await deps.requestPermission();
  if (permission !== 'granted') {
    // "Permission not granted" is swallowed; we still record that push is off.
    const settings = await deps.store.write({ enablePush: false });
    return {
      status: 'not-granted',
      settings,
      note: `${MSG.permissionNotGranted}. ${PERMISSION_NOTE}`,
    };
  }
  const registration = await withDeadline(deps, deps.getRegistration(), PUSH_SERVICE_UNREACHABLE);
  if (!registration)
    return {
      status: 'error',
      message: 'Notifications need the app’s service worker. Reload the page and try again.',
    };
  let subscription: PushSubscriptionLike;
  deps.progress?.('subscribe');
  try {
    subscription = await withDeadline(
      deps,
      (async () =>
        (await registration.pushManager.getSubscription()) ??
        (await registration.pushManager.subscribe({
          userVisibleOnly: true,
          applicationServerKey: urlBase64ToBytes(vapidKey),
        })))(),
      PUSH_SERVICE_UNREACHABLE,
    );
  } catch (err) {
    if (err instanceof StepTimeout) throw err;
    return { status: 'error', message: subscribeFailureSentence(err) };
  }
  deps.progress?.('register');
  try {
    const secret = await deps.store.pushSecret();
    const alerts = await deps.store.writeAlerts((rules) => withKpRule(rules, kpThreshold));
    await withDeadline(
      deps,
      deps.send({
        method: 'POST',
        body: subscriptionBody(subscription, kpThreshold, secret, alerts),
      }),
      SERVER_UNREACHABLE,
    );
  } catch (err) {
    // Not saved as on: the server would never send, and the toggle would lie.
    await deps.store.writeAlerts(withoutKpRule).catch(() => undefined);
    void subscription.unsubscribe().catch(() => false);
    if (err instanceof StepTimeout) throw err;
    return {
      status: 'error',
      message: 'This device could not be registered for Kp alerts just now. Please try again.',
    };
  }
  return { status: 'enabled', settings: await deps.store.write({ enablePush: true, kpThreshold }) };
}

/** The current subscription, or null when there is none or the browser does not answer in time. */
async function currentSubscription(deps: PushDeps): Promise<PushSubscriptionLike | null> {
  const lookup = (async () => {
    const registration = await deps.getRegistration();
    return registration ? await registration.pushManager.getSubscription() : null;
  })();
  return withDeadline(deps, lookup, PUSH_SERVICE_UNREACHABLE).catch(() => null);
}

export async function disablePush(deps: PushDeps): Promise<PushOutcome> {
  deps.progress?.('unsubscribe');
  // The device's own Kp checks stop with its Kp alerts; its places' alerts stay (periodic sync).
  await deps.store.writeAlerts(withoutKpRule);
  const subscription = await currentSubscription(deps);
  if (subscription) {
    const endpoint = subscription.endpoint;
    await withDeadline(deps, subscription.unsubscribe(), PUSH_SERVICE_UNREACHABLE).catch(
      () => false,
    );
    // Best effort: once unsubscribed locally the push service drops the endpoint anyway.
    const secret = await deps.store.pushSecret();
    await withDeadline(
      deps,
      deps.send({ method: 'DELETE', body: { endpoint, secret } }),
      SERVER_UNREACHABLE,
    ).catch(() => undefined);
  }
  return { status: 'disabled', settings: await deps.store.write({ enablePush: false }) };
}

/** A new threshold for an active subscription is re-posted so the server's sender uses it. */
export async function updateThreshold(
  deps: PushDeps,
  kpThreshold: number,
): Promise<NotificationSettings> {
  const settings = await deps.store.write({ kpThreshold });
  if (settings.enablePush) {
    await deps.store.writeAlerts((rules) => withKpRule(rules, kpThreshold));
    await sendAlertRules(deps, kpThreshold);
  }
  return settings;
}

/**
 * Re-posts this device's subscription with its current rules, so the backend's sender alerts on
 * what the device now asks for (a place's alert turned on or off, new quiet hours). Without push
 * there is nothing to tell: the device's own periodic sync reads the rules where they are stored.
 */
export async function sendAlertRules(deps: PushDeps, kpThreshold: number): Promise<void> {
  const subscription = await currentSubscription(deps);
  if (!subscription) return;
  const secret = await deps.store.pushSecret();
  const alerts = await deps.store.alerts();
  await withDeadline(
    deps,
    deps.send({
      method: 'POST',
      body: subscriptionBody(subscription, kpThreshold, secret, alerts),
    }),
    SERVER_UNREACHABLE,
  ).catch(() => undefined);
}
