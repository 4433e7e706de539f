/**
 * json/planetary_k_index_1m.json → 'kp-1m' (kp in thirds, kpIndex integer). The estimate restarts
 * at every 3-hour synoptic boundary (00, 03, … 21 UT): the value drops to 0 and climbs again even
 * mid-storm. We store the data as it is and say so: `isSynopticReset(t)` tells alert logic that a
 * drop at that minute is a reset, and the summary carries the previous period's maximum.
 */
import { NormaliseError, ok, type NormaliseOptions, type NormaliseResult } from './result.ts';
import { parseJsonBody } from './parseBody.ts';
import { readTable } from './table.ts';
import { parseSwpcTime } from './swpcTime.ts';
import { KP_RANGE, toNumber } from './values.ts';
import { iso, latestOf, toSeries, type Sample } from './series.ts';
import { LEAD_MS, allBeyondLead, beyondLead } from './leadTime.ts';
import { isSynopticReset, synopticPeriodStart, SYNOPTIC_PERIOD_MS } from './synoptic.ts';

export { isSynopticReset } from './synoptic.ts';

/** "1M" = 1− = 0.67, "1Z" = 1.00, "1P" = 1+ = 1.33 (SWPC's thirds code). */
export function decodeKpCode(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  const m = /^([0-9])([MZP])$/.exec(value.trim().toUpperCase());
  if (!m) return null;
  const base = Number(m[1]);
  const kp = m[2] === 'M' ? base - 1 / 3 : m[2] === 'P' ? base + 1 / 3 : base;
  if (kp < 0 || kp > 9) return null;
  return Math.round(kp * 100) / 100;
}

export function normaliseKp1m(body: string, opts: NormaliseOptions): NormaliseResult {
  const parsed = parseJsonBody(body);
  if (!parsed.ok) throw new NormaliseError(parsed.reason);
  const table = readTable(parsed.value, {
    required: [],
    optional: ['kp_index', 'estimated_kp', 'kp'],
  });
  const samples: Sample[] = [];
  let skipped = table.badRows;
  let futureRows = 0;
  for (const row of table.rows) {
    const t = parseSwpcTime(row.time_tag);
    if (t === null) {
      skipped++;
      continue;
    }
    if (beyondLead(t, opts.now, LEAD_MS.observation)) {
      futureRows++;
      continue;
    }
    const kp = toNumber(row.estimated_kp, KP_RANGE) ?? decodeKpCode(row.kp);
    const kpIndex = toNumber(row.kp_index, KP_RANGE);
    if (kp === null && kpIndex === null) {
      skipped++;
      continue;
    }
    samples.push({ t, values: { kp, kpIndex } });
  }
  if (samples.length === 0)
    throw futureRows > 0
      ? allBeyondLead(futureRows, opts.now, LEAD_MS.observation)
      : new NormaliseError('no usable sample (no row has a valid time and Kp)');
  const batch = toSeries('kp-1m', ['kp', 'kpIndex'], samples, null);
  // Where the series crosses a boundary and drops, that drop is a reset: list them.
  const resets: string[] = [];
  const periodMax = new Map<number, number>();
  const kps = batch.fields.kp as (number | null)[];
  for (let i = 0; i < batch.t.length; i++) {
    const t = batch.t[i] as number;
    const v = kps[i] ?? null;
    if (v !== null) {
      const p = synopticPeriodStart(t);
      periodMax.set(p, Math.max(periodMax.get(p) ?? 0, v));
    }
    if (i > 0 && v !== null) {
      const prevT = batch.t[i - 1] as number;
      const prev = kps[i - 1] ?? null;
      if (prev !== null && v < prev && synopticPeriodStart(prevT) !== synopticPeriodStart(t))
        resets.push(new Date(t).toISOString());
    }
  }
  const latest = latestOf(batch, 'kp');
  const dataTime = batch.t[batch.t.length - 1] as number;
  const previousPeriod = latest ? synopticPeriodStart(latest.t) - SYNOPTIC_PERIOD_MS : null;
  return ok({
    series: [batch],
    dataTime,
    schemaDrift: table.drift || futureRows > 0,
    summary: {
      records: batch.t.length,
      from: iso(batch.t[0] ?? null),
      to: iso(dataTime),
      latestKp: latest?.value ?? null,
      latestKpTime: iso(latest?.t ?? null),
      latestInResetWindow: latest ? isSynopticReset(latest.t) : false,
      currentPeriodMax: latest ? (periodMax.get(synopticPeriodStart(latest.t)) ?? null) : null,
      previousPeriodMax: previousPeriod === null ? null : (periodMax.get(previousPeriod) ?? null),
      resetsAt: resets,
      skippedRows: skipped,
      futureRows,
      dataAgeMs: opts.now - dataTime,
    },
  });
}
