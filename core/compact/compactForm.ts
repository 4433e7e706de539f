/**
 * The compact form of a product: what our space-weather function sends a worker that asks for it
 * (`?format=compact`, optionally `&since=<epoch ms>`), instead of the agency's file. It carries the
 * normalised documents themselves — series rows in the shape the local database stores, the
 * OVATION grid as its 65,160 bytes — so an update costs the rows that are new, not the whole file.
 *
 * Pure, no DOM, no Node: the function encodes with it and the worker decodes with it. Decoding is
 * as strict as normalising an agency file: a wrong shape, a bad byte, a wrong length, a time past
 * the clock-skew allowance, a non-number or an impossible value refuses the whole body with a
 * reason, so the poller marks the feed `error` and keeps its good data.
 *
 * Wire form (JSON, so the gateway compresses it like any JSON answer and the worker keeps one
 * text path):
 * `{format, resource, dataTime, schemaDrift, since, series: [{product, source, t, fields}],
 *   grids: [{observationTime, forecastTime, encoding: "sub-base64", values}]}`.
 * The grid's bytes are sent as base64 of the "Sub" filter (each cell minus its western
 * neighbour, mod 256, as PNG does): the real OVATION frame is 4.5 KB in brotli this way, against
 * 7.7 KB for plain base64 and 5.5 KB for the raw bytes in binary — smaller than binary, in JSON.
 * A worker that holds the previous frame says so (`since` = its observation time) and may get the
 * frame as the difference from it instead (`encoding: "shift-diff-base64"`, `base`, `baseSum`, `shift`;
 * core/compact/gridDiff.ts): a few hundred bytes where the oval only turned with the Earth.
 */
import type { GridSnapshot, Resource, SeriesBatch, SeriesProduct } from '../model.ts';
import { PRODUCTS } from '../products/products.ts';
import { GRID_CELLS, GRID_HEIGHT, GRID_WIDTH } from '../grid/grid.ts';
import { base64ToBytes, bytesToBase64 } from '../grid/base64.ts';
import { applyGridDifference, frameSum, gridDifference, zeroCount } from './gridDiff.ts';
import { LEAD_MS, refuseBeyondLead } from '../normalise/leadTime.ts';
import { checkOutput } from '../normalise/checkOutput.ts';
import { NormaliseError, fail, ok, type NormaliseResult } from '../normalise/result.ts';

const COMPACT_FORMAT = 'aurora-compact/1';
/** Response header naming the form served, so a worker never mistakes one for the other. */
export const COMPACT_FORM_HEADER = 'x-aurora-form';

type Range = readonly [number, number];
type RowsForm = { product: SeriesProduct; fields: Readonly<Record<string, Range>> };

/** The rows form of a resource (its registry entry's `compact`), or null. */
function rowsForm(resource: Resource): RowsForm | null {
  const form = Object.hasOwn(PRODUCTS, resource) ? PRODUCTS[resource].compact : null;
  return form?.kind === 'rows' ? form : null;
}

export type CompactKind = 'rows' | 'grid';

/** The compact form a resource has, or null (text products stay in the agency's form). */
export function compactKind(resource: Resource): CompactKind | null {
  return (Object.hasOwn(PRODUCTS, resource) && PRODUCTS[resource].compact?.kind) || null;
}

/** The series product and fields a resource's rows form carries, or null (no rows form). */
export function seriesForm(
  resource: Resource,
): { product: SeriesProduct; fields: readonly string[] } | null {
  const form = rowsForm(resource);
  return form && { product: form.product, fields: Object.keys(form.fields) };
}

export interface CompactContent {
  resource: Resource;
  /** The product's newest data time (of the whole product, not of the rows sent). */
  dataTime: number | null;
  schemaDrift: boolean;
  series: readonly SeriesBatch[];
  grids: readonly GridSnapshot[];
}

/** Rows strictly newer than `since` (epoch ms); batches left empty are dropped. */
export function seriesSince(batches: readonly SeriesBatch[], since: number | null): SeriesBatch[] {
  if (since === null) return [...batches];
  const out: SeriesBatch[] = [];
  for (const b of batches) {
    let from = 0;
    while (from < b.t.length && (b.t[from] as number) <= since) from++;
    if (from === b.t.length) continue;
    if (from === 0) {
      out.push(b);
      continue;
    }
    const fields: SeriesBatch['fields'] = {};
    for (const [name, col] of Object.entries(b.fields)) fields[name] = col.slice(from);
    out.push({ product: b.product, source: b.source, t: b.t.slice(from), fields });
  }
  return out;
}

/** The grid's bytes → base64 of the Sub filter (row by row, the first cell of a row as it is). */
export function encodeGridValues(values: Uint8Array): string {
  return bytesToBase64(subFiltered(values));
}

function subFiltered(values: Uint8Array): Uint8Array {
  const out = new Uint8Array(values.length);
  for (let i = 0; i < values.length; i++)
    out[i] = i % GRID_WIDTH === 0 ? values[i]! : (values[i]! - values[i - 1]!) & 0xff;
  return out;
}

/** A grid on the wire: the full form, or the difference from `base` when that is smaller. */
function gridOnWire(g: GridSnapshot, base: GridSnapshot | null) {
  const times = { observationTime: g.observationTime, forecastTime: g.forecastTime };
  if (base && base.observationTime < g.observationTime) {
    const full = subFiltered(g.values);
    const diff = gridDifference(g.values, base.values, zeroCount(full));
    if (diff)
      return {
        ...times,
        encoding: 'shift-diff-base64',
        base: base.observationTime,
        baseSum: frameSum(base.values),
        shift: diff.shift,
        values: bytesToBase64(diff.residual),
      };
    return { ...times, encoding: 'sub-base64', values: bytesToBase64(full) };
  }
  return { ...times, encoding: 'sub-base64', values: encodeGridValues(g.values) };
}

/** One grid's worth of bytes from base64, or why not. */
function gridBytes(text: unknown): Uint8Array | string {
  if (typeof text !== 'string') return 'grid values are not a string';
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 !== 0)
    return 'grid values are not base64';
  let bytes: Uint8Array;
  try {
    bytes = base64ToBytes(text);
  } catch {
    return 'grid values are not base64';
  }
  if (bytes.length !== GRID_CELLS)
    return `grid has ${bytes.length} cells, expected ${GRID_CELLS} (${GRID_WIDTH} × ${GRID_HEIGHT})`;
  return bytes;
}

/** The inverse of encodeGridValues; refuses anything that is not exactly one grid of 0–100. */
export function decodeGridValues(text: unknown): Uint8Array | string {
  const bytes = gridBytes(text);
  if (typeof bytes === 'string') return bytes;
  const values = new Uint8Array(GRID_CELLS);
  for (let i = 0; i < GRID_CELLS; i++) {
    const v = i % GRID_WIDTH === 0 ? bytes[i]! : (values[i - 1]! + bytes[i]!) & 0xff;
    if (v > 100) return `grid cell ${i} is ${v}, above 100`;
    values[i] = v;
  }
  return values;
}

/**
 * The wire text of a compact answer. `since` is echoed so a reader can tell a slice from the whole.
 * A page of history (the space-weather function's `history/` route) adds `page: {next}`: ask again
 * with `before=next` for the older rows, or null when there are none. `gridBase` is the frame the
 * asker holds (it asked `since` its observation time): the grid may then go as the difference.
 */
export function encodeCompact(
  content: CompactContent,
  since: number | null = null,
  page?: { next: number | null },
  gridBase: GridSnapshot | null = null,
): string {
  return JSON.stringify({
    ...(page ? { page } : {}),
    format: COMPACT_FORMAT,
    resource: content.resource,
    dataTime: content.dataTime,
    schemaDrift: content.schemaDrift,
    since,
    series: seriesSince(content.series, since).map((b) => ({
      product: b.product,
      source: b.source,
      t: b.t,
      fields: b.fields,
    })),
    grids: content.grids.map((g) => gridOnWire(g, gridBase)),
  });
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function time(v: unknown, what: string, now: number, leadMs: number): number {
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 0)
    throw new NormaliseError(`${what} is not a time in epoch milliseconds`);
  refuseBeyondLead(what, v, now, leadMs);
  return v;
}

function readSeries(form: RowsForm, raw: unknown, now: number): SeriesBatch {
  if (!isObject(raw)) throw new NormaliseError('a series is not an object');
  if (raw.product !== form.product)
    throw new NormaliseError(
      `series product ${JSON.stringify(raw.product)}, expected "${form.product}"`,
    );
  const source = raw.source;
  if (source !== null && (typeof source !== 'string' || source.length > 40 || source === ''))
    throw new NormaliseError('series source is not a spacecraft name or null');
  if (!Array.isArray(raw.t) || raw.t.length === 0) throw new NormaliseError('series has no times');
  const t = raw.t.map((v, i) => time(v, `series time ${i}`, now, LEAD_MS.observation));
  if (!isObject(raw.fields)) throw new NormaliseError('series fields are not an object');
  const names = Object.keys(raw.fields).sort();
  const expected = Object.keys(form.fields).sort();
  if (names.join() !== expected.join())
    throw new NormaliseError(`series fields ${names.join(', ')}, expected ${expected.join(', ')}`);
  const fields: SeriesBatch['fields'] = {};
  for (const [name, [lo, hi]] of Object.entries(form.fields) as [string, Range][]) {
    const col = raw.fields[name];
    if (!Array.isArray(col) || col.length !== t.length)
      throw new NormaliseError(`series field ${name} does not have one value per time`);
    fields[name] = col.map((v: unknown) => {
      if (v === null) return null;
      if (typeof v !== 'number' || !Number.isFinite(v))
        throw new NormaliseError(`series field ${name} holds ${JSON.stringify(v)}, not a number`);
      if (v < lo || v > hi)
        throw new NormaliseError(`series field ${name} holds ${v}, outside ${lo}…${hi}`);
      return v;
    });
  }
  return { product: form.product, source, t, fields };
}

function readGrid(raw: unknown, now: number, base: GridSnapshot | null): GridSnapshot {
  if (!isObject(raw)) throw new NormaliseError('a grid is not an object');
  if (raw.encoding !== 'sub-base64' && raw.encoding !== 'shift-diff-base64')
    throw new NormaliseError(
      `grid encoding ${JSON.stringify(raw.encoding)} is not "sub-base64" or "shift-diff-base64"`,
    );
  const observationTime = time(
    raw.observationTime,
    'grid observation time',
    now,
    LEAD_MS.observation,
  );
  const forecastTime = time(raw.forecastTime, 'grid forecast time', now, LEAD_MS.ovationForecast);
  const values = raw.encoding === 'sub-base64' ? decodeGridValues(raw.values) : undone(raw, base);
  if (typeof values === 'string') throw new NormaliseError(values);
  return { observationTime, forecastTime, width: GRID_WIDTH, height: GRID_HEIGHT, values };
}

/** A difference applied to the frame held; only from that very frame. */
function undone(raw: Record<string, unknown>, base: GridSnapshot | null): Uint8Array | string {
  if (!base || raw.base !== base.observationTime || raw.baseSum !== frameSum(base.values))
    return `grid is a difference from the frame observed at ${JSON.stringify(raw.base)}, which is not the one held`;
  const residual = gridBytes(raw.values);
  return typeof residual === 'string'
    ? residual
    : applyGridDifference(base.values, raw.shift, residual);
}

/**
 * A compact body → the same result `normalise` gives for the agency's file (series, grids,
 * dataTime, schemaDrift), or `{ok: false, error}` with the reason. Never throws.
 */
export function decodeCompact(
  resource: Resource,
  body: string,
  opts: { now: number; gridBase?: GridSnapshot | null },
): NormaliseResult {
  if (compactKind(resource) === null) return fail(resource, 'has no compact form');
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return fail(resource, 'compact body is not JSON');
  }
  return decodeParsed(resource, parsed, opts);
}

/**
 * A page of history: the rows as `decodeCompact` reads them, and where the next (older) page
 * starts — `next`, or null when this was the oldest. A body without a readable page is refused.
 */
export function decodeCompactPage(
  resource: Resource,
  body: string,
  opts: { now: number },
): { result: NormaliseResult; next: number | null } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return { result: fail(resource, 'history page is not JSON'), next: null };
  }
  const page = isObject(parsed) ? parsed.page : undefined;
  const next = isObject(page) ? page.next : undefined;
  if (next !== null && (typeof next !== 'number' || !Number.isSafeInteger(next) || next < 0))
    return { result: fail(resource, 'history page has no readable page.next'), next: null };
  const result = decodeParsed(resource, parsed, opts);
  return { result, next: result.ok ? next : null };
}

function decodeParsed(
  resource: Resource,
  parsed: unknown,
  opts: { now: number; gridBase?: GridSnapshot | null },
): NormaliseResult {
  const kind = compactKind(resource);
  if (kind === null) return fail(resource, 'has no compact form');
  try {
    if (!isObject(parsed)) throw new NormaliseError('compact body is not an object');
    if (parsed.format !== COMPACT_FORMAT)
      throw new NormaliseError(
        `compact format ${JSON.stringify(parsed.format)} is not "${COMPACT_FORMAT}"`,
      );
    if (parsed.resource !== resource)
      throw new NormaliseError(`compact body is for ${JSON.stringify(parsed.resource)}`);
    const dataTime =
      parsed.dataTime === null
        ? null
        : time(
            parsed.dataTime,
            'data time',
            opts.now,
            kind === 'grid' ? LEAD_MS.ovationForecast : LEAD_MS.observation,
          );
    if (typeof parsed.schemaDrift !== 'boolean')
      throw new NormaliseError('schemaDrift is not a boolean');
    if (!Array.isArray(parsed.series) || !Array.isArray(parsed.grids))
      throw new NormaliseError('series or grids is not a list');
    const form = rowsForm(resource);
    const series = form ? parsed.series.map((s) => readSeries(form, s, opts.now)) : [];
    if (kind === 'grid' && parsed.series.length > 0)
      throw new NormaliseError('a grid body holds series');
    if (kind === 'rows' && parsed.grids.length > 0)
      throw new NormaliseError('a series body holds grids');
    if (kind === 'grid' && parsed.grids.length !== 1)
      throw new NormaliseError(`${parsed.grids.length} grids, expected 1`);
    const grids =
      kind === 'grid' ? parsed.grids.map((g) => readGrid(g, opts.now, opts.gridBase ?? null)) : [];
    const result = ok({ series, grids, dataTime, schemaDrift: parsed.schemaDrift });
    const problem = checkOutput(result);
    if (problem) throw new NormaliseError(problem);
    return result;
  } catch (e) {
    return fail(resource, `compact body refused: ${e instanceof Error ? e.message : String(e)}`);
  }
}
