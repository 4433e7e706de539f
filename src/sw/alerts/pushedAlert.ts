/**
 * A pushed alert, filed on the device once shown: the engine's state for its rule records the event
 * as delivered (core/alerts/recordDelivery.ts), so periodic sync never shows it again,
 * and the alert counts toward this device's 3 per 6 h.
 */
import { recordDelivery } from '../../../core/alerts/recordDelivery.ts';
import { EMPTY_RULE_STATE } from '../../../core/alerts/ruleState.ts';
import type { AlertPayload } from '../../../core/alerts/alertPush.ts';
import type { AuroraTrackingDb } from '../auroraTrackingDb.ts';
import { readEngineState, writeEngineState } from './deviceAlertStore.ts';

export async function filePushedAlert(
  db: AuroraTrackingDb,
  alert: AlertPayload,
  now: number,
): Promise<void> {
  const state = await readEngineState(db);
  state.rules[alert.rule] = recordDelivery(
    state.rules[alert.rule] ?? EMPTY_RULE_STATE,
    alert.event,
    now,
  );
  if (alert.type !== 'all-clear')
    state.recent = [...state.recent.filter((t) => now - t < 6 * 3_600_000), now];
  await writeEngineState(db, state);
}
