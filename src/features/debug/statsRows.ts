/**
 * The space-weather function's `stats` answer (per resource, `ResourceReport` in
 * supabase/functions/space-weather/service.ts) as table rows. The JSON comes over the network, so
 * every field is checked here: a shape we do not know gives a message, never an exception.
 */
import { formatAge } from '../../lib/format.ts';

/** What the stats request gave: the parsed body, or why there is none. */
export type StatsFetch = { ok: true; body: unknown } | { ok: false; reason: string };

export interface StatsRow {
  /** React key: the resource. */
  key: string;
  resource: string;
  upstreamFetches: string;
  cacheHits: string;
  lastStatus: string;
  dataAge: string;
  source: string;
  replay: boolean;
  /** Last upstream error and last archive error, joined; null when neither. */
  lastError: string | null;
  /** Something needs a look: an error, a failed last fetch, a replay or an unreadable entry. */
  problem: boolean;
  /** How the row is marked: failing (error, failed fetch, unreadable) beats slow (serving a replay). */
  severity: 'ok' | 'slow' | 'failing';
}

export type StatsView =
  | { kind: 'waiting' }
  | { kind: 'unavailable'; message: string }
  | { kind: 'unreadable'; message: string }
  | { kind: 'table'; serverTime: number | null; rows: StatsRow[] };

export const UNREADABLE = 'The stats answer could not be read';
const DASH = '—';

type Obj = Record<string, unknown>;

function isObject(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function count(v: unknown): number | null {
  return typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : null;
}

function text(v: unknown): string | null {
  return typeof v === 'string' && v.trim() !== '' ? v.trim() : null;
}

function epoch(v: unknown): number | null {
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

function fetchesCell(r: Obj): string {
  const fetches = count(r.upstreamFetches);
  if (fetches === null) return DASH;
  const extra: string[] = [];
  const notModified = count(r.upstreamNotModified);
  const rejected = count(r.rejectedBodies);
  if (notModified) extra.push(`${notModified} not modified`);
  if (rejected) extra.push(`${rejected} rejected`);
  return extra.length ? `${fetches} (${extra.join(', ')})` : String(fetches);
}

function cacheCell(r: Obj): string {
  const hits = count(r.cacheHits);
  if (hits === null) return DASH;
  const extra: string[] = [];
  const coalesced = count(r.coalesced);
  const stale = count(r.servedStale);
  if (coalesced) extra.push(`+${coalesced} coalesced`);
  if (stale) extra.push(`${stale} served stale`);
  return extra.length ? `${hits} (${extra.join(', ')})` : String(hits);
}

/** True when the last upstream answer was a usable one (2xx or 304) or none was asked yet. */
function statusOk(status: unknown): boolean {
  if (status === null || status === undefined) return true;
  return typeof status === 'number' && ((status >= 200 && status < 300) || status === 304);
}

function statusCell(r: Obj, serverTime: number | null): string {
  const s = r.lastUpstreamStatus;
  if (s === null || s === undefined) return 'not asked yet';
  const label =
    typeof s === 'number' && Number.isFinite(s)
      ? String(s)
      : s === 'network-error'
        ? 'network error'
        : s === 'timeout'
          ? 'timed out'
          : null;
  if (label === null) return DASH;
  const at = epoch(r.lastUpstreamAt);
  return at !== null && serverTime !== null ? `${label} · ${formatAge(serverTime - at)}` : label;
}

function ageCell(r: Obj): string {
  const age = epoch(r.dataAgeMs);
  if (age !== null) return formatAge(age);
  return r.dataTime === null || r.dataTime === undefined ? 'no data yet' : DASH;
}

function sourceCell(source: unknown): string {
  if (source === 'upstream') return 'upstream';
  if (source === 'replay') return 'REPLAY';
  if (source === null || source === undefined) return 'none yet';
  return DASH;
}

function errorCell(r: Obj): string | null {
  const parts: string[] = [];
  const upstream = text(r.lastError);
  const archive = text(r.lastArchiveError);
  if (upstream) parts.push(upstream);
  if (archive) parts.push(`Archive: ${archive}`);
  return parts.length ? parts.join(' · ') : null;
}

function row(resource: string, report: unknown, serverTime: number | null): StatsRow {
  const key = resource;
  if (!isObject(report)) {
    return {
      key,
      resource,
      upstreamFetches: DASH,
      cacheHits: DASH,
      lastStatus: DASH,
      dataAge: DASH,
      source: DASH,
      replay: false,
      lastError: 'This entry could not be read',
      problem: true,
      severity: 'failing',
    };
  }
  const replay = report.source === 'replay';
  const lastError = errorCell(report);
  const severity =
    lastError !== null || !statusOk(report.lastUpstreamStatus) ? 'failing' : replay ? 'slow' : 'ok';
  return {
    key,
    resource,
    upstreamFetches: fetchesCell(report),
    cacheHits: cacheCell(report),
    lastStatus: statusCell(report, serverTime),
    dataAge: ageCell(report),
    source: sourceCell(report.source),
    replay,
    lastError,
    problem: severity !== 'ok',
    severity,
  };
}

/** The `stats` body → one row per resource. */
export function statsRows(body: unknown): StatsView {
  if (!isObject(body))
    return { kind: 'unreadable', message: `${UNREADABLE}: it is not a JSON object.` };
  const resources = body.resources;
  if (!isObject(resources))
    return { kind: 'unreadable', message: `${UNREADABLE}: it has no "resources" object.` };
  const serverTime = typeof body.serverTime === 'string' ? Date.parse(body.serverTime) : NaN;
  const server = Number.isFinite(serverTime) ? serverTime : null;
  const rows: StatsRow[] = [];
  for (const [resource, report] of Object.entries(resources))
    rows.push(row(resource, report, server));
  return { kind: 'table', serverTime: server, rows };
}

/** What the panel shows for the latest stats request (null = not answered yet). */
export function statsView(result: StatsFetch | null): StatsView {
  if (result === null) return { kind: 'waiting' };
  if (!result.ok)
    return { kind: 'unavailable', message: `Statistics unavailable: ${result.reason}` };
  return statsRows(result.body);
}
