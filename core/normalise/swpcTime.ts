/**
 * SWPC time tags. Every SWPC time is UTC, but the products use three spellings and none but
 * OVATION carries a zone, and `new Date("2026-02-02 00:00:00.000")` is local time or invalid
 * depending on the engine. So we parse the digits ourselves and build the time with Date.UTC.
 */

const ISO_LIKE =
  /^(\d{4})-(\d{2})-(\d{2})[ T_](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,6}))?)?(?:Z|\+00:?00)?$/;

const MONTHS: Record<string, number> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  oct: 10,
  nov: 11,
  dec: 12,
};

/** Month number 1–12 from an English month abbreviation (or full name), else null. */
export function monthNumber(name: string): number | null {
  return MONTHS[name.slice(0, 3).toLowerCase()] ?? null;
}

/** Date.UTC that refuses impossible dates (Feb 30, hour 25) instead of rolling them over. */
export function utc(
  year: number,
  month: number,
  day: number,
  hour = 0,
  minute = 0,
  second = 0,
  ms = 0,
): number | null {
  if (![year, month, day, hour, minute, second, ms].every(Number.isInteger)) return null;
  if (year < 1000 || year > 9999 || month < 1 || month > 12 || day < 1 || day > 31) return null;
  if (hour > 23 || minute > 59 || second > 59 || hour < 0 || minute < 0 || second < 0) return null;
  const t = Date.UTC(year, month - 1, day, hour, minute, second, ms);
  const d = new Date(t);
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day)
    return null;
  return t;
}

/**
 * "2026-02-02 00:00:00.000", "2026-02-02 00:00:00", "2026-07-09T04:03:00", "2024-03-03T15:07:00Z",
 * and hemi-power's "2024-03-03_00:00" → epoch ms UTC; anything else → null.
 */
export function parseSwpcTime(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  const m = ISO_LIKE.exec(value.trim());
  if (!m) return null;
  const ms = m[7] ? Math.round(Number(`0.${m[7]}`) * 1000) : 0;
  return utc(
    Number(m[1]),
    Number(m[2]),
    Number(m[3]),
    Number(m[4]),
    Number(m[5]),
    m[6] ? Number(m[6]) : 0,
    ms >= 1000 ? 999 : ms,
  );
}

/** "2024-11" (solar-cycle "time-tag") → the first instant of that month, UTC. */
export function parseYearMonth(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  const m = /^(\d{4})-(\d{2})$/.exec(value.trim());
  if (!m) return null;
  return utc(Number(m[1]), Number(m[2]), 1);
}

/** ":Issued: 2024 Dec 31 1230 UTC" (the value part, "2024 Dec 31 1230 UTC") → epoch ms UTC. */
export function parseIssued(value: string): number | null {
  const m = /^(\d{4})\s+([A-Za-z]{3,9})\s+(\d{1,2})\s+(\d{2})(\d{2})(?:\s*UTC)?$/.exec(
    value.trim(),
  );
  if (!m) return null;
  const month = monthNumber(m[2] ?? '');
  if (month === null) return null;
  return utc(Number(m[1]), month, Number(m[3]), Number(m[4]), Number(m[5]));
}

/**
 * A "Mon DD" day with no year, placed in the year that puts it nearest to `reference`: a forecast
 * issued on 2024 Dec 31 that lists "Jan 01" means 2025, not 2024.
 */
export function dayNearest(monthName: string, day: number, reference: number): number | null {
  const month = monthNumber(monthName);
  if (month === null) return null;
  const year = new Date(reference).getUTCFullYear();
  let best: number | null = null;
  for (const y of [year - 1, year, year + 1]) {
    const t = utc(y, month, day);
    if (t === null) continue;
    if (best === null || Math.abs(t - reference) < Math.abs(best - reference)) best = t;
  }
  return best;
}
