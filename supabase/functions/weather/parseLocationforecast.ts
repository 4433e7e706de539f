/**
 * MET Norway locationforecast 2.0 (`/complete`) → hourly cloud cover by layer. The body is a
 * GeoJSON Feature; `properties.meta.updated_at` is the model run's time; each
 * `properties.timeseries[]` entry has `time` (ISO 8601, UTC) and `data.instant.details` with
 * `cloud_area_fraction` and `cloud_area_fraction_low|medium|high` (%, 0–100). The series is hourly
 * for the first ~2.5 days, then 6-hourly; we keep the hourly part (tonight and tomorrow night).
 */

/** Hours kept from the first timestep: tonight and the next night wherever the place is. */
export const HOURS_KEPT = 48;

export interface CloudHours {
  time: number[];
  total: (number | null)[];
  low: (number | null)[];
  medium: (number | null)[];
  high: (number | null)[];
}

export interface PointForecast {
  /** The model run's time (meta.updated_at), epoch ms. */
  updatedAt: number | null;
  hours: CloudHours;
}

export type ParseResult = { ok: true; forecast: PointForecast } | { ok: false; error: string };

function percent(details: Record<string, unknown>, name: string): number | null {
  const v = details[name];
  return typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= 100 ? v : null;
}

export function parseLocationforecast(body: string): ParseResult {
  let doc: unknown;
  try {
    doc = JSON.parse(body);
  } catch {
    return { ok: false, error: 'not JSON' };
  }
  const props = (
    doc as { properties?: { meta?: { updated_at?: unknown }; timeseries?: unknown } } | null
  )?.properties;
  if (!props || !Array.isArray(props.timeseries))
    return { ok: false, error: 'no properties.timeseries array' };
  const updated =
    typeof props.meta?.updated_at === 'string' ? Date.parse(props.meta.updated_at) : NaN;
  const hours: CloudHours = { time: [], total: [], low: [], medium: [], high: [] };
  let first: number | null = null;
  for (const step of props.timeseries as unknown[]) {
    const s = step as { time?: unknown; data?: { instant?: { details?: unknown } } } | null;
    const time = typeof s?.time === 'string' ? Date.parse(s.time) : NaN;
    const details = s?.data?.instant?.details;
    if (!Number.isFinite(time) || !details || typeof details !== 'object') continue;
    first ??= time;
    if (time >= first + HOURS_KEPT * 3_600_000) break;
    const d = details as Record<string, unknown>;
    hours.time.push(time);
    hours.total.push(percent(d, 'cloud_area_fraction'));
    hours.low.push(percent(d, 'cloud_area_fraction_low'));
    hours.medium.push(percent(d, 'cloud_area_fraction_medium'));
    hours.high.push(percent(d, 'cloud_area_fraction_high'));
  }
  if (hours.time.length === 0)
    return { ok: false, error: 'no timesteps with a time and instant details' };
  if (hours.total.every((v) => v === null) && hours.low.every((v) => v === null))
    return { ok: false, error: 'no cloud_area_fraction values' };
  return { ok: true, forecast: { updatedAt: Number.isFinite(updated) ? updated : null, hours } };
}
