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
 */
import { endsKpAlertEvent, reachesKpThreshold } from '../kp/alertPolicy.ts';
import { FRESHNESS } from '../products/freshness.ts';
import { allClearPush, kpPush, visiblePush, type AlertPush } from './alertPush.ts';
import { placeKey, ruleKey, type AlertRule } from './alertRule.ts';
import { inQuietHours, nightEnds, nightOf } from './quietHours.ts';
import type { SkyNow } from './skyNow.ts';

const MIN = 60_000;
const HOUR = 60 * MIN;

/** A `visible` event ends after the sky has been NO this long; a shorter dip is the same display. */
const VISIBLE_END_AFTER_MS = 1 * HOUR;
/** At most this many alerts per subscriber in any … */
const MAX_ALERTS_PER_WINDOW = 3;
/** … window of this length (all-clears do not count: they close alerts, never open one). */
const ALERT_WINDOW_MS = 6 * HOUR;
/** AuroraWatch UK's cool-off: a level alerted is not alerted again for this long. */
const LEVEL_COOL_OFF_MS = 6 * HOUR;
/** Delivered event ids are remembered this long: longer than a night and its cool-off. */
const DELIVERED_KEPT_MS = 36 * HOUR;
/** An all-clear held back (quiet hours) longer than this says nothing useful any more. */
const ALL_CLEAR_KEPT_MS = 12 * HOUR;
/** A Kp reading stamped this far ahead of the clock is a clock error, not news. */
const FUTURE_SKEW_MS = 5 * MIN;

interface EventState {
  /** The event's id at its current level (what is alerted). */
  id: string;
  /** The id without its level: subscriber:place:night:kind. */
  series: string;
  startedAt: number;
  /** Current level: the whole Kp (`kp`), or the night's nth GO (`visible`). */
  level: number;
  /** Highest level alerted (delivered, or dropped by a mute or the cool-off); null: none yet. */
  alertedLevel: number | null;
  /** An alert of this event reached the subscriber (for the all-clear). */
  delivered: boolean;
  /** The id of the last alert delivered (the all-clear's tag). */
  lastAlert: string | null;
  /** `visible`: since when the sky has been NO; null while it is not. */
  noSince: number | null;
}

export interface RuleState {
  event: EventState | null;
  allClearDue: {
    event: string;
    tag: string;
    series: string;
    since: number;
    why: string;
    kp: number | null;
  } | null;
  /** Event ids delivered (by push or on the device) → when. */
  delivered: Record<string, number>;
  /** `kp`: when each level was last alerted (the cool-off). */
  levelAlertedAt: Record<string, number>;
  /** `visible`: how many events tonight has had (the second rise's id is `go2`). */
  nightCount: { night: string; count: number } | null;
}

export const EMPTY_RULE_STATE: RuleState = {
  event: null,
  allClearDue: null,
  delivered: {},
  levelAlertedAt: {},
  nightCount: null,
};

export interface Decision {
  push: AlertPush | null;
  state: RuleState;
  /** What happened, in a few words (logs, the replay's stderr, tests). */
  note: string;
}

export interface DecideArgs {
  rule: AlertRule;
  now: number;
  state: RuleState;
  /** `visible`: the sky at the rule's place now (skyNow.ts); null when it could not be worked out. */
  sky?: SkyNow | null;
  /** `kp`: the current planetary Kp (1-minute estimate, held across the 3-hourly reset). */
  kp?: { value: number; time: number } | null;
  /** When this subscriber's alerts (any rule) were delivered: the 3-per-6-h cap. */
  recent: readonly number[];
}

/** The whole Kp of a value in thirds: 4.67 ("5-"), 5 and 5.33 ("5+") are all level 5. */
function kpLevel(kp: number): number {
  return Math.round(kp);
}

function pruned(state: RuleState, now: number): RuleState {
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

function freshKp(kp: DecideArgs['kp'], now: number): kp is { value: number; time: number } {
  return (
    !!kp &&
    Number.isFinite(kp.value) &&
    now - kp.time <= FRESHNESS['kp-1m'].maxAgeMs &&
    kp.time <= now + FUTURE_SKEW_MS
  );
}

function timeZoneOf(rule: AlertRule): string | null {
  return rule.timeZone ?? rule.quietHours?.timeZone ?? null;
}

/** The event's id at a level: `visible` levels are the night's nth GO (go, go2, …), `kp` the whole Kp. */
function idAt(series: string, kind: AlertRule['kind'], level: number): string {
  return kind === 'visible' ? `${series}:go${level > 1 ? level : ''}` : `${series}:${level}`;
}

/** Moves the event through this moment's sky or Kp; returns the state and, if it ended, the all-clear's reason. */
function advance(
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

export function decideAlert(args: DecideArgs): Decision {
  const { rule, now } = args;
  const key = ruleKey(rule);
  const muteUntil = rule.mutedUntil ?? 0;
  const muted = muteUntil > now;
  const quiet = inQuietHours(now, rule.quietHours);
  const moved = advance(args, pruned(args.state, now));
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

/** Whatever is stored (an older shape, a hand edit) read as a valid state; anything odd starts afresh. */
export function readRuleState(raw: unknown): RuleState {
  if (!raw || typeof raw !== 'object') return EMPTY_RULE_STATE;
  const r = raw as Partial<RuleState>;
  const numbers = (o: unknown): Record<string, number> => {
    const out: Record<string, number> = {};
    if (o && typeof o === 'object')
      for (const [k, v] of Object.entries(o))
        if (typeof v === 'number' && Number.isFinite(v)) out[k] = v;
    return out;
  };
  const ev = r.event;
  const event =
    ev &&
    typeof ev === 'object' &&
    typeof ev.id === 'string' &&
    typeof ev.series === 'string' &&
    typeof ev.level === 'number'
      ? {
          id: ev.id,
          series: ev.series,
          startedAt: typeof ev.startedAt === 'number' ? ev.startedAt : 0,
          level: ev.level,
          alertedLevel: typeof ev.alertedLevel === 'number' ? ev.alertedLevel : null,
          delivered: ev.delivered === true,
          lastAlert: typeof ev.lastAlert === 'string' ? ev.lastAlert : null,
          noSince: typeof ev.noSince === 'number' ? ev.noSince : null,
        }
      : null;
  const a = r.allClearDue;
  const allClearDue =
    a &&
    typeof a === 'object' &&
    typeof a.event === 'string' &&
    typeof a.tag === 'string' &&
    typeof a.series === 'string' &&
    typeof a.since === 'number'
      ? {
          event: a.event,
          tag: a.tag,
          series: a.series,
          since: a.since,
          why: typeof a.why === 'string' ? a.why : '',
          kp: typeof a.kp === 'number' ? a.kp : null,
        }
      : null;
  const n = r.nightCount;
  return {
    event,
    allClearDue,
    delivered: numbers(r.delivered),
    levelAlertedAt: numbers(r.levelAlertedAt),
    nightCount:
      n && typeof n === 'object' && typeof n.night === 'string' && typeof n.count === 'number'
        ? { night: n.night, count: n.count }
        : null,
  };
}
