const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * How long ago something was, in the one wording of the app: "4 min", "2 h 5 min", "3 days" (from
 * 48 h); whole units rounded down, at least "1 min". The screens' "… ago" (src/lib/format.ts) and
 * tonight's "… old" (core/tonight/formatVerdictLine.ts) are both this text, so an input never reads
 * one age in the verdict and another beside the map.
 */
export function ageText(ageMs: number): string {
  const abs = Math.max(MINUTE, ageMs);
  if (abs < HOUR) return `${Math.floor(abs / MINUTE)} min`;
  if (abs < 48 * HOUR) {
    const h = Math.floor(abs / HOUR);
    const m = Math.floor((abs % HOUR) / MINUTE);
    return m > 0 ? `${h} h ${m} min` : `${h} h`;
  }
  return `${Math.floor(abs / (24 * HOUR))} days`;
}
