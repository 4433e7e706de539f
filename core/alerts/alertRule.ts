/**
 * What one subscriber asked to be alerted about, for one place: the rule the alert engine
 * (alertEngine.ts) runs on, read the same way by the backend's sender (from its tables), the
 * service worker (from `aurora-tracking-db`) and the replay command (from a timeline file).
 *
 * Two kinds:
 * - `visible`: tonight's verdict at the place turns GO now (core/tonight), so it needs a place;
 * - `kp`: the spec's Kp threshold (default 5). Kp is one number for the planet, so this rule has
 *   no place (one per subscriber; a place given is not kept, so the backend never holds one for
 *   it): its night is the subscriber's time zone's.
 */
import { DEFAULT_KP_THRESHOLD, KP_MAX, KP_MIN } from './kpThreshold.ts';
import { isTimeZone, parseClockTime } from './quietHours.ts';

type AlertKind = 'visible' | 'kp';

export interface QuietHours {
  /** Local clock times "HH:MM" in `timeZone`; `from` after `to` spans midnight. */
  from: string;
  to: string;
  /** IANA time zone of the subscriber (stored with the subscription). */
  timeZone: string;
}

export interface AlertPlace {
  name: string;
  lat: number;
  lon: number;
}

export interface AlertRule {
  /** Who is alerted: a device's subscriber id (the same on the device and in the backend). */
  subscriber: string;
  /** `visible` only, rounded to 0.1° (`roundPlace`): the backend never holds a finer position. */
  place: AlertPlace | null;
  kind: AlertKind;
  /** For `kp`: alert when Kp reaches this (0–9). */
  kpThreshold: number;
  /** Send "all clear" once after an alert, when its event ends. */
  allClear: boolean;
  quietHours: QuietHours | null;
  /** The subscriber's IANA time zone (the night of a `kp` rule); quiet hours carry their own. */
  timeZone: string | null;
  /** "Mute tonight": no alert for this rule before this time (epoch ms); null when not muted. */
  mutedUntil: number | null;
}

/** A place name as the saved places keep it (supabase/migrations places: 1–60 characters). */
const MAX_PLACE_NAME = 60;
const MAX_SUBSCRIBER = 64;

/**
 * 0.1° (about 11 km): the position the backend may keep, and the weather function's own place
 * cell (supabase/functions/weather/coordinates.ts), so a subscriber's clouds are the ones the
 * map shows for that place.
 */
export function roundPlace<T extends { lat: number; lon: number }>(place: T): T {
  const r = (x: number) => {
    const v = Math.round(x * 10) / 10;
    return Object.is(v, -0) ? 0 : v;
  };
  return { ...place, lat: r(place.lat), lon: r(place.lon) };
}

/** "69.7_19.0": the place part of an event id and the backend's cell key. */
export function placeKey(place: { lat: number; lon: number } | null): string {
  if (!place) return 'anywhere';
  const p = roundPlace(place);
  return `${p.lat.toFixed(1)}_${p.lon.toFixed(1)}`;
}

export type RuleCheck = { ok: true; rule: AlertRule } | { ok: false; error: string };

function readPlace(
  raw: unknown,
): { ok: true; place: AlertPlace | null } | { ok: false; error: string } {
  if (raw === null || raw === undefined) return { ok: true, place: null };
  if (typeof raw !== 'object') return { ok: false, error: 'place must be {name, lat, lon}' };
  const { name, lat, lon } = raw as Record<string, unknown>;
  if (
    typeof lat !== 'number' ||
    typeof lon !== 'number' ||
    !Number.isFinite(lat) ||
    !Number.isFinite(lon) ||
    Math.abs(lat) > 90 ||
    Math.abs(lon) > 180
  )
    return { ok: false, error: 'place needs a latitude within ±90° and a longitude within ±180°' };
  const label = typeof name === 'string' ? name.trim() : '';
  if (label.length < 1 || label.length > MAX_PLACE_NAME)
    return { ok: false, error: `place name must be 1–${MAX_PLACE_NAME} characters` };
  return { ok: true, place: roundPlace({ name: label, lat, lon }) };
}

function readQuietHours(
  raw: unknown,
): { ok: true; quiet: QuietHours | null } | { ok: false; error: string } {
  if (raw === null || raw === undefined) return { ok: true, quiet: null };
  if (typeof raw !== 'object')
    return { ok: false, error: 'quietHours must be {from, to, timeZone}' };
  const { from, to, timeZone } = raw as Record<string, unknown>;
  if (parseClockTime(from) === null || parseClockTime(to) === null)
    return { ok: false, error: 'quietHours.from and .to must be clock times "HH:MM"' };
  if (typeof timeZone !== 'string' || !isTimeZone(timeZone))
    return {
      ok: false,
      error: 'quietHours.timeZone must be an IANA time zone such as Europe/Oslo',
    };
  return { ok: true, quiet: { from: from as string, to: to as string, timeZone } };
}

/**
 * A rule from whatever a caller sent or stored (a timeline, a request body, an old record): valid
 * or refused with a reason a person can read. The place is rounded to 0.1° here.
 */
export function readAlertRule(raw: unknown): RuleCheck {
  if (!raw || typeof raw !== 'object')
    return { ok: false, error: 'an alert rule must be an object' };
  const r = raw as Record<string, unknown>;
  const subscriber = r['subscriber'] ?? r['id'];
  if (typeof subscriber !== 'string' || subscriber.length < 1 || subscriber.length > MAX_SUBSCRIBER)
    return { ok: false, error: `subscriber id must be 1–${MAX_SUBSCRIBER} characters` };
  const kind = r['alert'] ?? r['kind'];
  if (kind !== 'visible' && kind !== 'kp')
    return { ok: false, error: 'alert must be "visible" or "kp"' };
  const place = readPlace(r['place']);
  if (!place.ok) return place;
  if (kind === 'visible' && !place.place)
    return { ok: false, error: 'a "visible" alert needs a place' };
  const t = r['kpThreshold'] ?? DEFAULT_KP_THRESHOLD;
  if (typeof t !== 'number' || !Number.isFinite(t) || t < KP_MIN || t > KP_MAX)
    return { ok: false, error: `kpThreshold must be a number from ${KP_MIN} to ${KP_MAX}` };
  const quiet = readQuietHours(r['quietHours']);
  if (!quiet.ok) return quiet;
  const muted = r['mutedUntil'];
  const zone = r['timeZone'] ?? quiet.quiet?.timeZone ?? null;
  if (zone !== null && (typeof zone !== 'string' || !isTimeZone(zone)))
    return { ok: false, error: 'timeZone must be an IANA time zone such as Europe/Oslo' };
  return {
    ok: true,
    rule: {
      subscriber,
      place: kind === 'visible' ? place.place : null,
      kind,
      kpThreshold: Math.round(t * 100) / 100,
      allClear: r['allClear'] === true,
      quietHours: quiet.quiet,
      timeZone: zone,
      mutedUntil: typeof muted === 'number' && Number.isFinite(muted) ? muted : null,
    },
  };
}

/** "69.7_19.0:visible": a subscriber has one rule per place and kind. */
export function ruleKey(rule: Pick<AlertRule, 'place' | 'kind'>): string {
  return `${placeKey(rule.place)}:${rule.kind}`;
}
