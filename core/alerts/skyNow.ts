/**
 * Is aurora likely visible from a place now? Tonight's verdict (core/tonight, the same coordinates
 * and relations as the screen) for the half hour holding `now`, plus what an alert needs beyond
 * the screen's line: data fresh by its product's own window, and no replayed sample. Pure.
 *
 * `level` is null when the data cannot say: the engine then neither starts nor ends an event. A
 * NO the data is sure of (daylight, an overcast forecast that is itself trustworthy) is NO even
 * when the aurora map is old.
 */
import { FRESHNESS } from '../products/freshness.ts';
import { formatAge } from '../time/formatAge.ts';
import type { Level, TonightInputs } from '../tonight/types.ts';
import { computeVerdict, MAX_AGE_MS } from '../tonight/verdict.ts';

export interface SkyNow {
  level: Level | null;
  /** Why, in a few words: "GO", "daylight", "82 % low cloud", "aurora map from 45 min ago". */
  why: string;
  /** Where to look: "overhead", or the compass point of the aurora in view; null when none. */
  look: string | null;
  /** The cloud that hides aurora now, %; null without a forecast for the hour. */
  cloudPercent: number | null;
  ages: { ovationMs: number | null; cloudsMs: number | null };
  /** End of the run of GO half hours holding `now` (how long the alert stays true); null unless GO. */
  goUntil: number | null;
}

/** OVATION at or above this overhead: the aurora is above the place, so "look up", not "look low". */
const OVERHEAD_PERCENT = 20;

export function skyNow(inputs: TonightInputs): SkyNow {
  const verdict = computeVerdict(inputs);
  const { now } = inputs;
  const index = verdict.slots.findIndex((s) => s.start <= now && now < s.end);
  const slot = index === -1 ? null : verdict.slots[index]!;
  const ages = { ovationMs: verdict.inputs.ovation.ageMs, cloudsMs: verdict.inputs.clouds.ageMs };
  const cloudPercent = slot?.cloud?.percent ?? null;
  const known = (level: Level | null, why: string): SkyNow => ({
    level,
    why,
    look: null,
    cloudPercent,
    ages,
    goUntil: null,
  });
  // The span drops the day's leading daylight half hours: no slot holding `now` means daylight.
  if (!slot) return known('NO', 'daylight');
  const dark = slot.reasons.find((r) => r.code === 'not-dark');
  if (slot.closedBy.includes('not-dark')) return known('NO', dark?.text ?? 'daylight');
  const clouds = verdict.inputs.clouds;
  const cloudsTrusted = clouds.present && !clouds.replay && !clouds.stale;
  if (cloudsTrusted && slot.closedBy.includes('too-cloudy'))
    return known('NO', slot.reasons.find((r) => r.code === 'too-cloudy')?.text ?? 'cloudy');
  const ovationAge = verdict.inputs.ovation.ageMs;
  if (ovationAge === null) return known(null, 'no aurora map');
  if (ovationAge > FRESHNESS['aurora-oval'].maxAgeMs)
    return known(null, `aurora map from ${formatAge(ovationAge)}`);
  if (clouds.replay) return known(null, 'clouds are a replayed sample');
  if (!clouds.present) return known(null, 'no cloud forecast');
  if (clouds.stale || (clouds.ageMs ?? Infinity) > MAX_AGE_MS.clouds)
    return known(null, `cloud forecast from ${formatAge(clouds.ageMs ?? 0)}`);
  if (!slot.cloud) return known(null, 'no cloud forecast for this hour');
  const a = slot.aurora;
  const look = (a.overheadPercent ?? 0) >= OVERHEAD_PERCENT ? 'overhead' : (a.compass ?? null);
  if (slot.level !== 'GO') {
    return {
      ...known(slot.level, slot.reasons.map((r) => r.text).join(', ') || slot.level),
      look,
    };
  }
  let goUntil = slot.end;
  for (let i = index + 1; i < verdict.slots.length && verdict.slots[i]!.level === 'GO'; i++)
    goUntil = verdict.slots[i]!.end;
  return { level: 'GO', why: 'GO', look, cloudPercent, ages, goUntil };
}
