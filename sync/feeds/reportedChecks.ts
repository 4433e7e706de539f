/**
 * The check times the page's own poller reported after each poll (workers/poller/reportSummary.ts),
 * laid over the stored feed rows. The poller writes a row's check times only when the row as
 * stored would read another state in another tab, and at least hourly (workers/poller/feedRows.ts),
 * so the stored `lastSuccess` of alerts and advisories (aged from their last fetch) can be behind
 * by up to an hour; this page has every poll's answer, a message away, not a database write.
 * A reported time only ever moves a stored one forward.
 */
import type { FeedStatus } from '../../core/model.ts';

export interface ReportedCheck {
  lastSuccess: number | null;
  lastAttempt: number | null;
}

const reported = new Map<string, ReportedCheck>();
const listeners = new Set<() => void>();
let version = 0;

const later = (a: number | null, b: number | null): number | null =>
  a === null ? b : b === null ? a : Math.max(a, b);

/** Keeps one poll's check times (the page's poller reports every poll). */
export function recordReportedCheck(id: string, check: ReportedCheck): void {
  const known = reported.get(id);
  const next = {
    lastSuccess: later(known?.lastSuccess ?? null, check.lastSuccess),
    lastAttempt: later(known?.lastAttempt ?? null, check.lastAttempt),
  };
  if (known && known.lastSuccess === next.lastSuccess && known.lastAttempt === next.lastAttempt)
    return;
  reported.set(id, next);
  version++;
  for (const fn of listeners) fn();
}

/** The row with the check times this page's poller reported since, where they are later. */
export function withReportedCheck<T extends Pick<FeedStatus, 'lastSuccess' | 'lastAttempt'>>(
  row: T & { id: string },
): T & { id: string } {
  const check = reported.get(row.id);
  if (!check) return row;
  const lastSuccess = later(row.lastSuccess, check.lastSuccess);
  const lastAttempt = later(row.lastAttempt, check.lastAttempt);
  return lastSuccess === row.lastSuccess && lastAttempt === row.lastAttempt
    ? row
    : { ...row, lastSuccess, lastAttempt };
}

/** For useSyncExternalStore: changes whenever a later check time is reported. */
export function reportedChecksVersion(): number {
  return version;
}

export function subscribeReportedChecks(fn: () => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** Tests: forget every report. */
export function forgetReportedChecks(): void {
  reported.clear();
  version++;
  for (const fn of listeners) fn();
}
