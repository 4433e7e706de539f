import type { RuleState } from './ruleState.ts';

/**
 * A push that reached the device (or an alert the device showed itself): filed in the rule's state,
 * so the other path never shows the same event again.
 */
export function recordDelivery(state: RuleState, event: string, at: number): RuleState {
  const ev = state.event;
  return {
    ...state,
    delivered: { ...state.delivered, [event]: at },
    event:
      ev && ev.id === event
        ? {
            ...ev,
            alertedLevel: Math.max(ev.alertedLevel ?? ev.level, ev.level),
            delivered: true,
            lastAlert: event,
          }
        : ev,
  };
}
