import { describe, expect, it } from 'vitest';
import { decideAlert } from '../../../../core/alerts/alertEngine.ts';
import { readRuleState } from '../../../../core/alerts/readRuleState.ts';
import { recordDelivery } from '../../../../core/alerts/recordDelivery.ts';
import { EMPTY_RULE_STATE, type RuleState } from '../../../../core/alerts/ruleState.ts';
import type { AlertRule } from '../../../../core/alerts/alertRule.ts';
import type { SkyNow } from '../../../../core/alerts/skyNow.ts';

const MIN = 60_000;
const HOUR = 60 * MIN;
const at = (iso: string) => Date.parse(iso);
const EDINBURGH = { name: 'Edinburgh', lat: 56, lon: -3.2 };

const kpRule: AlertRule = {
  subscriber: 's',
  place: null,
  kind: 'kp',
  kpThreshold: 5,
  allClear: true,
  quietHours: null,
  timeZone: 'Europe/London',
  mutedUntil: null,
};
const visibleRule: AlertRule = { ...kpRule, kind: 'visible', place: EDINBURGH };

const sky = (level: SkyNow['level'], why = level ?? 'unknown'): SkyNow => ({
  level,
  why,
  look: 'N',
  cloudPercent: 10,
  ages: { ovationMs: 5 * MIN, cloudsMs: 20 * MIN },
  goUntil: level === 'GO' ? null : null,
});

/** Feeds Kp readings (time, value) through the engine; returns what was pushed, as "hh:mm type event-tail". */
function runKp(rule: AlertRule, readings: [string, number][], start: RuleState = EMPTY_RULE_STATE) {
  let state = start;
  const recent: number[] = [];
  const out: string[] = [];
  for (const [iso, value] of readings) {
    const now = at(iso);
    const d = decideAlert({ rule, now, state, kp: { value, time: now - MIN }, recent });
    state = d.state;
    if (d.push) {
      if (d.push.type !== 'all-clear') recent.push(now);
      out.push(`${iso.slice(11, 16)} ${d.push.type} ${d.push.event.split(':').slice(2).join(':')}`);
    }
  }
  return { out, state };
}

describe('the alert engine', () => {
  it('keeps Kp wobbling between the thirds around the threshold as one event (the whole-unit end rule)', () => {
    const { out } = runKp(kpRule, [
      ['2026-12-08T18:00:00Z', 5],
      ['2026-12-08T18:30:00Z', 4.33],
      ['2026-12-08T19:00:00Z', 5.33],
      ['2026-12-08T19:30:00Z', 4.33],
      ['2026-12-08T20:00:00Z', 4],
    ]);
    expect(out).toEqual([
      '18:00 kp-alert 2026-12-08:kp:5',
      '20:00 all-clear 2026-12-08:kp:5/all-clear',
    ]);
  });

  it('holds a level back for six hours after it was alerted, even in the next night (cool-off)', () => {
    // A Kp rule's night turns at noon on the subscriber's clock (London: 12:00 UTC).
    const { out } = runKp(kpRule, [
      ['2026-12-09T11:00:00Z', 5.33],
      ['2026-12-09T11:30:00Z', 3.67],
      ['2026-12-09T13:00:00Z', 5],
      ['2026-12-09T14:00:00Z', 6],
      ['2026-12-09T18:00:00Z', 5.33],
    ]);
    expect(out).toEqual([
      '11:00 kp-alert 2026-12-08:kp:5',
      '11:30 all-clear 2026-12-08:kp:5/all-clear',
      '14:00 kp-alert 2026-12-09:kp:6',
    ]);
  });

  it('never acts on a Kp reading older than the 1-minute product’s freshness window', () => {
    const now = at('2026-12-08T18:00:00Z');
    const d = decideAlert({
      rule: kpRule,
      now,
      state: EMPTY_RULE_STATE,
      kp: { value: 8, time: now - 16 * MIN },
      recent: [],
    });
    expect(d.push).toBeNull();
    expect(d.state.event).toBeNull();
    expect(d.note).toBe('no fresh Kp');
  });

  it('does not deliver a held alert on a stale reading when quiet hours end', () => {
    const quiet: AlertRule = {
      ...kpRule,
      quietHours: { from: '22:00', to: '06:00', timeZone: 'Europe/London' },
    };
    const night = at('2026-12-08T23:00:00Z');
    const held = decideAlert({
      rule: quiet,
      now: night,
      state: EMPTY_RULE_STATE,
      kp: { value: 6, time: night },
      recent: [],
    });
    expect(held.push).toBeNull();
    const morning = at('2026-12-09T06:10:00Z');
    const stale = decideAlert({
      rule: quiet,
      now: morning,
      state: held.state,
      kp: { value: 6, time: morning - HOUR },
      recent: [],
    });
    expect(stale.push).toBeNull();
    const fresh = decideAlert({
      rule: quiet,
      now: morning,
      state: held.state,
      kp: { value: 6, time: morning },
      recent: [],
    });
    expect(fresh.push?.type).toBe('kp-alert');
  });

  it('ends a visible event only after an hour of NO, and alerts again on the next GO that night', () => {
    let state = EMPTY_RULE_STATE;
    const out: string[] = [];
    const steps: [string, SkyNow['level']][] = [
      ['2026-12-08T20:00:00Z', 'GO'],
      ['2026-12-08T20:30:00Z', 'NO'],
      ['2026-12-08T21:00:00Z', 'MAYBE'],
      ['2026-12-08T21:30:00Z', 'NO'],
      ['2026-12-08T22:00:00Z', null],
      ['2026-12-08T22:30:00Z', 'NO'],
      ['2026-12-08T23:00:00Z', 'GO'],
    ];
    for (const [iso, level] of steps) {
      const d = decideAlert({
        rule: visibleRule,
        now: at(iso),
        state,
        sky: sky(level),
        recent: [],
      });
      state = d.state;
      if (d.push)
        out.push(
          `${iso.slice(11, 16)} ${d.push.type} ${d.push.event.split(':').slice(3).join(':')}`,
        );
    }
    expect(out).toEqual([
      '20:00 aurora-visible visible:go',
      '22:30 all-clear visible:go/all-clear',
      '23:00 aurora-visible visible:go2',
    ]);
  });

  it('drops the alerts of a muted rule until the mute ends', () => {
    const now = at('2026-12-08T20:00:00Z');
    const muted = decideAlert({
      rule: { ...visibleRule, mutedUntil: at('2026-12-09T12:13:00Z') },
      now,
      state: EMPTY_RULE_STATE,
      sky: sky('GO'),
      recent: [],
    });
    expect(muted.push).toBeNull();
    expect(muted.note).toBe('GO: event starts; muted tonight');
    // The event stays known, so lifting the mute the same night does not announce it late.
    const later = decideAlert({
      rule: visibleRule,
      now: now + 30 * MIN,
      state: muted.state,
      sky: sky('GO'),
      recent: [],
    });
    expect(later.push).toBeNull();
  });

  it('holds an all-clear through quiet hours and drops it when a new event starts first', () => {
    const quiet: AlertRule = {
      ...visibleRule,
      quietHours: { from: '22:00', to: '06:00', timeZone: 'Europe/London' },
    };
    let state = decideAlert({
      rule: quiet,
      now: at('2026-12-08T20:00:00Z'),
      state: EMPTY_RULE_STATE,
      sky: sky('GO'),
      recent: [],
    }).state;
    state = decideAlert({
      rule: quiet,
      now: at('2026-12-08T21:30:00Z'),
      state,
      sky: sky('NO', 'cloudy'),
      recent: [],
    }).state;
    const ended = decideAlert({
      rule: quiet,
      now: at('2026-12-08T22:30:00Z'),
      state,
      sky: sky('NO', 'cloudy'),
      recent: [],
    });
    expect(ended.push).toBeNull();
    expect(ended.state.allClearDue).not.toBeNull();
    const morning = decideAlert({
      rule: quiet,
      now: at('2026-12-09T06:00:00Z'),
      state: ended.state,
      sky: sky('NO', 'cloudy'),
      recent: [],
    });
    expect(morning.push).toMatchObject({
      type: 'all-clear',
      tag: 's:56.0_-3.2:2026-12-08:visible:go',
    });

    const again = decideAlert({
      rule: quiet,
      now: at('2026-12-08T23:00:00Z'),
      state: ended.state,
      sky: sky('GO'),
      recent: [],
    });
    expect(again.state.allClearDue).toBeNull();
  });

  it('never shows an event the device already has from a push', () => {
    const now = at('2026-12-08T20:00:00Z');
    const filed = recordDelivery(EMPTY_RULE_STATE, 's:56.0_-3.2:2026-12-08:visible:go', now - MIN);
    const d = decideAlert({ rule: visibleRule, now, state: filed, sky: sky('GO'), recent: [] });
    expect(d.push).toBeNull();
    expect(d.note).toBe('GO: event starts; already delivered');
    expect(d.state.event?.delivered).toBe(true);
  });

  it('reads a stored state back as it was, and anything odd as a fresh start', () => {
    const { state } = runKp(kpRule, [['2026-12-08T18:00:00Z', 6]]);
    expect(readRuleState(JSON.parse(JSON.stringify(state)))).toEqual(state);
    expect(readRuleState('garbage')).toEqual(EMPTY_RULE_STATE);
    expect(readRuleState({ event: { id: 3 }, delivered: { a: 'x', b: 5 } })).toEqual({
      ...EMPTY_RULE_STATE,
      delivered: { b: 5 },
    });
  });
});
