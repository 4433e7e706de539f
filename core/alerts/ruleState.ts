/**
 * What the alert engine (alertEngine.ts) keeps per rule between two moments: the event on, an
 * all-clear waiting, what was delivered and when. Stored by the backend's sender and the service
 * worker alike (readRuleState.ts reads it back).
 */

export interface EventState {
  /** The event's id at its current level (what is alerted). */
  id: string;
  /** The id without its level: subscriber:place:night:kind. */
  series: string;
  startedAt: number;
  /** Current level: the whole Kp (`kp`), or the night's nth GO (`visible`). */
  level: number;
  /** Highest level alerted (delivered, or dropped by a mute or the cool-off); null: none yet. */
  alertedLevel: number | null;
  /** An alert of this event reached the subscriber (for the all-clear). */
  delivered: boolean;
  /** The id of the last alert delivered (the all-clear's tag). */
  lastAlert: string | null;
  /** `visible`: since when the sky has been NO; null while it is not. */
  noSince: number | null;
}

export interface RuleState {
  event: EventState | null;
  allClearDue: {
    event: string;
    tag: string;
    series: string;
    since: number;
    why: string;
    kp: number | null;
  } | null;
  /** Event ids delivered (by push or on the device) → when. */
  delivered: Record<string, number>;
  /** `kp`: when each level was last alerted (the cool-off). */
  levelAlertedAt: Record<string, number>;
  /** `visible`: how many events tonight has had (the second rise's id is `go2`). */
  nightCount: { night: string; count: number } | null;
}

/** A rule that has seen nothing yet. */
export const EMPTY_RULE_STATE: RuleState = {
  event: null,
  allClearDue: null,
  delivered: {},
  levelAlertedAt: {},
  nightCount: null,
};
