/**
 * What the alert engine (alertEngine.ts) is given at one moment, and the checks on it both of its
 * steps share (advanceEvent.ts moves the event, decideAlert delivers).
 */
import { FRESHNESS } from '../products/freshness.ts';
import type { AlertRule } from './alertRule.ts';
import type { RuleState } from './ruleState.ts';
import type { SkyNow } from './skyNow.ts';

/** A Kp reading stamped this far ahead of the clock is a clock error, not news. */
const FUTURE_SKEW_MS = 5 * 60_000;

export interface DecideArgs {
  rule: AlertRule;
  now: number;
  state: RuleState;
  /** `visible`: the sky at the rule's place now (skyNow.ts); null when it could not be worked out. */
  sky?: SkyNow | null;
  /** `kp`: the current planetary Kp (1-minute estimate, held across the 3-hourly reset). */
  kp?: { value: number; time: number } | null;
  /** When this subscriber's alerts (any rule) were delivered: the 3-per-6-h cap. */
  recent: readonly number[];
}

/** A Kp reading that may start, move or end an event: finite, within its freshness window, not from the future. */
export function freshKp(kp: DecideArgs['kp'], now: number): kp is { value: number; time: number } {
  return (
    !!kp &&
    Number.isFinite(kp.value) &&
    now - kp.time <= FRESHNESS['kp-1m'].maxAgeMs &&
    kp.time <= now + FUTURE_SKEW_MS
  );
}

/** The rule's time zone (its night and quiet hours), when it has one. */
export function timeZoneOf(rule: AlertRule): string | null {
  return rule.timeZone ?? rule.quietHours?.timeZone ?? null;
}
