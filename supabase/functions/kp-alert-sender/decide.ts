/**
 * Per-subscriber alert decisions: pure, so every rule is tested without a clock or a network.
 *
 * - An event starts when Kp reaches the subscriber's threshold: one alert.
 * - While the event lasts, nothing more is sent however long Kp stays high.
 * - The event ends, with one all-clear, only when Kp falls well below the threshold — the one
 *   rule the service worker uses too (core/kp/alertPolicy.ts), so Kp wobbling around the
 *   threshold is one event, not many.
 * - There are no quiet hours: a decision is never dropped, and a failed send leaves the state as
 *   it was so the next run tries again.
 */
import { endsKpAlertEvent, reachesKpThreshold } from '../../../core/kp/alertPolicy.ts';

export interface AlertState {
  kpThreshold: number;
  alertActive: boolean;
}

export type AlertDecision =
  { action: 'none' } | { action: 'alert'; kp: number } | { action: 'all-clear'; kp: number };

/** Readings older than this say nothing about now: no alert and no all-clear from them. */
const MAX_KP_AGE_MS = 30 * 60_000;

export function isFreshKp(dataTime: number, now: number): boolean {
  return now - dataTime <= MAX_KP_AGE_MS && dataTime <= now + 5 * 60_000;
}

export function decideAlert(state: AlertState, kp: number): AlertDecision {
  if (!state.alertActive)
    return reachesKpThreshold(kp, state.kpThreshold) ? { action: 'alert', kp } : { action: 'none' };
  return endsKpAlertEvent(kp, state.kpThreshold) ? { action: 'all-clear', kp } : { action: 'none' };
}

/** The push payloads the service worker understands (src/sw/pushPayload.ts). */
export function alertPayload(
  decision: Exclude<AlertDecision, { action: 'none' }>,
  threshold: number,
): Record<string, unknown> {
  if (decision.action === 'alert')
    return { type: 'kp-alert', kp: decision.kp, threshold, url: '/' };
  const shown = Math.round(decision.kp * 100) / 100;
  return {
    type: 'kp-all-clear',
    title: 'Aurora alert over',
    body: `Geomagnetic activity has eased to Kp ${shown}, below your threshold of ${threshold}.`,
    tag: 'kp-all-clear',
    url: '/',
  };
}
