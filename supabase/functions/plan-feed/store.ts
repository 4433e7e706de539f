/**
 * What the feed reads and writes, through PostgREST as the service role: `plan_feed_tokens`
 * (migration 20261129004000), the owner's `places` row, and the newest forecast issues in
 * `space_weather_archive` (kept by the archive job, archive-space-weather).
 */
import { eq, type RestClient } from '../_shared/rest.ts';
import type { FeedInputs, FeedPlace } from './planFeed.ts';

/** The user whose token hashes to `hash`; null when no token does (unknown or revoked). */
export async function tokenOwner(rest: RestClient, hash: string): Promise<string | null> {
  const rows = await rest.request<{ user_id: string }[]>(
    'GET',
    `plan_feed_tokens?token_hash=${eq(hash)}&select=user_id`,
  );
  return rows[0]?.user_id ?? null;
}

/** Since when the user's link exists; null when they have none. */
export async function tokenCreatedAt(rest: RestClient, userId: string): Promise<string | null> {
  const rows = await rest.request<{ created_at: string }[]>(
    'GET',
    `plan_feed_tokens?user_id=${eq(userId)}&select=created_at`,
  );
  return rows[0]?.created_at ?? null;
}

/** Keeps `hash` as the user's one token, replacing any earlier one (whose URLs then 404). */
export async function saveTokenHash(
  rest: RestClient,
  userId: string,
  hash: string,
  now: number,
): Promise<string> {
  const createdAt = new Date(now).toISOString();
  await rest.request('POST', 'plan_feed_tokens?on_conflict=user_id', {
    body: { user_id: userId, token_hash: hash, created_at: createdAt },
    prefer: ['resolution=merge-duplicates', 'return=minimal'],
  });
  return createdAt;
}

export async function deleteToken(rest: RestClient, userId: string): Promise<void> {
  await rest.request('DELETE', `plan_feed_tokens?user_id=${eq(userId)}`, {
    prefer: ['return=minimal'],
  });
}

/** The user's live saved place `placeId`; null when it is not theirs, deleted or missing. */
export async function ownedPlace(
  rest: RestClient,
  userId: string,
  placeId: string,
): Promise<FeedPlace | null> {
  const rows = await rest.request<
    { id: string; name: string; lat: number; lon: number; _modified: string }[]
  >(
    'GET',
    `places?id=${eq(placeId)}&user_id=${eq(userId)}&_deleted=is.false&select=id,name,lat,lon,_modified`,
  );
  const row = rows[0];
  return row
    ? {
        id: row.id,
        name: row.name,
        lat: row.lat,
        lon: row.lon,
        modified: Date.parse(row._modified),
      }
    : null;
}

interface ArchivedRecord {
  issued?: unknown;
  data?: { rows?: unknown };
}

const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** The newest archived issue of a forecast product (its record's issue time and rows). */
async function newestIssue(
  rest: RestClient,
  resource: 'kp-forecast' | 'twenty-seven-day-outlook',
): Promise<{ issued: number; rows: Record<string, unknown>[] } | null> {
  const rows = await rest.request<{ payload: ArchivedRecord }[]>(
    'GET',
    `space_weather_archive?resource=${eq(resource)}&chunk_id=like.product%2F*` +
      '&select=payload&order=data_time.desc.nullslast&limit=1',
  );
  const record = rows[0]?.payload;
  if (!record || !finite(record.issued) || !Array.isArray(record.data?.rows)) return null;
  return { issued: record.issued, rows: record.data.rows as Record<string, unknown>[] };
}

/** The newest Kp forecast and 27-day outlook the backend holds, rows checked to be numbers. */
export async function newestForecasts(
  rest: RestClient,
): Promise<Pick<FeedInputs, 'kpForecast' | 'outlook'>> {
  const [kp, outlook] = await Promise.all([
    newestIssue(rest, 'kp-forecast'),
    newestIssue(rest, 'twenty-seven-day-outlook'),
  ]);
  return {
    kpForecast: kp && {
      issued: kp.issued,
      rows: kp.rows.flatMap((r) => (finite(r.t) && finite(r.kp) ? [{ t: r.t, kp: r.kp }] : [])),
    },
    outlook: outlook && {
      issued: outlook.issued,
      rows: outlook.rows.flatMap((r) =>
        finite(r.day) && finite(r.kp) ? [{ day: r.day, kp: r.kp }] : [],
      ),
    },
  };
}
