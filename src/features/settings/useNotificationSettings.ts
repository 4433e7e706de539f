import { useCallback, useEffect, useState } from 'react';
import { backendFetch } from '../../auth/supabaseClient.ts';
import { enqueueRequest, replayQueue } from '../../../sync/queue/index.ts';
import { authConfig } from '../../auth/config.ts';
import { DEFAULT_NOTIFICATION_SETTINGS } from '../../../core/alerts/notificationSettings.ts';
import {
  openNotificationSettings,
  type NotificationSettings,
  type NotificationSettingsStore,
} from './notificationSettings.ts';
import {
  disablePush,
  enablePush,
  PUSH_STEP_TEXT,
  updateThreshold,
  type PushDeps,
  type PushOutcome,
  type PushRequest,
} from './pushSubscription.ts';

/**
 * POST/DELETE {functions}/push-subscription through the request queue (sync/queue): the request is
 * stored first, then a replay is started, so a toggle made offline (or during a server hiccup) is
 * sent on reconnect, Retry or background sync instead of being lost.
 */
async function sendPushRequest(req: PushRequest): Promise<void> {
  await enqueueRequest({
    target: '/functions/v1/push-subscription',
    method: req.method,
    body: req.body,
  });
  void replayQueue({ fetch: backendFetch, baseUrl: authConfig().supabaseUrl }).catch(
    () => undefined,
  );
}

/**
 * Without a build-time key, ask the backend: the local gateway publishes its public settings at
 * GET /auth/v1/settings (as it does `anon_key`); a `vapid_public_key` field there is used when present.
 */
async function vapidKeyFromBackend(): Promise<string | null> {
  const res = await fetch(`${authConfig().supabaseUrl}/auth/v1/settings`, {
    headers: { accept: 'application/json' },
  });
  if (!res.ok) return null;
  const body = (await res.json().catch(() => null)) as { vapid_public_key?: unknown } | null;
  return typeof body?.vapid_public_key === 'string' && body.vapid_public_key
    ? body.vapid_public_key
    : null;
}

export function browserPushDeps(store: NotificationSettingsStore): PushDeps {
  const env = (import.meta as ImportMeta & { env?: Record<string, string | undefined> }).env ?? {};
  return {
    permission: () =>
      typeof Notification === 'undefined' ? 'unsupported' : Notification.permission,
    requestPermission: () => Notification.requestPermission(),
    getRegistration: async () =>
      typeof navigator !== 'undefined' && 'serviceWorker' in navigator
        ? ((await navigator.serviceWorker.getRegistration()) ?? null)
        : null,
    vapidPublicKey: async () =>
      env['VITE_VAPID_PUBLIC_KEY']?.trim() || (await vapidKeyFromBackend()),
    send: sendPushRequest,
    store,
  };
}

let shared: NotificationSettingsStore | null = null;

/** One connection per page: it is tiny, and Dexie closes it itself if a newer schema needs the database. */
export function sharedStore(): NotificationSettingsStore {
  shared ??= openNotificationSettings();
  return shared;
}

export interface NotificationSettingsState {
  settings: NotificationSettings;
  isLoading: boolean;
  error: string | null;
  /** A gentle note (permission not granted), not an error. */
  note: string | null;
  busy: boolean;
  /** While busy: the step under way, in words (PUSH_STEP_TEXT). */
  progress: string | null;
  setPush(on: boolean): Promise<void>;
  setThreshold(kp: number): Promise<void>;
}

export interface NotificationSettingsOptions {
  /** Tests pass their own store and fakes of the browser's push APIs; the page uses the real ones. */
  store?: NotificationSettingsStore;
  pushDeps?: (store: NotificationSettingsStore) => PushDeps;
}

/** Notification settings from `aurora-tracking-db`, and the push toggle's side effects. */
export function useNotificationSettings(
  options: NotificationSettingsOptions = {},
): NotificationSettingsState {
  const store = options.store ?? sharedStore();
  const makeDeps = options.pushDeps ?? browserPushDeps;
  const [settings, setSettings] = useState<NotificationSettings>(DEFAULT_NOTIFICATION_SETTINGS);
  const [isLoading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    store.read().then(
      (s) => live && (setSettings(s), setLoading(false)),
      (e: unknown) =>
        live && (setError(`Could not read notification settings: ${String(e)}`), setLoading(false)),
    );
    return () => {
      live = false;
    };
  }, [store]);

  const apply = useCallback(async (run: () => Promise<PushOutcome | NotificationSettings>) => {
    setBusy(true);
    setError(null);
    setNote(null);
    try {
      const out = await run();
      if ('status' in out) {
        if (out.status === 'error') setError(out.message);
        else setSettings(out.settings);
        if (out.status === 'not-granted') setNote(out.note);
      } else {
        setSettings(out);
      }
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
      setProgress(null);
    }
  }, []);

  // The steps report themselves, so the form says what is happening while it waits.
  const deps = useCallback(
    (): PushDeps => ({
      ...makeDeps(store),
      progress: (step) => setProgress(PUSH_STEP_TEXT[step]),
    }),
    [makeDeps, store],
  );

  const setPush = useCallback(
    (on: boolean) =>
      apply(() => (on ? enablePush(deps(), settings.kpThreshold) : disablePush(deps()))),
    [apply, deps, settings.kpThreshold],
  );
  const setThreshold = useCallback(
    (kp: number) => apply(() => updateThreshold(deps(), kp)),
    [apply, deps],
  );

  return { settings, isLoading, error, note, busy, progress, setPush, setThreshold };
}
