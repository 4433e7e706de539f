import { useCallback, useEffect, useState } from 'react';
import type { StoredAlertRule } from '../settings/notificationSettings.ts';
import { deviceTimeZone, sendAlertRules } from '../settings/pushSubscription.ts';
import { browserPushDeps, sharedStore } from '../settings/useNotificationSettings.ts';
import type { QuietHoursChoice } from './QuietHoursField.tsx';
import type { PlaceAlertOptions } from './usePlaceAlert.ts';

export interface KpAlertChoice {
  allClear: boolean;
  quiet: QuietHoursChoice | null;
}

/**
 * The device's Kp alert beyond its threshold: an all-clear when the storm is over, and quiet hours
 * on this device's clock. Stored in the device's Kp rule (made by the push toggle) and sent with
 * the push subscription, which is what the backend's sender alerts on. `revision` re-reads the
 * rule after the push toggle or the threshold changed it.
 */
export function useKpAlertOptions(
  revision: string,
  options: Pick<PlaceAlertOptions, 'store' | 'pushDeps'> = {},
) {
  const store = options.store ?? sharedStore();
  const makeDeps = options.pushDeps ?? browserPushDeps;
  const [choice, setChoice] = useState<KpAlertChoice | null>(null);
  const [timeZone, setTimeZone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    store.alerts().then(
      (alerts) => {
        if (!live) return;
        const rule = alerts.rules.find((r) => r.kind === 'kp');
        setTimeZone(rule?.timeZone ?? deviceTimeZone());
        setChoice(
          rule
            ? {
                allClear: rule.allClear,
                quiet: rule.quietHours
                  ? { from: rule.quietHours.from, to: rule.quietHours.to }
                  : null,
              }
            : null,
        );
      },
      (e: unknown) => live && setError(`Could not read your Kp alert: ${String(e)}`),
    );
    return () => {
      live = false;
    };
  }, [store, revision]);

  const change = useCallback(
    async (next: KpAlertChoice) => {
      setBusy(true);
      setError(null);
      setChoice(next);
      try {
        const zone = timeZone ?? deviceTimeZone();
        await store.writeAlerts((rules) =>
          rules.map((r): StoredAlertRule =>
            r.kind === 'kp'
              ? {
                  ...r,
                  allClear: next.allClear,
                  quietHours: next.quiet ? { ...next.quiet, timeZone: zone } : null,
                  timeZone: zone,
                }
              : r,
          ),
        );
        const settings = await store.read();
        if (settings.enablePush) await sendAlertRules(makeDeps(store), settings.kpThreshold);
      } catch (e) {
        setError(`Could not save your Kp alert: ${e instanceof Error ? e.message : String(e)}`);
      } finally {
        setBusy(false);
      }
    },
    [store, makeDeps, timeZone],
  );

  return { choice, timeZone, busy, error, change };
}
