/**
 * Readers shared by the SWPC "products" files (array of arrays, header row first) and the
 * object-array files. The header is recognised by its content ("time_tag" in it), never only
 * by position, so a header-only file is "no data" rather than a row dated "time_tag".
 */
import { NormaliseError } from './result.ts';
import { describeType, isRecord } from './parseBody.ts';

export interface TableSpec {
  /** Column names that must be present (besides the time column). */
  required: readonly string[];
  /** Columns we read when present. A missing optional column is drift, not failure. */
  optional?: readonly string[];
  /** Columns we know of but do not read: neither their presence nor absence is drift. */
  known?: readonly string[];
  /** Aliases: upstream spelling → our spelling (e.g. "kp" → "Kp"). */
  aliases?: Readonly<Record<string, string>>;
  timeKey?: string;
}

export interface Table {
  /** One record per data row, keyed by our column names; raw upstream values. */
  rows: Record<string, unknown>[];
  /** Unknown extra columns appeared, or an optional one is missing. */
  drift: boolean;
  /** Rows thrown away because they were not rows at all (wrong type, wrong length). */
  badRows: number;
}

function canonical(name: string, spec: TableSpec): string {
  return spec.aliases?.[name] ?? name;
}

function checkColumns(columns: readonly string[], spec: TableSpec): boolean {
  const timeKey = spec.timeKey ?? 'time_tag';
  const known = new Set([
    timeKey,
    ...spec.required,
    ...(spec.optional ?? []),
    ...(spec.known ?? []),
  ]);
  const present = new Set(columns);
  const missing = [timeKey, ...spec.required].filter((c) => !present.has(c));
  if (missing.length > 0) {
    throw new NormaliseError(
      `changed shape: missing column${missing.length > 1 ? 's' : ''} ${missing.map((c) => `"${c}"`).join(', ')}`,
    );
  }
  const extra = columns.some((c) => !known.has(c));
  const optionalMissing = (spec.optional ?? []).some((c) => !present.has(c));
  return extra || optionalMissing;
}

/** Reads either shape: `[[header…], [row…], …]` or `[{…}, {…}]`. */
export function readTable(value: unknown, spec: TableSpec): Table {
  if (!Array.isArray(value))
    throw new NormaliseError(`changed shape: expected an array, got ${describeType(value)}`);
  if (value.length === 0) throw new NormaliseError('no data (empty array)');
  const first: unknown = value[0];
  if (Array.isArray(first)) return readArrayTable(value, spec);
  if (isRecord(first)) return readObjectTable(value, spec);
  throw new NormaliseError(
    `changed shape: expected rows to be arrays or objects, got ${describeType(first)}`,
  );
}

function readArrayTable(value: unknown[], spec: TableSpec): Table {
  const timeKey = spec.timeKey ?? 'time_tag';
  const header = value[0] as unknown[];
  if (!header.every((h) => typeof h === 'string') || !header.includes(timeKey)) {
    throw new NormaliseError(`changed shape: the first row is not a header with "${timeKey}"`);
  }
  const columns = (header as string[]).map((h) => canonical(h, spec));
  const drift = checkColumns(columns, spec);
  if (value.length === 1) throw new NormaliseError('no data (the file holds only its header row)');
  const rows: Record<string, unknown>[] = [];
  let badRows = 0;
  for (let i = 1; i < value.length; i++) {
    const row: unknown = value[i];
    if (!Array.isArray(row) || row.length !== columns.length) {
      badRows++;
      continue;
    }
    const rec: Record<string, unknown> = {};
    for (let c = 0; c < columns.length; c++) rec[columns[c] as string] = row[c];
    rows.push(rec);
  }
  return { rows, drift, badRows };
}

function readObjectTable(value: unknown[], spec: TableSpec): Table {
  const rows: Record<string, unknown>[] = [];
  let badRows = 0;
  const seen = new Set<string>();
  for (const item of value) {
    if (!isRecord(item)) {
      badRows++;
      continue;
    }
    const rec: Record<string, unknown> = {};
    for (const key of Object.keys(item)) {
      const name = canonical(key, spec);
      rec[name] = item[key];
      seen.add(name);
    }
    rows.push(rec);
  }
  if (rows.length === 0) throw new NormaliseError('changed shape: no row is an object');
  const drift = checkColumns([...seen], spec);
  return { rows, drift, badRows };
}
