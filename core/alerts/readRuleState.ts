import { EMPTY_RULE_STATE, type RuleState } from './ruleState.ts';

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
