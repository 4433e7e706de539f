/**
 * How far past `now` a product's times may lie. SWPC never dates an observation in the future;
 * a time that is (a clock fault, a fill value, "9999-12-31") would make the data read "fresh"
 * forever and outrank every later good row. So observations get a small clock-skew allowance and
 * forecasts their own horizon; a row beyond it is dropped and counted (`futureRows` in the
 * summary, `schemaDrift` set), and a body with nothing left is refused, keeping the last good data.
 */
import { NormaliseError } from './result.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** Clocks disagree a little (ours, SWPC's, the fetch's): an observation may be this far ahead. */
export const CLOCK_SKEW_MS = 10 * MINUTE;

export const LEAD_MS = {
  /** Observations and issue times: the clock-skew allowance only. */
  observation: CLOCK_SKEW_MS,
  /** OVATION's forecast time runs 30–90 min after its observation time. */
  ovationForecast: 90 * MINUTE + CLOCK_SKEW_MS,
  /** The Kp forecast's predicted 3-hour periods reach 3 days ahead; a day of margin. */
  kpForecast: 4 * DAY,
  /** The 27-day outlook's last day, from an issue time up to a week old. */
  outlook: 28 * DAY,
  /** The solar-cycle prediction runs to the end of the cycle and beyond: decades at most. */
  solarCyclePrediction: 20 * 366 * DAY,
} as const;

/** True when `t` lies more than `leadMs` after `now`. */
export function beyondLead(t: number, now: number, leadMs: number): boolean {
  return t > now + leadMs;
}

/** Throws when a product's single defining time (an issue time, an observation time) is too far ahead. */
export function refuseBeyondLead(
  what: string,
  t: number,
  now: number,
  leadMs: number = LEAD_MS.observation,
): void {
  if (beyondLead(t, now, leadMs)) {
    throw new NormaliseError(
      `${what} ${new Date(t).toISOString()} is more than ${Math.round(leadMs / MINUTE)} min after now (${new Date(now).toISOString()})`,
    );
  }
}

/** The reason given when every row was dropped for its time. */
export function allBeyondLead(rows: number, now: number, leadMs: number): NormaliseError {
  return new NormaliseError(
    `no usable sample (all ${rows} dated rows are more than ${Math.round(leadMs / MINUTE)} min after now, ${new Date(now).toISOString()})`,
  );
}
