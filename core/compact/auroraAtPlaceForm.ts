/**
 * What OVATION forecast at one place over some hours, as the space-weather function's
 * `history/aurora-at` route sends it from the archived frames: a few numbers per frame instead of
 * the frames (87 KB each). `{format: "aurora-at-place/1", frames: [{forecastTime, overheadPercent,
 * visiblePercent}]}`, oldest first. Decoded as strictly as the compact form.
 */
import type { SeenAtPlace } from '../tonight/nightRecord.ts';

const FORMAT = 'aurora-at-place/1';

export function encodeAuroraAtPlace(frames: readonly SeenAtPlace[]): string {
  return JSON.stringify({ format: FORMAT, frames });
}

const percent = (v: unknown): v is number => typeof v === 'number' && v >= 0 && v <= 100;

export function decodeAuroraAtPlace(
  body: string,
): { ok: true; frames: SeenAtPlace[] } | { ok: false; error: string } {
  try {
    const parsed = JSON.parse(body) as { format?: unknown; frames?: unknown };
    if (parsed?.format !== FORMAT || !Array.isArray(parsed.frames))
      throw new Error(`not "${FORMAT}"`);
    const frames = parsed.frames.map((f: unknown, i) => {
      const r = f as Record<string, unknown>;
      if (
        typeof r?.forecastTime !== 'number' ||
        !Number.isSafeInteger(r.forecastTime) ||
        !percent(r.overheadPercent) ||
        !percent(r.visiblePercent)
      )
        throw new Error(`frame ${i} is not a time and two percentages`);
      return {
        forecastTime: r.forecastTime,
        overheadPercent: r.overheadPercent,
        visiblePercent: r.visiblePercent,
      };
    });
    return { ok: true, frames };
  } catch (e) {
    return {
      ok: false,
      error: `aurora at place refused: ${e instanceof Error ? e.message : String(e)}`,
    };
  }
}
