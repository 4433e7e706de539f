/**
 * One run of the archive job: for each resource asked, its latest upstream body (through the
 * space-weather service, so the job and the clients of one instance share one upstream fetch per
 * cadence), normalised by the poller's own code, written to the archive; then, when asked, the
 * retention deletes.
 *
 * Idempotent and safe to cut off anywhere: rows are upserts, unique per product and time (and per
 * chunk), written oldest first a request at a time, and each run starts again from the newest
 * row the archive holds less a margin (space-weather/archive.ts `REWRITE_MS`) — a run killed
 * half-way leaves complete rows up to some time, and the next run writes on from there.
 *
 * GFZ's Kp (`kp-gfz`) is asked of GFZ directly, from the oldest value the archive holds as a
 * nowcast (at least the live window), so every value becomes definitive once GFZ publishes it;
 * the first run brings GFZ_SEED_DAYS of history.
 */
import type { SeriesProduct } from '../../../core/model.ts';
import { DAY_MS } from '../../../core/time/dayKey.ts';
import { productsWith } from '../../../core/products/products.ts';
import { seriesForm } from '../../../core/compact/compactForm.ts';
import type { RestClient } from '../_shared/rest.ts';
import { archiveRows, samplesAfter, writeArchive } from '../space-weather/archive.ts';
import {
  GFZ_LIVE_DAYS,
  gfzKpPath,
  isSpaceWeatherResource,
  type SpaceWeatherResource,
} from '../space-weather/resources.ts';
import { validateWithNormalise } from '../space-weather/validate.ts';
import { retentionDeletes } from './retention.ts';

/** The products whose registry entry says `archived` (core/products/products.ts). */
const ARCHIVED_RESOURCES = productsWith('archived').filter(isSpaceWeatherResource);

/** How much GFZ history the first run brings: a year of 90-day windows and 27-day recurrence. */
const GFZ_SEED_DAYS = 400;
/** Below the schedule's own timeout (pg_net waits 50 s for the minute's job). */
const UPSTREAM_TIMEOUT_MS = 8_000;

interface LatestBody {
  body: string;
  /** A replay is never archived: the archive holds what the agencies served. */
  origin: 'upstream' | 'replay';
}

export interface ArchiveDeps {
  rest: RestClient;
  /** The latest body of a resource as the space-weather service holds it (fetched when due). */
  latest(resource: SpaceWeatherResource): Promise<LatestBody | null>;
  /** GFZ history beyond the live window goes straight to GFZ. */
  fetch: typeof fetch;
  gfzBaseUrl: string;
  now: () => number;
}

export interface ArchiveRequest {
  resources: SpaceWeatherResource[];
  retention: boolean;
}

type ResourceOutcome = { rows: number; dataTime: string | null } | { rows: 0; error: string };

export interface ArchiveReport {
  ranAt: string;
  resources: Partial<Record<SpaceWeatherResource, ResourceOutcome>>;
  retention: string[] | null;
}

/**
 * The job's body (`scheduling.function_jobs.body`): which resources (all archived ones when not
 * named), and whether to prune. No body at all is `{}`.
 */
export function readArchiveRequest(body: unknown): ArchiveRequest | { error: string } {
  if (body === null || body === undefined) body = {};
  if (typeof body !== 'object' || Array.isArray(body))
    return { error: 'The body must be a JSON object: {"resources": [...], "retention": true}' };
  const { resources = ARCHIVED_RESOURCES, retention = false } = body as Record<string, unknown>;
  if (!Array.isArray(resources) || resources.some((r) => typeof r !== 'string'))
    return { error: 'resources must be a list of resource names' };
  const unknown = resources.filter(
    (r) => !(ARCHIVED_RESOURCES as readonly string[]).includes(r as string),
  );
  if (unknown.length > 0)
    return {
      error: `Not archived: ${unknown.join(', ')} (archived: ${ARCHIVED_RESOURCES.join(', ')})`,
    };
  if (typeof retention !== 'boolean') return { error: 'retention must be true or false' };
  return { resources: [...new Set(resources as SpaceWeatherResource[])], retention };
}

type TimeRow = { t: string };

async function newestArchived(rest: RestClient, product: SeriesProduct): Promise<number | null> {
  const rows = await rest.request<TimeRow[]>(
    'GET',
    `space_weather_samples?select=t&product=eq.${product}&order=t.desc&limit=1`,
  );
  return rows[0] ? Date.parse(rows[0].t) : null;
}

/**
 * Where GFZ must be asked from: the oldest value the archive holds as a nowcast (status below 2),
 * or the start of the live window, whichever is earlier; with no GFZ row at all, GFZ_SEED_DAYS.
 */
async function gfzRefetchFrom(rest: RestClient, now: number): Promise<number> {
  const seed = now - GFZ_SEED_DAYS * DAY_MS;
  const [any] = await rest.request<TimeRow[]>(
    'GET',
    'space_weather_samples?select=t&product=eq.kp-gfz&order=t.asc&limit=1',
  );
  if (!any) return seed;
  const [provisional] = await rest.request<TimeRow[]>(
    'GET',
    'space_weather_samples?select=t&product=eq.kp-gfz&v->>status=lt.2&order=t.asc&limit=1',
  );
  const live = now - (GFZ_LIVE_DAYS - 1) * DAY_MS;
  return Math.max(seed, Math.min(live, provisional ? Date.parse(provisional.t) : live));
}

async function gfzBody(deps: ArchiveDeps, from: number, now: number): Promise<LatestBody> {
  const res = await deps.fetch(`${deps.gfzBaseUrl.replace(/\/+$/, '')}/${gfzKpPath(from, now)}`, {
    headers: { accept: 'application/json' },
    signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS),
  });
  if (!res.ok) {
    await res.body?.cancel();
    throw new Error(`GFZ answered ${res.status} ${res.statusText}`.trim());
  }
  return { body: await res.text(), origin: 'upstream' };
}

async function archiveOne(
  deps: ArchiveDeps,
  resource: SpaceWeatherResource,
  now: number,
): Promise<ResourceOutcome> {
  let latest: LatestBody | null;
  try {
    // GFZ is asked directly, from the oldest nowcast value held: its range moves with the archive.
    latest =
      resource === 'kp-gfz'
        ? await gfzBody(deps, await gfzRefetchFrom(deps.rest, now), now)
        : await deps.latest(resource);
  } catch (e) {
    return { rows: 0, error: `Upstream failed: ${e instanceof Error ? e.message : String(e)}` };
  }
  if (!latest) return { rows: 0, error: 'Upstream cannot be reached and nothing is cached' };
  if (latest.origin === 'replay')
    return { rows: 0, error: 'Upstream cannot be reached: only a replay, not archived' };
  const result = validateWithNormalise(resource, latest.body, { now });
  if (!result.ok) return { rows: 0, error: `Refused: ${result.error}` };
  const product = seriesForm(resource)?.product;
  const after = product
    ? samplesAfter({ [product]: await newestArchived(deps.rest, product) })
    : {};
  // A failed write throws: the run fails as a whole (the schedule logs it) and the next one
  // writes on from the newest row that made it.
  const rows = await writeArchive(deps.rest, archiveRows(resource, result, now, after));
  return {
    rows,
    dataTime: result.dataTime === null ? null : new Date(result.dataTime).toISOString(),
  };
}

export async function runArchive(deps: ArchiveDeps, req: ArchiveRequest): Promise<ArchiveReport> {
  const now = deps.now();
  const report: ArchiveReport = {
    ranAt: new Date(now).toISOString(),
    resources: {},
    retention: null,
  };
  for (const resource of req.resources)
    report.resources[resource] = await archiveOne(deps, resource, now);
  if (req.retention) {
    report.retention = [];
    for (const del of retentionDeletes(now)) {
      await deps.rest.request('DELETE', del.path, { prefer: ['return=minimal'] });
      report.retention.push(del.what);
    }
  }
  return report;
}
