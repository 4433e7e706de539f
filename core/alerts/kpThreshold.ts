/**
 * The Kp alert threshold's default and range, defined once: the page's settings, the service
 * worker, the alert rules (alertRule.ts) and the push-subscription function
 * (supabase/functions/push-subscription/validate.ts) import them. The SQL column defaults
 * (supabase/migrations, `kp_threshold ... default 5`) cannot: a unit test holds them to this value.
 */

/** Product spec, constants: "Default Kp alert threshold: 5". */
export const DEFAULT_KP_THRESHOLD = 5;
/** The planetary K-index runs 0–9 (NOAA SWPC, "Planetary K-index"). */
export const KP_MIN = 0;
export const KP_MAX = 9;
