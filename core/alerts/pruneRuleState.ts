/**
 * The rule state's memory, bounded: what is older than it is useful for is dropped before each
 * decision (alertEngine.ts).
 */
import type { RuleState } from './ruleState.ts';

const HOUR = 3_600_000;

/** AuroraWatch UK's cool-off: a level alerted is not alerted again for this long. */
export const LEVEL_COOL_OFF_MS = 6 * HOUR;
/** Delivered event ids are remembered this long: longer than a night and its cool-off. */
const DELIVERED_KEPT_MS = 36 * HOUR;
/** An all-clear held back (quiet hours) longer than this says nothing useful any more. */
const ALL_CLEAR_KEPT_MS = 12 * HOUR;

/** The state without delivered ids, cool-offs and waiting all-clears that have run out at `now`. */
export function pruneRuleState(state: RuleState, now: number): RuleState {
  const delivered: Record<string, number> = {};
  for (const [id, at] of Object.entries(state.delivered))
    if (now - at <= DELIVERED_KEPT_MS) delivered[id] = at;
  const levelAlertedAt: Record<string, number> = {};
  for (const [level, at] of Object.entries(state.levelAlertedAt))
    if (now - at < LEVEL_COOL_OFF_MS) levelAlertedAt[level] = at;
  const allClearDue =
    state.allClearDue && now - state.allClearDue.since <= ALL_CLEAR_KEPT_MS
      ? state.allClearDue
      : null;
  return { ...state, delivered, levelAlertedAt, allClearDue };
}
