/**
 * The notification's "Mute tonight": the rule is muted on this device at once, and the backend is
 * told (`POST /functions/v1/push-subscription/mute`, proven by the subscription's secret) so its
 * sender stays quiet too. Not under Go Offline: then only this device's own alerts are muted.
 */
import type { AlertNotificationData } from './alertNotification.ts';
import type { AuroraTrackingDb } from '../auroraTrackingDb.ts';
import { muteRule, readForcedOffline, readPushSecret } from './deviceAlertStore.ts';

export interface MuteDeps {
  db: AuroraTrackingDb;
  fetch: typeof fetch;
  backendBase: string;
  /** This browser's push subscription's endpoint, or null when it has none. */
  endpoint: () => Promise<string | null>;
}

export async function muteTonight(deps: MuteDeps, data: AlertNotificationData): Promise<boolean> {
  await muteRule(deps.db, data.rule, data.muteUntil);
  if (await readForcedOffline(deps.db)) return false;
  const [endpoint, secret] = [await deps.endpoint(), await readPushSecret(deps.db)];
  if (!endpoint || !secret) return false;
  try {
    const res = await deps.fetch(
      `${deps.backendBase.replace(/\/+$/, '')}/functions/v1/push-subscription/mute`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ endpoint, secret, rule: data.rule, until: data.muteUntil }),
        signal: AbortSignal.timeout(10_000),
      },
    );
    return res.ok;
  } catch {
    return false;
  }
}
