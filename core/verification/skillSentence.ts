/**
 * The track record in one sentence a person can read: whether the forecasts have been better than
 * assuming tomorrow is like today, with the numbers behind it. Storm skill (HSS) decides when it
 * is defined; in a quiet spell with no storm day forecast or seen, HSS is undefined and the Kp
 * error one day ahead decides instead. Never percent correct (contingency.ts says why).
 */
import { STORM_KP, type WindowRecord } from './trackRecord.ts';

export interface SkillVerdict {
  /** Better than persistence: true, false, or null when there is not enough to tell. */
  better: boolean | null;
  sentence: string;
}

const two = (x: number) => x.toFixed(2);
const days = (n: number) => `${n} day${n === 1 ? '' : 's'}`;
const STORM = `Kp ≥ ${Math.round(STORM_KP)}`;

export function skillVerdict(w: WindowRecord): SkillVerdict {
  const f = w.forecast;
  const p = w.persistence;
  const lead = `over the last ${days(w.days)}`;
  if (f.hss !== null && p.hss !== null) {
    const better = f.hss > p.hss;
    return {
      better,
      sentence:
        `Better than assuming tomorrow is like today ${lead}: ${better ? 'yes' : 'no'} — ` +
        `next-day storm (${STORM}) forecasts scored HSS ${two(f.hss)} against ${two(p.hss)} for ` +
        `persistence, on ${days(f.cases)} with ${days(f.events)} of storm.`,
    };
  }
  const dayAhead = w.errors[0];
  if (dayAhead && dayAhead.forecast !== null && dayAhead.persistence !== null) {
    const better = dayAhead.forecast < dayAhead.persistence;
    const quiet =
      f.cases > 0
        ? `no storm day (${STORM}) was forecast or seen on the ${days(f.cases)} scored, so storm skill cannot be measured; `
        : '';
    return {
      better,
      sentence:
        `Better than assuming tomorrow is like today ${lead}: ${better ? 'yes' : 'no'} — ` +
        `${quiet}one day ahead the Kp forecast was off by ${two(dayAhead.forecast)} on average ` +
        `against ${two(dayAhead.persistence)} for persistence, over ${dayAhead.periods} three-hour periods.`,
    };
  }
  return {
    better: null,
    sentence: `Not enough yet to tell whether the forecasts beat assuming tomorrow is like today: this device holds no forecast with its observed Kp ${lead}.`,
  };
}
