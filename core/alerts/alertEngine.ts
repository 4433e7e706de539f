/**
 * The one alert engine: for one rule, at one moment, what to push — an alert, an all-clear, or
 * nothing — and the rule's next state. Pure (time, sky and Kp passed in), so the backend's sender
 * (supabase/functions/kp-alert-sender), the service worker's periodic sync (src/sw/alerts) and the
 * replay command (scripts/alertsReplay.ts) make the same decision from the same inputs.
 *
 * Events. An event has an id: subscriber × place × night × kind × level
 * (`a:69.7_19.0:2026-11-27:visible:go`; a `kp` rule has no place: `a:anywhere:2026-11-27:kp:6`). At most one alert per event,
 * whoever delivers it: the id is the notification's tag, and a delivered id is never pushed again
 * (`delivered`, also filled when a push reaches the device, `recordDelivery`).
 * - `visible`: starts when the sky now turns GO (skyNow.ts); ends after it has been NO for an hour
 *   (a dip shorter than that is the same event, so no second alert); the next GO that night is a new
 *   event (`go2`, `go3`, …).
 * - `kp`: starts at the threshold and ends a whole Kp below it (core/kp/alertPolicy.ts, the spec's
 *   rule); its level is the whole Kp of SWPC's thirds (4.67 "5-", 5, 5.33 "5+" are all 5), and a
 *   higher level is a new event: rising levels alert again, falling ones never.
 *
 * Delivery, in this order: a muted rule drops the alert; a level alerted within 6 h is not alerted
 * again (AuroraWatch UK's cool-off: once per level per 6 h); inside quiet hours nothing is delivered,
 * and an event still on when they end is delivered then, one that ended is dropped; at most 3 alerts
 * per subscriber per 6 h (an event held back by that is delivered once the window allows, if still
 * on). An all-clear is sent only when the rule asked for it, once, after an alert, when its event
 * ends (held through quiet hours, dropped if a new event starts first). Stale data (older than the
 * product's freshness window) or a replayed cloud sample neither starts nor ends anything.
 *
 * Its parts: the state kept per rule (ruleState.ts, read back by readRuleState.ts, bounded by
 * pruneRuleState.ts, a delivery filed by recordDelivery.ts), the inputs (alertInputs.ts), the
 * event's move (advanceEvent.ts); the delivery rules above are decideAlert's, here.
 */
import { allClearPush, kpPush, visiblePush, type AlertPush } from './alertPush.ts';
import { advanceEvent } from './advanceEvent.ts';
import { freshKp, timeZoneOf, type DecideArgs } from './alertInputs.ts';
import { ruleKey } from './alertRule.ts';
import { LEVEL_COOL_OFF_MS, pruneRuleState } from './pruneRuleState.ts';
import { inQuietHours, nightEnds } from './quietHours.ts';
import type { EventState, RuleState } from './ruleState.ts';

const MIN = 60_000;
const HOUR = 60 * MIN;

/** At most this many alerts per subscriber in any … */
const MAX_ALERTS_PER_WINDOW = 3;
/** … window of this length (all-clears do not count: they close alerts, never open one). */
const ALERT_WINDOW_MS = 6 * HOUR;

export interface Decision {
  push: AlertPush | null;
  state: RuleState;
  /** What happened, in a few words (logs, the replay's stderr, tests). */
  note: string;
}

/** One rule at one moment: what to push (alert, all-clear or nothing) and the rule's next state. */
export function decideAlert(args: DecideArgs): Decision {
  const { rule, now } = args;
  const key = ruleKey(rule);
  const muteUntil = rule.mutedUntil ?? 0;
  const muted = muteUntil > now;
  const quiet = inQuietHours(now, rule.quietHours);
  const moved = advanceEvent(args, pruneRuleState(args.state, now));
  let state = moved.state;
  let note = moved.note;
  const tz = timeZoneOf(rule);
  const common = (event: string, series: string) => ({
    subscriber: rule.subscriber,
    event,
    series,
    rule: key,
    muteUntil: nightEnds(now, rule.place, tz),
    now,
  });

  const ended = moved.ended;
  const wasOn = args.state.event;
  if (ended && wasOn) {
    // Only a delivered alert earns an all-clear; an event that ended before it was delivered
    // (quiet hours, the cap) is dropped whole.
    state = {
      ...state,
      allClearDue:
        rule.allClear && wasOn.delivered && wasOn.lastAlert
          ? {
              event: `${wasOn.lastAlert}/all-clear`,
              tag: wasOn.lastAlert,
              series: wasOn.series,
              since: now,
              why: ended.why,
              kp: ended.kp,
            }
          : null,
    };
  }

  const ev = state.event;
  if (ev) {
    // An all-clear still waiting for quiet hours to end is superseded by the event after it.
    if (state.allClearDue) state = { ...state, allClearDue: null };
    // Only from data fresh now: a held alert is never delivered on a stale reading or sky.
    const wants =
      (ev.alertedLevel === null || ev.level > ev.alertedLevel) &&
      (rule.kind === 'kp' ? freshKp(args.kp, now) : args.sky?.level === 'GO');
    if (wants) {
      const mark = (delivered: boolean): EventState => ({
        ...ev,
        alertedLevel: ev.level,
        delivered: ev.delivered || delivered,
        lastAlert: delivered ? ev.id : ev.lastAlert,
      });
      const coolOff = rule.kind === 'kp' ? state.levelAlertedAt[String(ev.level)] : undefined;
      const recent = args.recent.filter((t) => now - t < ALERT_WINDOW_MS).length;
      if (state.delivered[ev.id] !== undefined) {
        state = { ...state, event: mark(true) };
        note += '; already delivered';
      } else if (muted) {
        state = { ...state, event: mark(false) };
        note += '; muted tonight';
      } else if (coolOff !== undefined && now - coolOff < LEVEL_COOL_OFF_MS) {
        state = { ...state, event: mark(false) };
        note += `; Kp ${ev.level} alerted ${Math.round((now - coolOff) / MIN)} min ago (cool-off)`;
      } else if (quiet) {
        note += '; quiet hours: held';
      } else if (recent >= MAX_ALERTS_PER_WINDOW) {
        note += `; ${recent} alerts in 6 h: held`;
      } else {
        const rising = ev.alertedLevel !== null;
        const push =
          rule.kind === 'visible'
            ? visiblePush(common(ev.id, ev.series), rule.place!, args.sky!)
            : kpPush(common(ev.id, ev.series), args.kp!, rule.kpThreshold, rising);
        state = {
          ...state,
          event: mark(true),
          delivered: { ...state.delivered, [ev.id]: now },
          levelAlertedAt:
            rule.kind === 'kp'
              ? { ...state.levelAlertedAt, [String(ev.level)]: now }
              : state.levelAlertedAt,
        };
        return { push, state, note: `${note}; alert` };
      }
    }
  }

  const due = state.allClearDue;
  if (due && !quiet && !muted) {
    state = { ...state, allClearDue: null };
    if (state.delivered[due.event] !== undefined)
      return { push: null, state, note: `${note}; all-clear already delivered` };
    const push = allClearPush(
      { ...common(due.event, due.series), tag: due.tag },
      rule.place,
      rule.kind === 'visible'
        ? { kind: 'visible', why: due.why }
        : { kind: 'kp', kp: due.kp ?? 0, threshold: rule.kpThreshold },
    );
    state = { ...state, delivered: { ...state.delivered, [due.event]: now } };
    return { push, state, note: `${note}; all-clear` };
  }
  if (due && muted) {
    state = { ...state, allClearDue: null };
    note += '; all-clear muted';
  }
  return { push: null, state, note };
}
