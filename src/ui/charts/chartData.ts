/** What a chart is given: one time column (epoch ms UTC, ascending) and one column per field. */
export interface ChartData {
  t: readonly number[];
  /** null = missing (drawn as a gap); undefined = no sample of this series at that time (sparse bars). */
  columns: Readonly<Record<string, readonly (number | null | undefined)[]>>;
}

export interface TimeWindow {
  from: number;
  to: number;
}

/**
 * Inserts a null row wherever consecutive samples are further apart than `maxStepMs`, so a line
 * breaks across an outage instead of bridging it (uPlot breaks lines only at nulls). Returns the
 * input itself when there is no such gap: the common case costs no copy.
 */
export function withGaps(data: ChartData, maxStepMs: number): ChartData {
  const { t } = data;
  let gaps = 0;
  for (let i = 1; i < t.length; i++) if (t[i]! - t[i - 1]! > maxStepMs) gaps++;
  if (gaps === 0) return data;
  const n = t.length + gaps;
  const outT = new Array<number>(n);
  const names = Object.keys(data.columns);
  const outCols: Record<string, (number | null | undefined)[]> = {};
  for (const name of names) outCols[name] = new Array<number | null | undefined>(n);
  let j = 0;
  for (let i = 0; i < t.length; i++) {
    if (i > 0 && t[i]! - t[i - 1]! > maxStepMs) {
      outT[j] = t[i - 1]! + Math.floor((t[i]! - t[i - 1]!) / 2);
      for (const name of names) outCols[name]![j] = null;
      j++;
    }
    outT[j] = t[i]!;
    for (const name of names) outCols[name]![j] = data.columns[name]![i];
    j++;
  }
  return { t: outT, columns: outCols };
}

/**
 * Whether two chart data hold the same samples (times, columns and values). A screen's hooks hand
 * a chart new data objects with the same content as their live queries re-emit (an empty week,
 * then another empty week; the same forecast bars after each product's update): comparing them
 * costs microseconds, a redraw milliseconds (on /forecast's first visit the Kp chart drew 7–8
 * times in its first second, 3 of them the same content again).
 */
export function sameChartData(a: ChartData, b: ChartData): boolean {
  if (a === b) return true;
  if (a.t.length !== b.t.length) return false;
  const names = Object.keys(a.columns);
  if (names.length !== Object.keys(b.columns).length) return false;
  for (let i = 0; i < a.t.length; i++) if (a.t[i] !== b.t[i]) return false;
  for (const name of names) {
    const x = a.columns[name]!;
    const y = b.columns[name];
    if (x === y) continue;
    if (!y || x.length !== y.length) return false;
    for (let i = 0; i < x.length; i++) if (!Object.is(x[i], y[i])) return false;
  }
  return true;
}

/** The newest present value of a column, with its time. */
export function latestPoint(data: ChartData, key: string): { t: number; value: number } | null {
  const col = data.columns[key];
  if (!col) return null;
  for (let i = Math.min(col.length, data.t.length) - 1; i >= 0; i--) {
    const v = col[i];
    if (typeof v === 'number' && Number.isFinite(v)) return { t: data.t[i]!, value: v };
  }
  return null;
}

/**
 * The share (0–1) of a window's expected samples that are absent: samples at `cadenceMs` from
 * `from` to min(`to`, `now`) (the future cannot be missing), counting a time as present when any
 * of `keys` has a value there.
 */
export function missingShare(
  data: ChartData,
  keys: readonly string[],
  window: TimeWindow,
  cadenceMs: number,
  now: number,
): number {
  const end = Math.min(window.to, now);
  if (end <= window.from || cadenceMs <= 0) return 0;
  const expected = Math.floor((end - window.from) / cadenceMs) + 1;
  let present = 0;
  for (let i = 0; i < data.t.length; i++) {
    const ti = data.t[i]!;
    if (ti < window.from || ti > end) continue;
    if (keys.some((k) => typeof data.columns[k]?.[i] === 'number')) present++;
  }
  return Math.max(0, Math.min(1, 1 - present / expected));
}

/**
 * The share (0–1) of one series' expected samples that are absent over the part of the range it
 * claims: the range is cut into whole slots of `cadenceMs` and a slot counts as present when the
 * series has a value in it (so the phase of the samples does not matter). 'past' runs from the
 * window's start to `split` (the marker, never after `now`), less one cadence — the newest period
 * may not be published yet; 'ahead' runs from `split` to the window's end.
 */
export function seriesMissingShare(
  data: ChartData,
  key: string,
  coverage: { cadenceMs: number; span: 'past' | 'ahead' },
  window: TimeWindow,
  split: number,
  now: number,
): number {
  const { cadenceMs, span } = coverage;
  const from = span === 'past' ? window.from : Math.max(window.from, split);
  const to = span === 'past' ? Math.min(window.to, split, now) - cadenceMs : window.to;
  const slots = cadenceMs > 0 ? Math.floor((to - from) / cadenceMs) : 0;
  if (slots <= 0) return 0;
  const filled = new Uint8Array(slots);
  const col = data.columns[key];
  if (!col) return 1;
  for (let i = 0; i < data.t.length; i++) {
    const ti = data.t[i]!;
    if (ti < from || ti >= from + slots * cadenceMs) continue;
    if (typeof col[i] === 'number') filled[Math.floor((ti - from) / cadenceMs)] = 1;
  }
  let present = 0;
  for (const f of filled) present += f;
  return 1 - present / slots;
}
