import { kpAcrossReset } from './kpAcrossReset.ts';
import { synopticPeriodStart } from '../normalise/synoptic.ts';
import { normaliseKp1m } from '../normalise/kp1m.ts';
import type { NormaliseResult } from '../normalise/result.ts';

/**
 * The current planetary Kp from SWPC's 1-minute estimate (json/planetary_k_index_1m.json). Pure.
 *
 * The estimate restarts at every 3-hour synoptic boundary: at 06:00, 09:00, … it drops to 0 and
 * climbs back over the next half hour (tests/fixtures/swpc/FORMATS.md; seen even mid-storm). That
 * drop is not the storm ending, so just after a boundary the reading is held at the last value
 * before the boundary until the new estimate catches up — by the same rule, and over the same
 * window, as the summary the app shows (core/kp/kpAcrossReset.ts).
 */

export interface KpSample {
  t: number;
  kp: number;
}

/**
 * The 1-minute Kp samples of an upstream body, read by the poller's own normaliser; [] when
 * unusable. The normaliser itself, not the registry of every one: the service worker carries this.
 */
export function parseKp1m(body: string, now: number): KpSample[] {
  let result: NormaliseResult;
  try {
    result = normaliseKp1m(body, { now });
  } catch {
    return [];
  }
  if (!result.ok) return [];
  const batch = result.series.find((s) => s.product === 'kp-1m');
  if (!batch) return [];
  const kp = batch.fields.kp ?? [];
  const kpIndex = batch.fields.kpIndex ?? [];
  const out: KpSample[] = [];
  for (let i = 0; i < batch.t.length; i++) {
    const value = kp[i] ?? kpIndex[i] ?? null;
    if (value !== null) out.push({ t: batch.t[i]!, kp: value });
  }
  return out;
}

export function currentKp(samples: KpSample[]): KpSample | null {
  const latest = samples[samples.length - 1];
  if (!latest) return null;
  let before: KpSample | null = null;
  for (const s of samples) if (s.t < synopticPeriodStart(latest.t)) before = s;
  const shown = kpAcrossReset(
    { value: latest.kp, t: latest.t },
    before && { value: before.kp, t: before.t },
    null,
  );
  return { t: shown.t, kp: shown.value };
}
