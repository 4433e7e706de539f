/** postgres_changes filters (`column=op.value`), checked against the row the subscriber may see. */
export interface ParsedFilter {
  column: string;
  op: 'eq' | 'neq' | 'lt' | 'lte' | 'gt' | 'gte' | 'in';
  value: string;
}

export function parseFilter(filter: string | undefined): ParsedFilter | null | 'invalid' {
  if (!filter) return null;
  const m = /^([^=]+)=(eq|neq|lt|lte|gt|gte|in)\.(.*)$/.exec(filter);
  if (!m) return 'invalid';
  return { column: m[1]!, op: m[2] as ParsedFilter['op'], value: m[3]! };
}

const asText = (v: unknown): string =>
  v === null || v === undefined ? 'null' : typeof v === 'object' ? JSON.stringify(v) : String(v);

export function matchesFilter(f: ParsedFilter | null, row: Record<string, unknown>): boolean {
  if (!f) return true;
  const actual = row[f.column];
  const text = asText(actual);
  if (f.op === 'eq') return text === f.value;
  if (f.op === 'neq') return text !== f.value;
  if (f.op === 'in') {
    const list = f.value
      .replace(/^\(|\)$/g, '')
      .split(',')
      .map((s) => s.trim().replace(/^"|"$/g, ''));
    return list.includes(text);
  }
  const a = typeof actual === 'number' ? actual : Number(text);
  const b = Number(f.value);
  const cmp =
    Number.isFinite(a) && Number.isFinite(b) ? a - b : text < f.value ? -1 : text > f.value ? 1 : 0;
  return f.op === 'lt' ? cmp < 0 : f.op === 'lte' ? cmp <= 0 : f.op === 'gt' ? cmp > 0 : cmp >= 0;
}
