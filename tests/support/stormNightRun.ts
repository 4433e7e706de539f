/**
 * Runs the constructed storm night (tests/fixtures/constructed/stormNight.ts) through the alert
 * engine in memory, step by step and subscriber by subscriber, as the sender would: the sky from
 * tonight's verdict, Kp from the 1-minute file through the sender's reading of it.
 */
import { decideAlert } from '../../core/alerts/alertEngine.ts';
import { EMPTY_RULE_STATE, type RuleState } from '../../core/alerts/ruleState.ts';
import type { AlertPush } from '../../core/alerts/alertPush.ts';
import { readAlertRule, type AlertRule } from '../../core/alerts/alertRule.ts';
import { skyNow } from '../../core/alerts/skyNow.ts';
import { currentKp, parseKp1m } from '../../core/kp/currentKp.ts';
import {
  CLOUD_RUN_LAG_MS,
  kp1mFile,
  ovationFrame,
  STORM,
  STORM_SUBSCRIBERS,
  stormCloud,
} from '../fixtures/constructed/stormNight.ts';

export interface StormPush {
  subscriber: string;
  at: string;
  type: AlertPush['type'];
  event: string;
  title: string;
  body: string;
}

export function rulesOf(subscribers: readonly unknown[]): AlertRule[] {
  return subscribers.map((s) => {
    const r = readAlertRule(s);
    if (!r.ok) throw new Error(r.error);
    return r.rule;
  });
}

/** `change` may alter a subscriber's sky or Kp at a step (what-if tests). */
export function runStormNight(
  opts: {
    rules?: AlertRule[];
    cloud?: (
      subscriber: string,
      t: number,
    ) => ReturnType<typeof stormCloud> & { replay?: boolean; updatedAt?: number };
    stepMs?: number;
  } = {},
): { pushes: StormPush[]; notes: Record<string, string[]> } {
  const rules = opts.rules ?? rulesOf(STORM_SUBSCRIBERS);
  const states = new Map<string, RuleState>();
  const recent = new Map<string, number[]>();
  const pushes: StormPush[] = [];
  const notes: Record<string, string[]> = {};
  for (let t = STORM.start; t <= STORM.end; t += opts.stepMs ?? STORM.stepMs) {
    const samples = parseKp1m(kp1mFile(t), t);
    const kpNow = currentKp(samples);
    for (const rule of rules) {
      const c = (opts.cloud ?? stormCloud)(rule.subscriber, t) as ReturnType<typeof stormCloud> & {
        replay?: boolean;
        updatedAt?: number;
      };
      const sky =
        rule.kind === 'visible'
          ? skyNow({
              place: rule.place!,
              now: t,
              ovation: ovationFrame(t),
              clouds: {
                time: [t],
                total: [c.total],
                low: [c.low],
                medium: [c.medium],
                high: [c.high],
                updatedAt: c.updatedAt ?? t - CLOUD_RUN_LAG_MS,
                ...(c.replay && { replay: true }),
              },
            })
          : null;
      const d = decideAlert({
        rule,
        now: t,
        state: states.get(rule.subscriber) ?? EMPTY_RULE_STATE,
        sky,
        kp: kpNow && { value: kpNow.kp, time: kpNow.t },
        recent: recent.get(rule.subscriber) ?? [],
      });
      states.set(rule.subscriber, d.state);
      (notes[rule.subscriber] ??= []).push(`${new Date(t).toISOString().slice(11, 16)} ${d.note}`);
      if (d.push) {
        if (d.push.type !== 'all-clear')
          recent.set(rule.subscriber, [...(recent.get(rule.subscriber) ?? []), t]);
        pushes.push({
          subscriber: rule.subscriber,
          at: new Date(t).toISOString(),
          type: d.push.type,
          event: d.push.event,
          title: d.push.title,
          body: d.push.body,
        });
      }
    }
  }
  return { pushes, notes };
}

/** The pushes a person would want, in order (UTC times; events without their subscriber and place). */
export const STORM_NIGHT_PUSHES = [
  '13:00 edinburgh-kp kp-alert kp:5',
  '13:00 hobart aurora-visible visible:go',
  '14:00 edinburgh-kp kp-alert kp:6',
  '16:00 tromso aurora-visible visible:go',
  '16:00 edinburgh-kp kp-alert kp:7',
  '17:00 edinburgh aurora-visible visible:go',
  '19:00 edinburgh-kp kp-alert kp:8',
  '21:00 tromso all-clear visible:go/all-clear',
  '23:00 edinburgh aurora-visible visible:go2',
  '05:00 tromso aurora-visible visible:go2',
  '05:00 edinburgh-kp all-clear kp:8/all-clear',
  '09:00 tromso all-clear visible:go2/all-clear',
];

/** "13:00 hobart aurora-visible visible:go": a push in one line, its event without subscriber and place. */
export function briefPushes(
  pushes: readonly Pick<StormPush, 'at' | 'subscriber' | 'type' | 'event'>[],
): string[] {
  return pushes.map(
    (p) =>
      `${p.at.slice(11, 16)} ${p.subscriber} ${p.type} ${p.event.split(':').slice(3).join(':')}`,
  );
}
