/**
 * The history of issued Kp forecasts (sync/CONTEXT.md, "Forecast history"). The `products`
 * collection keeps one copy of each forecast product; to score forecasts later the app also keeps
 * every issue it saw, cut to its future periods (core/verification/forecastIssues.ts), one
 * document per UTC day of issue: `forecast-history/YYYY-MM-DD` (kind `forecast-history`, `issued`
 * = the day's midnight, `data.issues`). Few, fat documents: ten issues a day fit in one.
 * Written by `writeProducts` as forecasts arrive and by the poller's backfill from the archive.
 */
import type { AuroraDatabase } from '../database.ts';
import type { ProductDoc } from '../schemas/index.ts';
import { utcDayStart } from '../../core/time/dayKey.ts';
import {
  forecastHistoryId,
  mergeIssues,
  type ForecastIssue,
} from '../../core/verification/forecastIssues.ts';

function issuesOf(doc: { data: unknown } | null): ForecastIssue[] {
  const data = doc?.data as { issues?: ForecastIssue[] } | null | undefined;
  return Array.isArray(data?.issues) ? data.issues : [];
}

/** Adds issues to their days' documents; one write per day that changes, none when nothing does. */
export async function writeForecastIssues(
  db: AuroraDatabase,
  issues: readonly ForecastIssue[],
  meta: { fetchedAt: number },
): Promise<number> {
  const byDay = new Map<string, ForecastIssue[]>();
  for (const issue of issues) {
    const id = forecastHistoryId(issue.issued);
    byDay.set(id, [...(byDay.get(id) ?? []), issue]);
  }
  if (byDay.size === 0) return 0;
  const existing = await db.products.findByIds([...byDay.keys()]).exec();
  const writes: ProductDoc[] = [];
  for (const [id, incoming] of byDay) {
    const old = existing.get(id);
    const merged = mergeIssues(issuesOf(old ? old.toJSON() : null), incoming);
    if (merged === null) continue;
    writes.push({
      id,
      kind: 'forecast-history',
      issued: utcDayStart((incoming[0] as ForecastIssue).issued),
      data: { issues: merged },
      raw: null,
      fetchedAt: meta.fetchedAt,
    });
  }
  if (writes.length > 0) await db.products.bulkUpsert(writes);
  return writes.length;
}

/** Every issue kept that was made at or after `from`, oldest first. */
export async function readForecastIssues(
  db: AuroraDatabase,
  from: number,
): Promise<ForecastIssue[]> {
  const docs = await db.products
    .find({
      selector: { kind: 'forecast-history', issued: { $gte: utcDayStart(from) } },
      sort: [{ issued: 'asc' }],
    })
    .exec();
  return docs.flatMap((d) => issuesOf(d.toJSON())).filter((i) => i.issued >= from);
}

/** The newest issue time kept, or null. */
export async function newestForecastIssue(db: AuroraDatabase): Promise<number | null> {
  const doc = await db.products
    .findOne({ selector: { kind: 'forecast-history' }, sort: [{ issued: 'desc' }] })
    .exec();
  const issues = issuesOf(doc ? doc.toJSON() : null);
  return issues.length > 0 ? Math.max(...issues.map((i) => i.issued)) : null;
}
