/**
 * The Kp forecasts the app keeps to score later: each issue of SWPC's 3-day forecast and of its
 * Kp forecast file, cut to the 3-hour periods that start at or after the issue (a period already
 * under way when the forecast was made is half observed, not forecast). The local database keeps
 * one copy of each product; these issues are its history (sync/CONTEXT.md, "Forecast history").
 */
import type { ProductRecord } from '../model.ts';
import type { KpForecastData, ThreeDayForecastData } from '../normalise/index.ts';
import { utcDayStart } from '../time/dayKey.ts';

export type ForecastSource = 'three-day-forecast' | 'kp-forecast';

export const FORECAST_SOURCES: readonly ForecastSource[] = ['three-day-forecast', 'kp-forecast'];

export interface ForecastIssue {
  source: ForecastSource;
  /**
   * When it was made, epoch ms: the 3-day forecast's `:Issued:` line; for the Kp forecast file,
   * which carries no issue time, the start of its newest observed or estimated period.
   */
  issued: number;
  /** Starts of the forecast 3-hour periods, ascending. */
  t: number[];
  /** Forecast Kp per period. */
  kp: number[];
}

function cut(
  source: ForecastSource,
  issued: number,
  rows: { t: number; kp: number | null }[],
): ForecastIssue | null {
  const kept = rows
    .filter((r): r is { t: number; kp: number } => r.kp !== null && r.t >= issued)
    .sort((a, b) => a.t - b.t);
  if (kept.length === 0) return null;
  return { source, issued, t: kept.map((r) => r.t), kp: kept.map((r) => r.kp) };
}

/** The forecast issue a stored product holds, or null when it is not a Kp forecast or has no future period. */
export function forecastIssueOf(record: ProductRecord): ForecastIssue | null {
  if (record.kind === 'three-day-forecast') {
    const data = record.data as ThreeDayForecastData;
    return cut(
      'three-day-forecast',
      record.issued,
      (data.kp ?? []).map((c) => ({ t: c.start, kp: c.kp })),
    );
  }
  if (record.kind === 'kp-forecast') {
    const data = record.data as KpForecastData;
    return cut(
      'kp-forecast',
      record.issued,
      (data.rows ?? []).filter((r) => r.status === 'predicted').map((r) => ({ t: r.t, kp: r.kp })),
    );
  }
  return null;
}

/** The id of the day document an issue goes into: `forecast-history/YYYY-MM-DD`. */
export function forecastHistoryId(issued: number): string {
  return `forecast-history/${new Date(utcDayStart(issued)).toISOString().slice(0, 10)}`;
}

const issueKey = (i: ForecastIssue) => `${i.source}@${i.issued}`;

function sameIssue(a: ForecastIssue, b: ForecastIssue): boolean {
  return a.t.length === b.t.length && a.t.every((t, i) => t === b.t[i] && a.kp[i] === b.kp[i]);
}

/**
 * Adds issues to a day's list: one per source and issue time (a re-read of the same issue replaces
 * it), ordered by issue time. Returns null when nothing changes, so a writer can skip the write.
 */
export function mergeIssues(
  existing: readonly ForecastIssue[],
  incoming: readonly ForecastIssue[],
): ForecastIssue[] | null {
  const byKey = new Map(existing.map((i) => [issueKey(i), i]));
  let changed = false;
  for (const issue of incoming) {
    const old = byKey.get(issueKey(issue));
    if (old && sameIssue(old, issue)) continue;
    byKey.set(issueKey(issue), issue);
    changed = true;
  }
  if (!changed) return null;
  return [...byKey.values()].sort(
    (a, b) => a.issued - b.issued || (a.source < b.source ? -1 : a.source > b.source ? 1 : 0),
  );
}
