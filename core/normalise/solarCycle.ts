/**
 * json/solar-cycle/observed-solar-cycle-indices.json and predicted-solar-cycle.json → products
 * with columnar monthly data. Quirks: the key is "time-tag" (hyphen) with "YYYY-MM"; keys with a
 * dot ("f10.7") need bracket access; -1 means missing; extra keys appear between versions; and
 * the prediction does not keep low ≤ predicted ≤ high (2040 high_f10.7 = 8.0), so we don't either.
 */
import type { ProductRecord } from '../model.ts';
import { NormaliseError, ok, type NormaliseOptions, type NormaliseResult } from './result.ts';
import { parseJsonBody } from './parseBody.ts';
import { readTable } from './table.ts';
import { parseYearMonth } from './swpcTime.ts';
import { toCycleNumber } from './values.ts';
import { iso } from './series.ts';
import { LEAD_MS, allBeyondLead, beyondLead } from './leadTime.ts';

/** Columnar monthly table: `t` ascending (first instant of each month, UTC), one array per key. */
export interface SolarCycleData {
  t: number[];
  columns: Record<string, (number | null)[]>;
}

const OBSERVED: Record<string, string> = {
  ssn: 'ssn',
  smoothed_ssn: 'smoothedSsn',
  observed_swpc_ssn: 'observedSwpcSsn',
  smoothed_swpc_ssn: 'smoothedSwpcSsn',
  'f10.7': 'f107',
  'smoothed_f10.7': 'smoothedF107',
};

const PREDICTED: Record<string, string> = {
  predicted_ssn: 'predictedSsn',
  high_ssn: 'highSsn',
  low_ssn: 'lowSsn',
  'predicted_f10.7': 'predictedF107',
  'high_f10.7': 'highF107',
  'low_f10.7': 'lowF107',
};

function readCycle(
  body: string,
  keys: Record<string, string>,
  required: string[],
  now: number,
  leadMs: number,
): { data: SolarCycleData; drift: boolean; skipped: number; futureRows: number } {
  const parsed = parseJsonBody(body);
  if (!parsed.ok) throw new NormaliseError(parsed.reason);
  if (Array.isArray(parsed.value) && Array.isArray(parsed.value[0]))
    throw new NormaliseError('changed shape: expected an array of objects');
  const upstream = Object.keys(keys);
  const table = readTable(parsed.value, {
    timeKey: 'time-tag',
    required,
    optional: upstream.filter((k) => !required.includes(k)),
  });
  const byMonth = new Map<number, Record<string, number | null>>();
  let skipped = table.badRows;
  let futureRows = 0;
  for (const row of table.rows) {
    const t = parseYearMonth(row['time-tag']);
    if (t === null) {
      skipped++;
      continue;
    }
    if (beyondLead(t, now, leadMs)) {
      futureRows++;
      continue;
    }
    const values: Record<string, number | null> = {};
    let any = false;
    for (const k of upstream) {
      const v = toCycleNumber(row[k]);
      values[keys[k] as string] = v;
      if (v !== null) any = true;
    }
    if (!any) {
      skipped++;
      continue;
    }
    byMonth.set(t, values);
  }
  const t = [...byMonth.keys()].sort((a, b) => a - b);
  if (t.length === 0)
    throw futureRows > 0
      ? allBeyondLead(futureRows, now, leadMs)
      : new NormaliseError('no usable sample (no month has a value)');
  const columns: Record<string, (number | null)[]> = {};
  for (const name of Object.values(keys))
    columns[name] = t.map((m) => byMonth.get(m)?.[name] ?? null);
  return { data: { t, columns }, drift: table.drift || futureRows > 0, skipped, futureRows };
}

function lastWith(data: SolarCycleData, column: string): { t: number; value: number } | null {
  const col = data.columns[column] ?? [];
  for (let i = data.t.length - 1; i >= 0; i--) {
    const v = col[i];
    if (v !== null && v !== undefined) return { t: data.t[i] as number, value: v };
  }
  return null;
}

export function normaliseObservedSolarCycle(body: string, opts: NormaliseOptions): NormaliseResult {
  const { data, drift, skipped, futureRows } = readCycle(
    body,
    OBSERVED,
    ['ssn'],
    opts.now,
    LEAD_MS.observation,
  );
  const last = data.t[data.t.length - 1] as number;
  const ssn = lastWith(data, 'ssn');
  const smoothed = lastWith(data, 'smoothedSsn');
  const f107 = lastWith(data, 'f107');
  const product: ProductRecord<SolarCycleData> = {
    id: 'observed-solar-cycle',
    kind: 'observed-solar-cycle',
    issued: last,
    data,
    raw: null,
  };
  return ok({
    products: [product as ProductRecord],
    dataTime: last,
    schemaDrift: drift,
    summary: {
      records: data.t.length,
      from: iso(data.t[0] ?? null),
      to: iso(last),
      latestSsn: ssn?.value ?? null,
      latestSsnMonth: iso(ssn?.t ?? null),
      latestSmoothedSsn: smoothed?.value ?? null,
      latestSmoothedMonth: iso(smoothed?.t ?? null),
      latestF107: f107?.value ?? null,
      skippedRows: skipped,
      futureRows,
      dataAgeMs: opts.now - last,
    },
  });
}

export function normalisePredictedSolarCycle(
  body: string,
  opts: NormaliseOptions,
): NormaliseResult {
  const { data, drift, skipped, futureRows } = readCycle(
    body,
    PREDICTED,
    ['predicted_ssn'],
    opts.now,
    LEAD_MS.solarCyclePrediction,
  );
  const first = data.t[0] as number;
  const ssn = data.columns.predictedSsn ?? [];
  let peakAt = -1;
  ssn.forEach((v, i) => {
    if (v !== null && (peakAt < 0 || v > (ssn[peakAt] ?? -Infinity))) peakAt = i;
  });
  const product: ProductRecord<SolarCycleData> = {
    id: 'predicted-solar-cycle',
    kind: 'predicted-solar-cycle',
    issued: first,
    data,
    raw: null,
  };
  return ok({
    products: [product as ProductRecord],
    // A prediction has no "newest observation": freshness falls back to the fetch time.
    dataTime: null,
    schemaDrift: drift,
    summary: {
      records: data.t.length,
      from: iso(first),
      to: iso(data.t[data.t.length - 1] ?? null),
      peakPredictedSsn: peakAt >= 0 ? ssn[peakAt] : null,
      peakMonth: peakAt >= 0 ? iso(data.t[peakAt] ?? null) : null,
      skippedRows: skipped,
      futureRows,
    },
  });
}
