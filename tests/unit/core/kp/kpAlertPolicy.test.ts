import { describe, expect, it } from 'vitest';
import { decideAlert } from '../../../../core/alerts/alertEngine.ts';
import { EMPTY_RULE_STATE } from '../../../../core/alerts/ruleState.ts';
import { currentKp } from '../../../../core/kp/currentKp.ts';
import { kpAcrossReset } from '../../../../core/kp/kpAcrossReset.ts';
import { RESET_WINDOW_MS } from '../../../../core/normalise/synoptic.ts';

const HOUR = 3_600_000;
const START = Date.UTC(2026, 8, 1, 0, 0);

/**
 * Whether an event is on after each reading, as the one alert engine decides it for the service
 * worker and the backend alike (core/alerts/alertEngine.ts).
 */
function engineEvents(threshold: number, kps: number[]): boolean[] {
  let state = EMPTY_RULE_STATE;
  const rule = {
    subscriber: 's',
    place: null,
    kind: 'kp' as const,
    kpThreshold: threshold,
    allClear: true,
    quietHours: null,
    timeZone: 'UTC',
    mutedUntil: null,
  };
  return kps.map((kp, i) => {
    const now = START + i * 4 * HOUR;
    state = decideAlert({ rule, now, state, kp: { value: kp, time: now }, recent: [] }).state;
    return state.event !== null;
  });
}

describe('the Kp alert policy', () => {
  it('starts a storm at the threshold and ends it only a whole Kp below', () => {
    // Kp in thirds wobbling around a threshold of 5, then easing for real, then a new storm.
    const kps = [4.67, 5, 4.33, 4.67, 5.33, 4, 3.67, 5, 4.33, 2];
    expect(engineEvents(5, kps)).toEqual([
      false,
      true,
      true,
      true,
      true,
      false,
      false,
      true,
      true,
      false,
    ]);
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
