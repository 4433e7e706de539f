import { describe, expect, it } from 'vitest';
import { decideAlert } from '../../../../core/alerts/alertEngine.ts';
import { EMPTY_RULE_STATE } from '../../../../core/alerts/ruleState.ts';
import { RESET_WINDOW_MS } from '../../../../core/normalise/synoptic.ts';
import { currentKp, parseKp1m, type KpSample } from '../../../../core/kp/currentKp.ts';
import { constructed } from '../../../support/constructedSwpc.ts';

const KP_1M = constructed('planetary_k_index_1m.json');
const at = (iso: string) => Date.parse(iso);
const NOW = at('2026-07-09T10:01:00Z');

describe('current Kp from the 1-minute estimate', () => {
  it('reads the real SWPC file oldest first with UTC times', () => {
    const samples = parseKp1m(KP_1M, NOW);
    expect(samples).toHaveLength(358);
    expect(samples[0]).toEqual({ t: at('2026-07-09T04:03:00Z'), kp: 0.67 });
    expect(samples.at(-1)).toEqual({ t: at('2026-07-09T10:00:00Z'), kp: 1.67 });
  });

  it('holds the pre-boundary value through the 3-hour reset drop seen in the real file', () => {
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
    const rule = {
      subscriber: 's',
      place: null,
      kind: 'kp' as const,
      kpThreshold: 5,
      allClear: true,
      quietHours: null,
      timeZone: 'UTC',
      mutedUntil: null,
    };
    let state = EMPTY_RULE_STATE;
    const sent: string[] = [];
    storm.forEach((s, i) => {
      const kp = currentKp(storm.slice(0, i + 1))!;
      const d = decideAlert({
        rule,
        now: s.t,
        state,
        kp: { value: kp.kp, time: kp.t },
        recent: [],
      });
      state = d.state;
      if (d.push) sent.push(`${d.push.type}@${kp.kp}`);
    });
    expect(sent).toEqual(['kp-alert@5.33']);
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
