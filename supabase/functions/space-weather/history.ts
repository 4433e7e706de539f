/**
 * `GET /space-weather/history/{resource}?since=<ms>[&before=<ms>][&limit=<rows>]`: what the archive
 * holds newer than `since`, newest first, a page at a time — what a client that was offline asks
 * for on reconnect, since the agencies' own files no longer reach back that far (issue 27).
 *
 * - Series resources (the ones with a compact `rows` form): the samples of
 *   `space_weather_samples`, as the compact form (core/compact/compactForm.ts) plus
 *   `page: {next}` — ask again with `before=next` for the older rows; null when there are none.
 * - `forecasts`: the Kp forecast issues kept in `space_weather_archive` (the 3-day forecast and the
 *   Kp forecast file, one record per issue), as core/compact/forecastHistoryForm.ts.
 *
 * Newest first so that a client that stops (its byte budget spent, the signal gone) has the most
 * recent part, and the rest stays a gap it can see.
 */
import type { ProductRecord, SeriesBatch, SeriesProduct } from '../../../core/model.ts';
import { encodeCompact, seriesForm } from '../../../core/compact/compactForm.ts';
import { encodeForecastHistory } from '../../../core/compact/forecastHistoryForm.ts';
import { forecastIssueOf, type ForecastIssue } from '../../../core/verification/forecastIssues.ts';
import { encodeAuroraAtPlace } from '../../../core/compact/auroraAtPlaceForm.ts';
import { base64ToBytes } from '../../../core/grid/base64.ts';
import { seenAtPlace } from '../../../core/tonight/seenAtPlace.ts';
import type { RestClient } from '../_shared/rest.ts';
import {
  SPACE_WEATHER_RESOURCE_NAMES,
  isSpaceWeatherResource,
  type SpaceWeatherResource,
} from './resources.ts';

/** Rows per page unless asked for fewer: two days of 1-minute data, ~120 KB of JSON before compression. */
const HISTORY_PAGE_ROWS = 2880;
/** Forecast issues per page: about two weeks of both products. */
const HISTORY_PAGE_ISSUES = 100;

const SERIES_RESOURCES = SPACE_WEATHER_RESOURCE_NAMES.filter((r) => seriesForm(r) !== null);

export interface HistoryQuery {
  resource: SpaceWeatherResource | 'forecasts';
  since: number;
  before: number | null;
  limit: number;
}

/** `history/aurora-at?lat=…&lon=…&from=…&to=…`: OVATION at a place over some hours. */
export interface AuroraAtQuery {
  resource: 'aurora-at';
  lat: number;
  lon: number;
  from: number;
  to: number;
}

/** The longest span `aurora-at` answers: a polar night's dark hours. */
const AURORA_AT_MAX_MS = 24 * 3_600_000;
/** A frame's forecast time is 30–90 min after its observation (the frames are filed by the latter). */
const OVATION_LEAD_MS = 100 * 60_000;

const TIME = /^\d{1,15}$/;

function readAuroraAt(url: string): AuroraAtQuery | { error: string } {
  const q = url.indexOf('?');
  const params = new URLSearchParams(q === -1 ? '' : url.slice(q + 1));
  const lat = Number(params.get('lat'));
  const lon = Number(params.get('lon'));
  const from = params.get('from');
  const to = params.get('to');
  if (!params.has('lat') || !params.has('lon') || !(Math.abs(lat) <= 90) || !(Math.abs(lon) <= 180))
    return { error: 'lat and lon must be decimal degrees within ±90 and ±180' };
  if (from === null || to === null || !TIME.test(from) || !TIME.test(to))
    return { error: 'from and to must be times in epoch milliseconds' };
  if (Number(to) < Number(from) || Number(to) - Number(from) > AURORA_AT_MAX_MS)
    return { error: 'from … to must be at most 24 hours, in order' };
  return { resource: 'aurora-at', lat, lon, from: Number(from), to: Number(to) };
}

export function readHistoryQuery(
  name: string,
  url: string,
): HistoryQuery | AuroraAtQuery | { error: string } {
  if (name === 'aurora-at') return readAuroraAt(url);
  const series = isSpaceWeatherResource(name) && seriesForm(name) !== null;
  if (name !== 'forecasts' && !series)
    return {
      error: `No history of "${name}": ask for forecasts or a series (${SERIES_RESOURCES.join(', ')})`,
    };
  const q = url.indexOf('?');
  const params = new URLSearchParams(q === -1 ? '' : url.slice(q + 1));
  const since = params.get('since');
  const before = params.get('before');
  const limit = params.get('limit');
  if (since === null || !TIME.test(since))
    return { error: 'since must be a time in epoch milliseconds (rows newer than it come back)' };
  if (before !== null && !TIME.test(before))
    return { error: 'before must be a time in epoch milliseconds' };
  const max = name === 'forecasts' ? HISTORY_PAGE_ISSUES : HISTORY_PAGE_ROWS;
  if (limit !== null && (!TIME.test(limit) || Number(limit) < 1 || Number(limit) > max))
    return { error: `limit must be 1 to ${max}` };
  return {
    resource: name as HistoryQuery['resource'],
    since: Number(since),
    before: before === null ? null : Number(before),
    limit: limit === null ? max : Number(limit),
  };
}

const iso = (t: number) => encodeURIComponent(new Date(t).toISOString());

function timeFilter(column: string, since: number, before: number | null): string {
  return `${column}=gt.${iso(since)}${before === null ? '' : `&${column}=lt.${iso(before)}`}`;
}

/** PostgREST's `max_rows` (supabase/config.toml, hosted Supabase's default): more per request are cut. */
const REST_MAX_ROWS = 1000;

interface SampleRow {
  t: string;
  v: Record<string, number | null>;
  source: string | null;
}

/** Rows (newest first) → ascending batches, one per run of the same spacecraft. */
function batchesOf(
  product: SeriesProduct,
  fields: readonly string[],
  rows: readonly SampleRow[],
): SeriesBatch[] {
  const out: SeriesBatch[] = [];
  let cur: SeriesBatch | null = null;
  for (let i = rows.length - 1; i >= 0; i--) {
    const row = rows[i] as SampleRow;
    if (!cur || cur.source !== row.source) {
      cur = {
        product,
        source: row.source,
        t: [],
        fields: Object.fromEntries(fields.map((f) => [f, []])),
      };
      out.push(cur);
    }
    cur.t.push(Date.parse(row.t));
    for (const f of fields) (cur.fields[f] as (number | null)[]).push(row.v[f] ?? null);
  }
  return out;
}

export interface HistoryAnswer {
  body: string;
  form: 'rows' | 'forecasts' | 'aurora-at';
}

interface GridPayload {
  observationTime: number;
  forecastTime: number;
  valuesBase64: string;
}

export async function historyAnswer(
  rest: RestClient,
  q: HistoryQuery | AuroraAtQuery,
): Promise<HistoryAnswer> {
  if (q.resource === 'aurora-at') {
    const rows = await rest.request<{ payload: GridPayload }[]>(
      'GET',
      `space_weather_archive?select=payload&resource=eq.aurora-oval&chunk_id=like.grid/*` +
        `&${timeFilter('data_time', q.from - OVATION_LEAD_MS - 1, q.to + 1)}&order=data_time.asc`,
    );
    const frames = rows.map(({ payload: p }) => ({
      observationTime: p.observationTime,
      forecastTime: p.forecastTime,
      values: base64ToBytes(p.valuesBase64),
    }));
    const seen = seenAtPlace(q, frames).filter(
      (s) => s.forecastTime >= q.from && s.forecastTime <= q.to,
    );
    return { body: encodeAuroraAtPlace(seen), form: 'aurora-at' };
  }
  if (q.resource === 'forecasts') {
    const rows = await rest.request<{ payload: ProductRecord; data_time: string }[]>(
      'GET',
      `space_weather_archive?select=payload,data_time&resource=in.(kp-forecast,three-day-forecast)` +
        `&chunk_id=like.product/*&${timeFilter('data_time', q.since, q.before)}` +
        `&order=data_time.desc&limit=${q.limit + 1}`,
    );
    const more = rows.length > q.limit;
    const page = rows.slice(0, q.limit);
    const issues = page
      .map((r) => forecastIssueOf(r.payload))
      .filter((i): i is ForecastIssue => i !== null)
      .reverse();
    const next = more ? Date.parse((page.at(-1) as { data_time: string }).data_time) : null;
    return { body: encodeForecastHistory(issues, next), form: 'forecasts' };
  }
  const resource = q.resource;
  const form = seriesForm(resource);
  if (!form) throw new Error(`${resource} has no rows form`);
  const product = form.product;
  // A page is read a thousand rows at a time, each request older than the last.
  const rows: SampleRow[] = [];
  let before = q.before;
  while (rows.length <= q.limit) {
    const n = Math.min(REST_MAX_ROWS, q.limit + 1 - rows.length);
    const got = await rest.request<SampleRow[]>(
      'GET',
      `space_weather_samples?select=t,v,source&product=eq.${product}` +
        `&${timeFilter('t', q.since, before)}&order=t.desc&limit=${n}`,
    );
    rows.push(...got);
    if (got.length < n) break;
    before = Date.parse((got.at(-1) as SampleRow).t);
  }
  const more = rows.length > q.limit;
  const page = rows.slice(0, q.limit);
  const series = batchesOf(product, form.fields, page);
  const newest = page[0] ? Date.parse(page[0].t) : null;
  const next = more ? Date.parse((page.at(-1) as SampleRow).t) : null;
  return {
    body: encodeCompact(
      { resource, dataTime: newest, schemaDrift: false, series, grids: [] },
      q.since,
      { next },
    ),
    form: 'rows',
  };
}
