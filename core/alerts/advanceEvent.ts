/**
 * The alert engine's first step (alertEngine.ts has the whole rule): a rule's event moved through
 * this moment's sky or Kp — started, held, levelled up or ended — before anything is delivered.
 */
import { endsKpAlertEvent, reachesKpThreshold } from '../kp/alertPolicy.ts';
import { freshKp, timeZoneOf, type DecideArgs } from './alertInputs.ts';
import { placeKey, type AlertRule } from './alertRule.ts';
import { nightOf } from './quietHours.ts';
import type { RuleState } from './ruleState.ts';

/** A `visible` event ends after the sky has been NO this long; a shorter dip is the same display. */
const VISIBLE_END_AFTER_MS = 60 * 60_000;

/** The whole Kp of a value in thirds: 4.67 ("5-"), 5 and 5.33 ("5+") are all level 5. */
function kpLevel(kp: number): number {
  return Math.round(kp);
}

/** The event's id at a level: `visible` levels are the night's nth GO (go, go2, …), `kp` the whole Kp. */
function idAt(series: string, kind: AlertRule['kind'], level: number): string {
  return kind === 'visible' ? `${series}:go${level > 1 ? level : ''}` : `${series}:${level}`;
}

/** Moves the event through this moment's sky or Kp; returns the state and, if it ended, the all-clear's reason. */
export function advanceEvent(
  args: DecideArgs,
  state: RuleState,
): { state: RuleState; ended: { why: string; kp: number | null } | null; note: string } {
  const { rule, now } = args;
  const series = (night: string) =>
    `${rule.subscriber}:${placeKey(rule.place)}:${night}:${rule.kind}`;
  if (rule.kind === 'kp') {
    if (!freshKp(args.kp, now)) return { state, ended: null, note: 'no fresh Kp' };
    const kp = args.kp.value;
    const level = kpLevel(kp);
    const ev = state.event;
    if (!ev) {
      if (!reachesKpThreshold(kp, rule.kpThreshold))
        return { state, ended: null, note: `Kp ${kp}: quiet` };
      const s = series(nightOf(now, rule.place, timeZoneOf(rule)));
      return {
        state: {
          ...state,
          event: {
            id: idAt(s, 'kp', level),
            series: s,
            startedAt: now,
            level,
            alertedLevel: null,
            delivered: false,
            lastAlert: null,
            noSince: null,
          },
        },
        ended: null,
        note: `Kp ${kp}: event starts`,
      };
    }
    if (endsKpAlertEvent(kp, rule.kpThreshold))
      return {
        state: { ...state, event: null },
        ended: { why: `Kp ${kp}`, kp },
        note: `Kp ${kp}: event ends`,
      };
    return {
      state: { ...state, event: { ...ev, level, id: idAt(ev.series, 'kp', level) } },
      ended: null,
      note: `Kp ${kp}: event on`,
    };
  }
  const sky = args.sky ?? null;
  if (!sky || sky.level === null)
    return { state, ended: null, note: `sky unknown: ${sky?.why ?? 'no data'}` };
  const ev = state.event;
  if (!ev) {
    if (sky.level !== 'GO') return { state, ended: null, note: `${sky.level}: ${sky.why}` };
    const night = nightOf(now, rule.place, timeZoneOf(rule));
    const count = state.nightCount?.night === night ? state.nightCount.count + 1 : 1;
    const s = series(night);
    return {
      state: {
        ...state,
        nightCount: { night, count },
        event: {
          id: idAt(s, 'visible', count),
          series: s,
          startedAt: now,
          level: count,
          alertedLevel: null,
          delivered: false,
          lastAlert: null,
          noSince: null,
        },
      },
      ended: null,
      note: 'GO: event starts',
    };
  }
  if (sky.level !== 'NO')
    return {
      state: { ...state, event: { ...ev, noSince: null } },
      ended: null,
      note: `${sky.level}: event on`,
    };
  const noSince = ev.noSince ?? now;
  if (now - noSince >= VISIBLE_END_AFTER_MS)
    return {
      state: { ...state, event: null },
      ended: { why: sky.why, kp: null },
      note: `NO for an hour (${sky.why}): event ends`,
    };
  return {
    state: { ...state, event: { ...ev, noSince } },
    ended: null,
    note: `NO (${sky.why}): event held`,
  };
}
