/**
 * `GET /space-weather/multi?<resource>=<since>.<version>&…`: one poll round in one exchange.
 * A worker polls three products every minute and up to a dozen at once; over HTTP/1.1 each
 * exchange costs ~1.2 KB of headers, more than the rows it brings (net.liveHourKB). So the
 * worker's requests to us that leave together (core/compact/multiForm.ts) go as one, and come
 * back as one JSON answer with one item per product: its status (200, 304, or 503 with the
 * reason), validators, and the body in the form it would have had alone — the compact form where
 * the product has one, else the agency's text.
 *
 * Per item, `since` (optional) is what `?since=` is to the compact form, and `version` (optional)
 * is the hash in the ETag the worker holds (`"sw-<version>…"`): it stands for If-None-Match, so
 * the request carries no conditional headers — a simple cross-origin GET, never preflighted.
 */
import { MULTI_FORMAT, versionHeld, type MultiItemHead } from '../../../core/compact/multiForm.ts';
import { compactKind } from '../../../core/compact/compactForm.ts';
import { compactRepresentation } from './compactAnswer.ts';
import { cacheControl } from '../_shared/conditional.ts';
import { isSpaceWeatherResource, resourceSpec, type SpaceWeatherResource } from './resources.ts';
import type { CachedBody, SpaceWeatherService } from './service.ts';

const MAX_ITEMS = 20;

/** An item as built here: the compact form and the raw text already JSON (spliced, not re-encoded). */
type MultiItem = MultiItemHead & { compact?: string; text?: string };

interface Wanted {
  resource: SpaceWeatherResource;
  since: number | null;
  version: string | null;
}

/** The items of a multi query, or the reason it cannot be answered (400). */
export function readMultiQuery(url: string): Wanted[] | { error: string } {
  const q = url.indexOf('?');
  const params = new URLSearchParams(q === -1 ? '' : url.slice(q + 1).split('#')[0]);
  const wanted: Wanted[] = [];
  for (const [name, value] of params) {
    if (!isSpaceWeatherResource(name)) return { error: `Unknown resource "${name}"` };
    const m = /^(\d{0,15})\.([0-9a-f]{0,64})$/.exec(value);
    if (!m)
      return { error: `${name} must be "<since epoch ms or nothing>.<version hex or nothing>"` };
    if (wanted.some((w) => w.resource === name)) return { error: `${name} is asked twice` };
    wanted.push({
      resource: name,
      since: m[1] && compactKind(name) !== null ? Number(m[1]) : null,
      version: m[2] || null,
    });
  }
  if (wanted.length === 0) return { error: 'Ask for at least one resource' };
  if (wanted.length > MAX_ITEMS) return { error: `At most ${MAX_ITEMS} resources at once` };
  return wanted;
}

/** A raw body as a JSON string, made once per cached body. */
const rawText = new WeakMap<CachedBody, string>();

function itemFor(
  w: Wanted,
  served: Awaited<ReturnType<SpaceWeatherService['get']>>,
  why: string,
): MultiItem {
  if (!served) return { resource: w.resource, status: 503, error: why };
  const { entry, source } = served;
  const common = {
    resource: w.resource,
    lastModified: new Date(entry.lastModified).toUTCString(),
    source,
    dataTime: entry.dataTime,
  };
  const rep = compactKind(w.resource) ? compactRepresentation(entry, w.since) : null;
  // Every compact representation of a version shares its hash (compactAnswer.ts), so the version
  // held matching the entry's hash is the If-None-Match of that family.
  const held = versionHeld(w.version, entry.etag);
  if (rep) {
    if (held) return { ...common, status: 304, etag: rep.etag };
    return { ...common, status: 200, etag: rep.etag, form: rep.form, compact: rep.text };
  }
  if (held) return { ...common, status: 304, etag: entry.etag };
  let text = rawText.get(entry);
  if (text === undefined) rawText.set(entry, (text = JSON.stringify(entry.body)));
  return { ...common, status: 200, etag: entry.etag, contentType: entry.contentType, text };
}

/** FNV-1a over the items' validators: equal answers get equal ETags, so the gateway compresses each once. */
function answerTag(items: readonly MultiItem[]): string {
  let h = 0x811c9dc5;
  const s = items.map((i) => `${i.resource} ${i.status} ${i.etag ?? i.error ?? ''}`).join('|');
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0;
  return `"swm-${h.toString(16)}-${s.length}"`;
}

/** The multi answer's body and headers (status 200 whatever each item's status). */
export async function multiAnswer(
  wanted: readonly Wanted[],
  service: SpaceWeatherService,
  baseHeaders: Readonly<Record<string, string>>,
): Promise<{ body: string; headers: Record<string, string> }> {
  let freshForMs = Infinity;
  let cadenceMs = Infinity;
  const items = await Promise.all(
    wanted.map(async (w) => {
      const served = service.cached(w.resource) ?? (await service.get(w.resource));
      if (served) freshForMs = Math.min(freshForMs, served.freshForMs);
      cadenceMs = Math.min(cadenceMs, resourceSpec(w.resource).cadenceMs);
      const why = served
        ? ''
        : `${w.resource} is unavailable: upstream cannot be reached (${service.stats()[w.resource].lastError ?? 'no data yet'}) and no recorded copy exists`;
      return itemFor(w, served, why);
    }),
  );
  // Items are JSON already (the compact forms and the quoted raw texts): spliced, not re-encoded.
  const parts = items.map((item) => {
    const { compact, text, ...rest } = item;
    const head = JSON.stringify(rest);
    if (compact !== undefined) return `${head.slice(0, -1)},"compact":${compact}}`;
    if (text !== undefined) return `${head.slice(0, -1)},"text":${text}}`;
    return head;
  });
  return {
    body: `{"format":"${MULTI_FORMAT}","items":[${parts.join(',')}]}`,
    headers: {
      ...baseHeaders,
      'content-type': 'application/json',
      etag: answerTag(items),
      'cache-control': cacheControl(
        Number.isFinite(freshForMs) ? freshForMs : 0,
        Number.isFinite(cadenceMs) ? cadenceMs : 60_000,
      ),
    },
  };
}
