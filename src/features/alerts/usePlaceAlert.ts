import { useCallback, useEffect, useState } from 'react';
import { placeKey, roundPlace } from '../../../core/alerts/alertRule.ts';
import { DEFAULT_KP_THRESHOLD } from '../../../core/alerts/kpThreshold.ts';
import { placeTimeZone } from '../../lib/placeTimeZone.ts';
import type {
  NotificationSettingsStore,
  StoredAlertRule,
} from '../settings/notificationSettings.ts';
import { deviceTimeZone, sendAlertRules, type PushDeps } from '../settings/pushSubscription.ts';
import { browserPushDeps, sharedStore } from '../settings/useNotificationSettings.ts';
import { backgroundChecks, deliveryText, type BackgroundChecks } from './alertDelivery.ts';
import type { PlaceAlertChoice } from './PlaceAlertForm.tsx';

export interface PlaceAlertOptions {
  /** Tests pass their own store, push fakes and browser facts; the page uses the real ones. */
  store?: NotificationSettingsStore;
  pushDeps?: (store: NotificationSettingsStore) => PushDeps;
  checks?: () => Promise<BackgroundChecks>;
  notifications?: {
    permission(): NotificationPermission | 'unsupported';
    request(): Promise<NotificationPermission>;
  };
}

const browserNotifications = {
  permission: (): NotificationPermission | 'unsupported' =>
    typeof Notification === 'undefined' ? 'unsupported' : Notification.permission,
  request: () => Notification.requestPermission(),
};

const OFF: PlaceAlertChoice = { on: false, allClear: true, quiet: null };

function choiceOf(rule: StoredAlertRule | undefined): PlaceAlertChoice {
  if (!rule) return OFF;
  return {
    on: true,
    allClear: rule.allClear,
    quiet: rule.quietHours ? { from: rule.quietHours.from, to: rule.quietHours.to } : null,
  };
}

/**
 * One saved place's `visible` alert: read from and written to this device's rules
 * (aurora-tracking-db `alert-rules`, which the service worker checks on periodic sync), and sent
 * with the push subscription when push is on, so the backend's sender alerts on it too.
 */
export function usePlaceAlert(
  place: { name: string; lat: number; lon: number },
  options: PlaceAlertOptions = {},
) {
  const store = options.store ?? sharedStore();
  const makeDeps = options.pushDeps ?? browserPushDeps;
  const notifications = options.notifications ?? browserNotifications;
  const checksOf = options.checks ?? backgroundChecks;
  const key = `${placeKey(place)}:visible`;
  const [choice, setChoice] = useState<PlaceAlertChoice>(OFF);
  const [timeZone, setTimeZone] = useState<string | null>(null);
  const [checks, setChecks] = useState<BackgroundChecks | null>(null);
  const [push, setPush] = useState(false);
  const [permission, setPermission] = useState(notifications.permission());
  // Until the stored choice is read, a click would be overwritten by it: the form waits.
  const [loaded, setLoaded] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    void Promise.all([store.alerts(), store.read(), checksOf()]).then(
      ([alerts, settings, found]) => {
        if (!live) return;
        const rule = alerts.rules.find(
          (r) => r.kind === 'visible' && r.place && placeKey(r.place) === placeKey(place),
        );
        setChoice(choiceOf(rule));
        setPush(settings.enablePush);
        setChecks(found);
        setLoaded(true);
      },
      (e: unknown) => live && setError(`Could not read your alerts: ${String(e)}`),
    );
    placeTimeZone(place.lat, place.lon).then(
      (zone) => live && setTimeZone(zone),
      () => live && setTimeZone(deviceTimeZone()),
    );
    return () => {
      live = false;
    };
    // The place's position is what matters, not the object passed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [store, key]);

  const change = useCallback(
    async (next: PlaceAlertChoice) => {
      setBusy(true);
      setError(null);
      setChoice(next);
      try {
        if (next.on && notifications.permission() === 'default')
          setPermission(await notifications.request());
        const zone = timeZone ?? deviceTimeZone();
        await store.writeAlerts((rules) => {
          const others = rules.filter(
            (r) => !(r.kind === 'visible' && r.place && placeKey(r.place) === placeKey(place)),
          );
          if (!next.on) return others;
          const rule: StoredAlertRule = {
            place: roundPlace({ name: place.name, lat: place.lat, lon: place.lon }),
            kind: 'visible',
            kpThreshold: DEFAULT_KP_THRESHOLD,
            allClear: next.allClear,
            quietHours: next.quiet ? { ...next.quiet, timeZone: zone } : null,
            timeZone: zone,
            mutedUntil: null,
          };
          return [...others, rule];
        });
        const settings = await store.read();
        if (settings.enablePush) await sendAlertRules(makeDeps(store), settings.kpThreshold);
      } catch (e) {
        setError(`Could not save this alert: ${e instanceof Error ? e.message : String(e)}`);
      } finally {
        setBusy(false);
      }
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [store, makeDeps, notifications, timeZone, key, place.name],
  );

  const delivery =
    checks === null ? null : deliveryText({ push, checks, notifications: permission });
  return { choice, timeZone, delivery, busy: busy || !loaded, error, change };
}
