/**
 * products/noaa-planetary-k-index-forecast.json → the 'kp-forecast' product: ~7 days observed,
 * 1–2 estimated, ~3 days predicted, with SWPC's own G label (G1 from Kp 4.67) where it gives one.
 */
import type { ProductRecord } from '../model.ts';
import { NormaliseError, ok, type NormaliseOptions, type NormaliseResult } from './result.ts';
import { parseJsonBody } from './parseBody.ts';
import { readTable } from './table.ts';
import { parseSwpcTime } from './swpcTime.ts';
import { KP_RANGE, gScaleFromKp, parseGTag, toNumber } from './values.ts';
import { iso } from './series.ts';
import { LEAD_MS, allBeyondLead, beyondLead } from './leadTime.ts';

type KpForecastStatus = 'observed' | 'estimated' | 'predicted';

export interface KpForecastRow {
  t: number;
  kp: number;
  status: KpForecastStatus;
  /** SWPC's label ("G1" → 1); null when it gives none. */
  noaaScale: number | null;
  /** Our G level from Kp (same thresholds), so rows without a label still have one. */
  g: number;
}

export interface KpForecastData {
  rows: KpForecastRow[];
}

const STATUSES = new Set<string>(['observed', 'estimated', 'predicted']);

export function normaliseKpForecast(body: string, opts: NormaliseOptions): NormaliseResult {
  const parsed = parseJsonBody(body);
  if (!parsed.ok) throw new NormaliseError(parsed.reason);
  const table = readTable(parsed.value, {
    required: ['kp', 'observed'],
    optional: ['noaa_scale'],
    aliases: { Kp: 'kp' },
  });
  const byTime = new Map<number, KpForecastRow>();
  let skipped = table.badRows;
  let unknownStatus = false;
  let futureRows = 0;
  for (const row of table.rows) {
    const t = parseSwpcTime(row.time_tag);
    const kp = toNumber(row.kp, KP_RANGE);
    const status = typeof row.observed === 'string' ? row.observed.trim().toLowerCase() : '';
    if (t === null || kp === null) {
      skipped++;
      continue;
    }
    if (!STATUSES.has(status)) {
      unknownStatus = true;
      skipped++;
      continue;
    }
    // Predicted and estimated periods have the forecast's horizon (SWPC estimates the rest of the
    // current day ahead); an observed period cannot start in the future.
    if (beyondLead(t, opts.now, status === 'observed' ? LEAD_MS.observation : LEAD_MS.kpForecast)) {
      futureRows++;
      continue;
    }
    byTime.set(t, {
      t,
      kp,
      status: status as KpForecastStatus,
      noaaScale: parseGTag(row.noaa_scale),
      g: gScaleFromKp(kp),
    });
  }
  const rows = [...byTime.values()].sort((a, b) => a.t - b.t);
  if (rows.length === 0 && futureRows > 0)
    throw allBeyondLead(futureRows, opts.now, LEAD_MS.observation);
  if (rows.length === 0)
    throw new NormaliseError('no usable sample (no row has a valid time, Kp and status)');
  const known = rows.filter((r) => r.status !== 'predicted');
  const issued = (known[known.length - 1] ?? rows[0]) as KpForecastRow;
  const predicted = rows.filter((r) => r.status === 'predicted');
  const product: ProductRecord<KpForecastData> = {
    id: 'kp-forecast',
    kind: 'kp-forecast',
    issued: issued.t,
    data: { rows },
    raw: null,
  };
  const maxPredicted = predicted.reduce<KpForecastRow | null>(
    (m, r) => (m === null || r.kp > m.kp ? r : m),
    null,
  );
  return ok({
    products: [product as ProductRecord],
    dataTime: issued.t,
    schemaDrift: table.drift || unknownStatus || futureRows > 0,
    summary: {
      records: rows.length,
      from: iso(rows[0]?.t ?? null),
      to: iso(rows[rows.length - 1]?.t ?? null),
      observed: rows.filter((r) => r.status === 'observed').length,
      estimated: rows.filter((r) => r.status === 'estimated').length,
      predicted: predicted.length,
      latestKnownKp: issued.kp,
      latestKnownTime: iso(issued.t),
      maxPredictedKp: maxPredicted?.kp ?? null,
      maxPredictedG: maxPredicted?.g ?? null,
      maxPredictedTime: iso(maxPredicted?.t ?? null),
      predictedRows: predicted.map((r) => ({ time: iso(r.t), kp: r.kp, g: r.g })),
      skippedRows: skipped,
      futureRows,
      dataAgeMs: opts.now - issued.t,
    },
  });
}
