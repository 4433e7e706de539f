/**
 * Several space-weather requests in one exchange: `GET {base}/functions/v1/space-weather/multi?
 * <resource>=<since>.<version>&…`, answered `{format, items: [{resource, status, etag, …, compact
 * | text}]}` (supabase/functions/space-weather/multiAnswer.ts). Pure: the worker builds the URL and
 * splits the answer with it; each item then goes through the same checks as a single answer.
 *
 * `version` is the hash in the ETag the worker holds for that product (`"sw-<hash>…"`, its first
 * VERSION_DIGITS digits), standing in for If-None-Match; `since` is the compact form's `?since=`.
 */
import type { Resource } from '../model.ts';
import { BACKEND_SPACE_WEATHER_PATH } from '../products/sources.ts';

export const MULTI_FORMAT = 'aurora-multi/1';
const MULTI_PATH = `${BACKEND_SPACE_WEATHER_PATH}multi`;

export interface MultiItemHead {
  resource: Resource;
  status: number;
  etag?: string;
  lastModified?: string;
  source?: string;
  dataTime?: number | null;
  /** The compact form served (`x-aurora-form` of a single answer); absent for the agency's text. */
  form?: 'rows' | 'grid';
  contentType?: string;
  error?: string;
}

export interface MultiRequestItem {
  resource: Resource;
  since: number | null;
  version: string | null;
}

/** The hash of one of our ETags (`"sw-<hash>"`, `W/"sw-<hash>-c.<since>"`), or null for anyone else's. */
export function versionOf(etag: string | null | undefined): string | null {
  return /^(?:W\/)?"sw-([0-9a-f]{1,64})(?:-c(?:\.\d+)?)?"$/.exec(etag?.trim() ?? '')?.[1] ?? null;
}

/**
 * Hex digits of the version sent: 64 bits tell one version of a product from the next as surely as
 * the whole hash (a wrong match needs a 1-in-2^64 collision between two versions of one product),
 * and save 16 bytes a product in every poll round's URL (net.liveHourKB). The function matches a
 * version of at least this many digits by prefix (`versionHeld`).
 */
const VERSION_DIGITS = 16;

/** Whether `version` (from a multi query) names the hash of `etag`: the whole hash or its prefix. */
export function versionHeld(version: string | null, etag: string): boolean {
  const hash = versionOf(etag);
  if (version === null || hash === null) return false;
  return version === hash || (version.length >= VERSION_DIGITS && hash.startsWith(version));
}

export function multiUrl(backendBase: string, items: readonly MultiRequestItem[]): string {
  const query = items
    .map(
      (i) =>
        `${i.resource}=${i.since === null ? '' : Math.floor(i.since)}.${i.version?.slice(0, VERSION_DIGITS) ?? ''}`,
    )
    .join('&');
  return `${backendBase.replace(/\/+$/, '')}${MULTI_PATH}?${query}`;
}

export type MultiAnswerItem = MultiItemHead & { body: string | null };

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

const optional = (v: unknown, type: 'string' | 'number') =>
  v === undefined || v === null || typeof v === type;

/** A multi answer's items with each body as its own text again, or the reason it is not one. */
export function readMulti(
  text: string,
): { ok: true; items: MultiAnswerItem[] } | { ok: false; error: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, error: 'multi answer is not JSON' };
  }
  if (!isObject(parsed) || parsed.format !== MULTI_FORMAT || !Array.isArray(parsed.items))
    return { ok: false, error: `multi answer is not "${MULTI_FORMAT}"` };
  const items: MultiAnswerItem[] = [];
  for (const raw of parsed.items as unknown[]) {
    if (
      !isObject(raw) ||
      typeof raw.resource !== 'string' ||
      typeof raw.status !== 'number' ||
      !['etag', 'lastModified', 'source', 'form', 'contentType', 'error'].every((k) =>
        optional(raw[k], 'string'),
      ) ||
      !optional(raw.dataTime, 'number') ||
      (raw.text !== undefined && typeof raw.text !== 'string') ||
      (raw.compact !== undefined && !isObject(raw.compact))
    )
      return { ok: false, error: 'multi answer has a malformed item' };
    const { compact, text: itemText, ...head } = raw;
    const body =
      compact !== undefined
        ? JSON.stringify(compact)
        : typeof itemText === 'string'
          ? itemText
          : null;
    items.push({ ...(head as unknown as MultiItemHead), body });
  }
  return { ok: true, items };
}
