import { describe, expect, it } from 'vitest';
import { RESET_WINDOW_MS } from '../../../../../core/normalise/synoptic.ts';
import {
  currentKp,
  parseKp1m,
  type KpSample,
} from '../../../../../supabase/functions/kp-alert-sender/currentKp.ts';
import {
  alertPayload,
  decideAlert,
  isFreshKp,
  type AlertState,
} from '../../../../../supabase/functions/kp-alert-sender/decide.ts';
import { parsePushPayload } from '../../../../../src/sw/pushPayload.ts';
import { constructed } from '../../../../support/constructedSwpc.ts';

const KP_1M = constructed('planetary_k_index_1m.json');
const at = (iso: string) => Date.parse(iso);
const NOW = at('2026-07-09T10:01:00Z');

/** Runs a sequence of Kp readings through the decisions, applying each decision as the sender would. */
function replay(threshold: number, readings: number[]): string[] {
  let state: AlertState = { kpThreshold: threshold, alertActive: false };
  const sent: string[] = [];
  for (const kp of readings) {
    const d = decideAlert(state, kp);
    if (d.action === 'none') continue;
    sent.push(`${d.action}@${kp}`);
    state = { ...state, alertActive: d.action === 'alert' };
  }
  return sent;
}

describe('Kp alert decisions', () => {
  it('alerts once when Kp crosses the threshold and stays silent while it stays high', () => {
    expect(replay(5, [3, 4.33, 5, 5.67, 7, 6.33, 5.33, 5])).toEqual(['alert@5']);
  });

  it('treats Kp wobbling just under the threshold as the same event', () => {
    expect(replay(5, [5, 4.67, 5.33, 4.33, 5, 4.67])).toEqual(['alert@5']);
  });

  it('sends an all-clear only when Kp falls a full unit below the threshold, then re-arms', () => {
    expect(replay(5, [5.33, 4.33, 4, 3.67, 5, 2])).toEqual([
      'alert@5.33',
      'all-clear@4',
      'alert@5',
      'all-clear@2',
    ]);
  });

  it('does not act on readings that are too old or from the future', () => {
    const now = at('2026-07-09T10:10:00Z');
    expect(isFreshKp(at('2026-07-09T10:00:00Z'), now)).toBe(true);
    expect(isFreshKp(at('2026-07-09T09:30:00Z'), now)).toBe(false);
    expect(isFreshKp(at('2026-07-09T11:00:00Z'), now)).toBe(false);
  });

  it('builds payloads the service worker reads as a Kp alert and as a plain all-clear notice', () => {
    const alert = parsePushPayload(JSON.stringify(alertPayload({ action: 'alert', kp: 6.33 }, 5)));
    expect(alert).toMatchObject({ kp: 6.33, tag: 'kp-alert' });
    expect(alert.title).toContain('6.33');
    const clear = parsePushPayload(
      JSON.stringify(alertPayload({ action: 'all-clear', kp: 3.67 }, 5)),
    );
    expect(clear).toMatchObject({ kp: null, title: 'Aurora alert over', tag: 'kp-all-clear' });
    expect(clear.body).toBe(
      'Geomagnetic activity has eased to Kp 3.67, below your threshold of 5.',
    );
  });
});

describe('current Kp from the 1-minute estimate', () => {
  it('reads the constructed SWPC file oldest first with UTC times', () => {
    const samples = parseKp1m(KP_1M, NOW);
    expect(samples).toHaveLength(358);
    expect(samples[0]).toEqual({ t: at('2026-07-09T04:03:00Z'), kp: 0.67 });
    expect(samples.at(-1)).toEqual({ t: at('2026-07-09T10:00:00Z'), kp: 1.67 });
  });

  it('holds the pre-boundary value through the 3-hour reset drop the file carries, as SWPC’s does', () => {
    const samples = parseKp1m(KP_1M, NOW);
    const upTo = (iso: string) => samples.filter((s) => s.t <= at(iso));
    // At 09:00 the estimate restarts at 0; the last value before it was 2.33.
    expect(upTo('2026-07-09T09:00:00Z').at(-1)!.kp).toBe(0);
    expect(currentKp(upTo('2026-07-09T09:00:00Z'))).toEqual({
      t: at('2026-07-09T09:00:00Z'),
      kp: 2.33,
    });
    expect(currentKp(upTo('2026-07-09T09:21:00Z'))!.kp).toBe(2.33);
    // Once the window has passed, the live estimate is the reading again.
    expect(currentKp(upTo('2026-07-09T09:45:00Z'))!.kp).toBe(1.67);
    expect(at('2026-07-09T09:45:00Z') - at('2026-07-09T09:00:00Z')).toBeGreaterThanOrEqual(
      RESET_WINDOW_MS,
    );
  });

  it('never lets the reset drop end a storm: no all-clear, no second alert', () => {
    const storm: KpSample[] = [];
    const start = at('2025-09-01T20:00:00Z');
    for (let m = 0; m <= 90; m++) {
      const t = start + m * 60_000;
      // Kp 5.33 until 21:00, then the estimate restarts at 0 and climbs a third every 5 minutes.
      const kp =
        t < at('2025-09-01T21:00:00Z')
          ? 5.33
          : Math.min(5.33, Math.floor((t - at('2025-09-01T21:00:00Z')) / 300_000) / 3);
      storm.push({ t, kp });
    }
    const readings = storm.map((_, i) => currentKp(storm.slice(0, i + 1))!.kp);
    expect(replay(5, readings)).toEqual(['alert@5.33']);
  });

  it('returns nothing for an empty or unreadable file', () => {
    expect(currentKp(parseKp1m('not json', NOW))).toBeNull();
    expect(
      parseKp1m(
        '[{"time_tag":"bad","estimated_kp":3},{"time_tag":"2026-07-09T04:03:00","estimated_kp":null}]',
        NOW,
      ),
    ).toEqual([]);
  });
});
