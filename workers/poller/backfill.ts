/**
 * Backfill after a gap: what the device missed while it had no signal, from our backend's archive
 * (`space-weather/history/…`), because the agencies' own files no longer reach back that far
 * (1-minute Kp ~6 h, solar wind ~a day, hemispheric power the current UTC day, 3-hourly Kp ~7 days).
 *
 * Per series, the rows after the newest the device holds, newest first, a page at a time, the
 * series taking turns so each gets its most recent part first; it stops when every series is
 * complete, when `BACKFILL_BUDGET_BYTES` of answers have come, or as soon as polling is no longer
 * allowed (offline, Go Offline: `mayContinue`). What it could not fill stays a gap the charts draw
 * as a gap. The forecast issues kept in the archive come the same way, for the track record.
 * A series the live file still covers is left to the live poll; a 1-minute series the device never
 * held is not backfilled at all (a first visit gets the live files' reach, not a month of minutes).
 */
import type { Resource, SeriesProduct } from '../../core/model.ts';
import { decodeCompactPage, seriesForm } from '../../core/compact/compactForm.ts';
import { decodeForecastHistory } from '../../core/compact/forecastHistoryForm.ts';
import { BACKEND_SPACE_WEATHER_PATH } from '../../core/products/sources.ts';
import { PRODUCTS, productsWith } from '../../core/products/products.ts';
import { seriesRetentionMs } from '../../sync/retention.ts';
import { DAY_MS, utcDayStart } from '../../core/time/dayKey.ts';
import { requestWithRetry, type FetchLike } from '../request/requestWithRetry.ts';
import type { Timers } from '../request/timers.ts';
import type { PollerStore } from './store.ts';

/**
 * Decoded bytes one backfill may bring. Seven days of every series is about 0.85 MB decoded
 * (~220 KB on the wire, `net.backfill7dKB`), so a week offline fills completely; a month offline
 * gets its newest nine days or so, and the rest stays a visible gap.
 */
const BACKFILL_BUDGET_BYTES = 1_500_000;

/** The forecast issues kept for scoring reach back this far (sync/retention.ts keeps 100 days). */
const FORECAST_HISTORY_DAYS = 100;

/**
 * The series filled after a gap: the registry's entries with a `backfill` (how far back each live
 * file still reaches, and which get months on a first visit). Lightest first (the registry's
 * `approxBytes`, 8 rows a day before 1,440): the turns go in this order, so a budget spent on the
 * 1-minute series has already given the 3-hourly ones and hemispheric power their newest part.
 */
const BACKFILL_SERIES = productsWith('backfill').sort(
  (a, b) => PRODUCTS[a].approxBytes - PRODUCTS[b].approxBytes,
);

export interface BackfillDeps {
  fetch: FetchLike;
  backendBase: string;
  store: PollerStore;
  now: () => number;
  /** False once polling is not allowed (offline, Go Offline, stopped): no further request. */
  mayContinue: () => boolean;
  timers?: Timers;
  signal?: AbortSignal;
  budgetBytes?: number;
}

export interface BackfillReport {
  /** Per resource: rows written, pages read, and whether it reached what it asked for. */
  series: Partial<Record<Resource, { rows: number; pages: number; complete: boolean }>>;
  forecastIssues: number;
  bytes: number;
  /** Why it stopped before every series was complete: null when it did not. */
  stopped: 'budget' | 'not allowed' | 'error' | null;
  errors: string[];
}

/** Where a series' backfill starts (rows after it), or null when it needs none. Pure. */
export function backfillSince(
  resource: Resource,
  newest: number | null,
  now: number,
): number | null {
  const spec = PRODUCTS[resource].backfill;
  const product = seriesForm(resource)?.product;
  if (!spec || !product) return null;
  // No backfill beyond what the device would keep (sync/retention.ts).
  const kept = now - seriesRetentionMs(product);
  if (newest === null) return spec.historyOnFirstVisit ? kept : null;
  const reach = spec.liveReachMs ?? now - utcDayStart(now);
  if (newest >= now - reach) return null;
  return Math.max(newest, kept);
}

function historyUrl(base: string, name: string, since: number, before: number | null): string {
  const root = `${base.replace(/\/+$/, '')}${BACKEND_SPACE_WEATHER_PATH}history/${name}`;
  return `${root}?since=${Math.floor(since)}${before === null ? '' : `&before=${before}`}`;
}

interface Cursor {
  name: Resource | 'forecasts';
  since: number;
  before: number | null;
}

export async function backfill(deps: BackfillDeps): Promise<BackfillReport> {
  const budget = deps.budgetBytes ?? BACKFILL_BUDGET_BYTES;
  const report: BackfillReport = {
    series: {},
    forecastIssues: 0,
    bytes: 0,
    stopped: null,
    errors: [],
  };
  const now = deps.now();
  const queue: Cursor[] = [];
  for (const resource of BACKFILL_SERIES) {
    const product = seriesForm(resource)?.product as SeriesProduct;
    const since = backfillSince(resource, await deps.store.newestSeriesTime(product), now);
    if (since === null) continue;
    queue.push({ name: resource, since, before: null });
    report.series[resource] = { rows: 0, pages: 0, complete: false };
  }
  const newestIssue = await deps.store.newestForecastIssue();
  queue.push({
    name: 'forecasts',
    since: Math.max(newestIssue ?? 0, now - FORECAST_HISTORY_DAYS * DAY_MS),
    before: null,
  });

  // Round robin: one page of each series in turn, so a spent budget leaves each its newest part.
  while (queue.length > 0) {
    if (!deps.mayContinue() || deps.signal?.aborted) {
      report.stopped = 'not allowed';
      break;
    }
    if (report.bytes >= budget) {
      report.stopped = 'budget';
      break;
    }
    const cursor = queue.shift() as Cursor;
    let body: string;
    try {
      const got = await requestWithRetry(
        historyUrl(deps.backendBase, cursor.name, cursor.since, cursor.before),
        { fetch: deps.fetch, headers: {}, timers: deps.timers, signal: deps.signal },
      );
      body = got.body ?? '';
    } catch (e) {
      report.errors.push(`${cursor.name}: ${e instanceof Error ? e.message : String(e)}`);
      report.stopped = 'error';
      continue;
    }
    report.bytes += body.length;
    const fetchedAt = deps.now();
    let next: number | null;
    if (cursor.name === 'forecasts') {
      const page = decodeForecastHistory(body, { now: fetchedAt });
      if (!page.ok) {
        report.errors.push(page.error);
        continue;
      }
      report.forecastIssues += page.issues.length;
      if (page.issues.length > 0) await deps.store.writeForecastIssues(page.issues, { fetchedAt });
      next = page.next;
    } else {
      const page = decodeCompactPage(cursor.name, body, { now: fetchedAt });
      const entry = report.series[cursor.name] as {
        rows: number;
        pages: number;
        complete: boolean;
      };
      entry.pages++;
      if (!page.result.ok) {
        // A page refused is a gap left open, never bad data written.
        report.errors.push(page.result.error);
        continue;
      }
      for (const batch of page.result.series) {
        await deps.store.writeSeries(batch, { fetchedAt });
        entry.rows += batch.t.length;
      }
      next = page.next;
      if (next === null) entry.complete = true;
    }
    if (next !== null) queue.push({ ...cursor, before: next });
  }
  return report;
}
