/**
 * OVATION's thresholds of GO / MAYBE at a place (core/tonight/CONTEXT.md says why each is where
 * it is): one module of constants, so the verdict and the score of a kept night (nightRecord.ts)
 * judge by the same numbers without the scorer loading the whole verdict.
 */

/** OVATION overhead at or above this, or in view at or above OVATION_GO_VISIBLE_PERCENT: GO. */
export const OVATION_GO_OVERHEAD_PERCENT = 20;
export const OVATION_GO_VISIBLE_PERCENT = 30;
/** Below this, even on the horizon: the oval is too far (NO); at or above it: MAYBE. */
export const OVATION_MAYBE_VISIBLE_PERCENT = 10;
