import { describe, expect, it } from 'vitest';
import { DEFAULT_NOTIFICATION_SETTINGS } from '../../../../core/alerts/notificationSettings.ts';
import { IDLE_ALERT_STATE, decideKpAlert } from '../../../../src/sw/kpAlert.ts';
import { decideAlert } from '../../../../supabase/functions/kp-alert-sender/decide.ts';
import { currentKp } from '../../../../core/kp/currentKp.ts';
import { kpAcrossReset } from '../../../../core/kp/kpAcrossReset.ts';
import { RESET_WINDOW_MS } from '../../../../core/normalise/synoptic.ts';

const HOUR = 3_600_000;
const START = Date.UTC(2026, 8, 1, 0, 0);

/** Whether an event is on after each reading, as the service worker decides it. */
function serviceWorkerEvents(threshold: number, kps: number[]): boolean[] {
  let settings = { ...DEFAULT_NOTIFICATION_SETTINGS, enablePush: true, kpThreshold: threshold };
  let state = IDLE_ALERT_STATE;
  return kps.map((kp, i) => {
    // Readings 4 h apart, so the service worker's re-notify pause never hides the rule.
    const now = START + i * 4 * HOUR;
    const d = decideKpAlert({ kp, time: now }, settings, state, now);
    settings = d.settings;
    state = d.state;
    return state.active;
  });
}

/** The same, as the backend's sender decides it. */
function backendEvents(threshold: number, kps: number[]): boolean[] {
  let active = false;
  return kps.map((kp) => {
    const d = decideAlert({ kpThreshold: threshold, alertActive: active }, kp);
    if (d.action === 'alert') active = true;
    if (d.action === 'all-clear') active = false;
    return active;
  });
}

describe('the Kp alert policy', () => {
  it('starts and ends a storm at the same Kp in the service worker and the backend', () => {
    // Kp in thirds wobbling around a threshold of 5, then easing for real, then a new storm.
    const kps = [4.67, 5, 4.33, 4.67, 5.33, 4, 3.67, 5, 4.33, 2];
    const expected = [false, true, true, true, true, false, false, true, true, false];
    expect(serviceWorkerEvents(5, kps)).toEqual(expected);
    expect(backendEvents(5, kps)).toEqual(expected);
  });
});

describe('the Kp reset hold', () => {
  it('holds a reset drop over the same window in the summary and in the alert sender', () => {
    const boundary = Date.UTC(2026, 8, 1, 21, 0);
    const before = { t: boundary - 60_000, kp: 5.33 };
    for (const minutes of [0, 20, 40, 44, 45, 60]) {
      const latest = { t: boundary + minutes * 60_000, kp: 2 };
      const summary = kpAcrossReset(
        { value: latest.kp, t: latest.t },
        { value: before.kp, t: before.t },
        null,
      ).value;
      const sender = currentKp([before, latest])!.kp;
      expect(sender, `${minutes} min after the boundary`).toBe(summary);
      expect(summary, `${minutes} min after the boundary`).toBe(
        minutes < RESET_WINDOW_MS / 60_000 ? 5.33 : 2,
      );
    }
  });
});
