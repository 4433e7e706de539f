/**
 * The shared path of the solar-wind products: either the products file (array of arrays, strings,
 * no spacecraft named) or the rtsw object file (ACE and DSCOVR interleaved, newest first, an
 * `active` flag). We keep only the active spacecraft's rows and record which one it was; if SWPC
 * switched spacecraft inside the window, each spacecraft gets its own batch so every sample keeps
 * its true provenance.
 */
import type { SeriesBatch, SeriesProduct } from '../model.ts';
import { NormaliseError } from './result.ts';
import { isRecord, parseJsonBody } from './parseBody.ts';
import { readTable } from './table.ts';
import { parseSwpcTime } from './swpcTime.ts';
import { toNumber } from './values.ts';
import { hasValue, toSeries, type Sample } from './series.ts';
import { LEAD_MS, allBeyondLead, beyondLead } from './leadTime.ts';

export interface FieldSpec {
  /** Our field name. */
  name: string;
  /** Upstream column in the products file, then alternatives in the rtsw object file. */
  columns: readonly string[];
  range: readonly [number, number];
}

export interface SpacecraftSeries {
  batches: SeriesBatch[];
  drift: boolean;
  rows: number;
  emptyRows: number;
  skippedRows: number;
  inactiveRows: number;
  /** Rows dated beyond the clock-skew allowance, dropped. */
  futureRows: number;
  /** Values that were instrument fill (-9999.9 and the like), read as missing. */
  fillValues: number;
}

/**
 * Instrument fill: negative all-nines, e.g. -9999.9, -9999, -999.9, -99999. Missing, never a
 * measurement: -9999.9 nT would otherwise read as the strongest southward Bz ever seen. (Positive
 * nines are left to the ranges: 99999 K is a real solar-wind temperature.)
 */
function isFillValue(value: unknown): boolean {
  const text =
    typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  return /^-9{3,}(?:\.9+)?$/.test(text);
}

export function readSpacecraftSeries(
  body: string,
  product: SeriesProduct,
  fields: readonly FieldSpec[],
  now: number,
): SpacecraftSeries {
  const parsed = parseJsonBody(body);
  if (!parsed.ok) throw new NormaliseError(parsed.reason);
  const objectForm = Array.isArray(parsed.value) && isRecord(parsed.value[0]);
  const extraKnown = objectForm
    ? [
        'active',
        'source',
        'range',
        'scale',
        'sensitivity',
        'manual_mode',
        'sample_size',
        'bx_gse',
        'by_gse',
        'bz_gse',
        'theta_gse',
        'phi_gse',
        'max_telemetry_flag',
        'max_data_flag',
        'overall_quality',
        'proton_vx_gse',
        'proton_vy_gse',
        'proton_vz_gse',
        'proton_vx_gsm',
        'proton_vy_gsm',
        'proton_vz_gsm',
        'proton_quality',
        'alpha_quality',
        // rtsw_wind_1m housekeeping, as a third party's copy of a 2026 row shows (FORMATS.md).
        'proton_sample_size',
        'alpha_speed',
        'alpha_density',
        'alpha_temperature',
        'max_convergence_flag',
        'max_error_count_flag',
        'max_processing_flag',
        'max_range_flag',
        'max_sample_count_flag',
      ]
    : [];
  // The products file must carry its own column names exactly. The object form may use any of
  // the known spellings, and carries housekeeping keys we do not store (not drift).
  const table = readTable(parsed.value, {
    required: objectForm ? [] : fields.map((f) => f.columns[0] as string),
    known: objectForm ? [...fields.flatMap((f) => f.columns), ...extraKnown] : [],
  });
  let fieldMissing = false;
  if (objectForm) {
    const present = new Set(table.rows.flatMap((r) => Object.keys(r)));
    const missing = fields.filter((f) => !f.columns.some((c) => present.has(c)));
    if (missing.length === fields.length)
      throw new NormaliseError(
        `changed shape: none of the columns ${fields.map((f) => `"${f.columns[0]}"`).join(', ')} is present`,
      );
    fieldMissing = missing.length > 0;
  }
  const hasActive = table.rows.some((r) => typeof r.active === 'boolean');
  const bySource = new Map<string | null, Sample[]>();
  let skippedRows = table.badRows;
  let emptyRows = 0;
  let inactiveRows = 0;
  let futureRows = 0;
  let fillValues = 0;
  for (const row of table.rows) {
    if (hasActive && row.active !== true) {
      inactiveRows++;
      continue;
    }
    const t = parseSwpcTime(row.time_tag);
    if (t === null) {
      skippedRows++;
      continue;
    }
    if (beyondLead(t, now, LEAD_MS.observation)) {
      futureRows++;
      continue;
    }
    const values: Record<string, number | null> = {};
    for (const f of fields) {
      const column = f.columns.find((c) => row[c] !== undefined) ?? (f.columns[0] as string);
      const raw = row[column];
      if (isFillValue(raw)) fillValues++;
      values[f.name] = isFillValue(raw) ? null : toNumber(raw, f.range);
    }
    if (!hasValue(values)) {
      emptyRows++;
      continue;
    }
    const source =
      typeof row.source === 'string' && row.source.trim() !== ''
        ? row.source.trim().slice(0, 40)
        : null;
    const list = bySource.get(source) ?? [];
    list.push({ t, values });
    bySource.set(source, list);
  }
  const names = fields.map((f) => f.name);
  const batches = [...bySource.entries()].map(([source, samples]) =>
    toSeries(product, names, samples, source),
  );
  if (batches.length === 0) {
    if (futureRows > 0 && futureRows === table.rows.length - inactiveRows - skippedRows)
      throw allBeyondLead(futureRows, now, LEAD_MS.observation);
    if (table.rows.length - inactiveRows - skippedRows > 0)
      throw new NormaliseError(
        `no valid data (all ${table.rows.length - inactiveRows} rows have every value missing)`,
      );
    if (hasActive && inactiveRows === table.rows.length)
      throw new NormaliseError('no valid data (no row is from the active spacecraft)');
    throw new NormaliseError('no usable sample (no row has a valid time)');
  }
  // Newest batch last, so callers can read "the latest" from the end.
  batches.sort((a, b) => (a.t[a.t.length - 1] as number) - (b.t[b.t.length - 1] as number));
  return {
    batches,
    drift: table.drift || fieldMissing || futureRows > 0,
    rows: table.rows.length,
    emptyRows,
    skippedRows,
    inactiveRows,
    futureRows,
    fillValues,
  };
}

/** Latest non-null value of a field across batches, with the spacecraft it came from. */
export function latestAcross(
  batches: readonly SeriesBatch[],
  field: string,
): { t: number; value: number; source: string | null } | null {
  let best: { t: number; value: number; source: string | null } | null = null;
  for (const b of batches) {
    const col = b.fields[field];
    if (!col) continue;
    for (let i = b.t.length - 1; i >= 0; i--) {
      const v = col[i];
      if (v === null || v === undefined) continue;
      const t = b.t[i] as number;
      if (!best || t > best.t) best = { t, value: v, source: b.source };
      break;
    }
  }
  return best;
}

export function timeRange(batches: readonly SeriesBatch[]): {
  from: number;
  to: number;
  records: number;
} {
  let from = Infinity;
  let to = -Infinity;
  let records = 0;
  for (const b of batches) {
    from = Math.min(from, b.t[0] as number);
    to = Math.max(to, b.t[b.t.length - 1] as number);
    records += b.t.length;
  }
  return { from, to, records };
}
