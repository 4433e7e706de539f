/**
 * The compact representations of a cached body (core/compact/compactForm.ts): the OVATION grid
 * as bytes, a series as the rows newer than `?since=`. Each is encoded once per product version
 * and `since`, and the very same bytes are handed out every time, so the gateway compresses each
 * once too (it keeps compressed forms per body).
 *
 * Validators: every compact representation of one version shares the ETag family
 * `"sw-<hash>-c"` (`…-c.<since>` for a slice). A worker holding any member of the current
 * version's family has every row there is, whatever `since` it asks with now — so it gets a 304,
 * and an unchanged product costs no body however its `since` moved.
 *
 * The grid's `since` is the observation time of the frame the asker holds: when this function
 * still has that frame (the last few it served), the new one goes as the difference from it
 * (core/compact/gridDiff.ts).
 */
import {
  COMPACT_FORM_HEADER,
  compactKind,
  encodeCompact,
} from '../../../core/compact/compactForm.ts';
import { unmodifiedSince } from '../_shared/conditional.ts';
import type { GridSnapshot } from '../../../core/model.ts';
import type { CachedBody } from './service.ts';

export interface CompactRepresentation {
  /** The JSON text (spliced as is into multi answers) and its bytes (served alone). */
  text: string;
  bytes: Uint8Array<ArrayBuffer>;
  etag: string;
  /** The member tag every representation of this version starts with, quotes excluded. */
  family: string;
  form: 'rows' | 'grid';
}

/** Per cached body, its representations by `since` ('' = whole). Slices are few: every client that
 * is up to date asks with the same data time. Bounded all the same. */
const byEntry = new WeakMap<CachedBody, Map<string, CompactRepresentation>>();
const MAX_SLICES = 16;

/** The frames served lately, by observation time: the bases a worker may hold. */
const recentFrames = new Map<number, GridSnapshot>();
/** Frames kept: 20 minutes of 5-minute frames, as far as a worker that missed a poll or two lags. */
const RECENT_FRAMES = 4;

function remember(grid: GridSnapshot): void {
  if (recentFrames.has(grid.observationTime)) return;
  recentFrames.set(grid.observationTime, grid);
  if (recentFrames.size > RECENT_FRAMES) recentFrames.delete(recentFrames.keys().next().value!);
}

/** The compact representation of a body, or null when it has none (a body that never validated). */
export function compactRepresentation(
  entry: CachedBody,
  since: number | null,
): CompactRepresentation | null {
  const content = entry.content;
  const form = content && compactKind(content.resource);
  if (!content || !form) return null;
  let slices = byEntry.get(entry);
  if (!slices) byEntry.set(entry, (slices = new Map()));
  const grid = form === 'grid' ? content.grids[0] : undefined;
  if (grid) remember(grid);
  // A grid asked `since` a frame no longer kept (or the very same frame) is the whole frame.
  const base =
    grid && since !== null && since < grid.observationTime
      ? (recentFrames.get(since) ?? null)
      : null;
  const key = since === null || (grid && !base) ? '' : String(since);
  let rep = slices.get(key);
  if (!rep) {
    const family = `${entry.etag.replace(/^W\//, '').replace(/"/g, '')}-c`;
    const text = encodeCompact(content, key === '' ? null : since, undefined, base);
    rep = {
      text,
      bytes: new TextEncoder().encode(text),
      etag: `"${family}${key === '' ? '' : `.${key}`}"`,
      family,
      form,
    };
    if (slices.size >= MAX_SLICES) slices.delete(slices.keys().next().value!);
    slices.set(key, rep);
  }
  return rep;
}

/**
 * 304 for a compact request: If-None-Match (wins) names any member of the current family, or
 * If-Modified-Since is not older than the version.
 */
export function compactNotModified(
  headers: { ifNoneMatch: string | null; ifModifiedSince: string | null },
  rep: CompactRepresentation,
  lastModified: number,
  now: number,
): boolean {
  if (headers.ifNoneMatch !== null) {
    if (headers.ifNoneMatch.trim() === '*') return true;
    return headers.ifNoneMatch.split(',').some((candidate) => {
      const tag = candidate.trim().replace(/^W\//, '').replace(/"/g, '');
      return tag === rep.family || tag.startsWith(`${rep.family}.`);
    });
  }
  if (headers.ifModifiedSince !== null)
    return unmodifiedSince(headers.ifModifiedSince, lastModified, now);
  return false;
}

export { COMPACT_FORM_HEADER };
