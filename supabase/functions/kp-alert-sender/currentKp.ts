import { parseSwpcTime } from '../../../workers/normalise/index.ts';

/**
 * The current planetary Kp from SWPC's 1-minute estimate (json/planetary_k_index_1m.json). Pure.
 *
 * The estimate restarts at every 3-hour synoptic boundary: at 06:00, 09:00, … it drops to 0 and
 * climbs back over the next half hour (tests/fixtures/noaa/FORMATS.md; seen even mid-storm). That
 * drop is not the storm ending, so just after a boundary the reading is held at the last value
 * before the boundary until the new estimate catches up.
 */

export interface KpSample {
  t: number;
  kp: number;
}

const THREE_HOURS = 3 * 60 * 60_000;
/** How long after a boundary the restarted estimate is not trusted to be lower (fixture: ~30 min to recover). */
export const RESET_WINDOW_MS = 45 * 60_000;
/** How far before the boundary the held value may come from (gaps in the 1-minute file are common). */
const HOLD_LOOKBACK_MS = 30 * 60_000;

/** Reads `[{time_tag, estimated_kp, kp_index}]` rows; rows without a time or number are skipped. */
export function parseKp1m(body: string): KpSample[] {
  let rows: unknown;
  try {
    rows = JSON.parse(body);
  } catch {
    return [];
  }
  if (!Array.isArray(rows)) return [];
  const out: KpSample[] = [];
  for (const row of rows) {
    if (!row || typeof row !== 'object') continue;
    const r = row as Record<string, unknown>;
    const t = typeof r.time_tag === 'string' ? parseSwpcTime(r.time_tag) : null;
    const raw = typeof r.estimated_kp === 'number' ? r.estimated_kp : typeof r.kp_index === 'number' ? r.kp_index : null;
    if (t === null || raw === null || !Number.isFinite(raw) || raw < 0 || raw > 9) continue;
    out.push({ t, kp: raw });
  }
  return out.sort((a, b) => a.t - b.t);
}

export function currentKp(samples: KpSample[]): KpSample | null {
  const latest = samples[samples.length - 1];
  if (!latest) return null;
  const boundary = Math.floor(latest.t / THREE_HOURS) * THREE_HOURS;
  if (latest.t - boundary >= RESET_WINDOW_MS) return latest;
  let before: KpSample | null = null;
  for (const s of samples) {
    if (s.t < boundary && s.t >= boundary - HOLD_LOOKBACK_MS) before = s;
  }
  return before && before.kp > latest.kp ? { t: latest.t, kp: before.kp } : latest;
}
