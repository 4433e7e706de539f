import type { Resource } from '../../core/model.ts';
import { dataAgeMs } from '../schedule.ts';
import { sourceFor } from '../../core/products/sources.ts';
import type { PollReport } from './pollResource.ts';

/** What crosses back to the page: plain JSON (no typed arrays, no functions). */
export interface PollReportSummary {
  resource: Resource;
  outcome: PollReport['outcome'];
  error: string | null;
  state: string;
  via: PollReport['via'];
  normaliseMs: number;
  writeMs: number;
  written: number;
  /** How old the feed's stored data is after the poll (null: none stored yet) — the banner rule needs it. */
  dataAgeMs: number | null;
  /** The source's max age: stored data older than this is out of date. */
  maxAgeMs: number;
  /** The poll's check times (the page lays them over the stored row: sync/feeds/reportedChecks.ts). */
  lastSuccess: number | null;
  lastAttempt: number | null;
}

export function summariseReport(r: PollReport, now: number): PollReportSummary {
  const source = sourceFor(r.resource);
  return {
    resource: r.resource,
    outcome: r.outcome,
    error: r.error,
    state: r.status.state,
    via: r.via,
    normaliseMs: r.normaliseMs,
    writeMs: r.writeMs,
    written: r.written,
    dataAgeMs: dataAgeMs(r.status, source, now),
    maxAgeMs: source.maxAgeMs,
    lastSuccess: r.status.lastSuccess,
    lastAttempt: r.status.lastAttempt,
  };
}
