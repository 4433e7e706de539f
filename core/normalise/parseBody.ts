/**
 * The first gate for every upstream body: BOM, empty, HTML error pages and truncated JSON get a
 * reason a person can read ("truncated JSON after 1,024 bytes"), never a raw SyntaxError.
 */

export type BodyResult<T> = { ok: true; value: T } | { ok: false; reason: string };

/** Removes a leading byte-order mark (some proxies and editors add one). */
export function stripBom(body: string): string {
  return body.charCodeAt(0) === 0xfeff ? body.slice(1) : body;
}

function bytes(n: number): string {
  return `${n.toLocaleString('en-US')} byte${n === 1 ? '' : 's'}`;
}

/** Recognises an HTML page (a proxy or CDN error page served with status 200). */
function htmlReason(text: string): string | null {
  const head = text.slice(0, 512).trimStart().toLowerCase();
  if (!(
    head.startsWith('<!doctype html') ||
    head.startsWith('<html') ||
    head.startsWith('<head') ||
    head.startsWith('<body') ||
    (head.startsWith('<') && /<(title|h1|p|div)[\s>]/.test(head))
  )) {
    return null;
  }
  const title = /<title[^>]*>([^<]{1,120})<\/title>/i.exec(text.slice(0, 4096))?.[1]?.trim();
  return title
    ? `received an HTML page instead of data ("${title}")`
    : 'received an HTML page instead of data';
}

/** Checks emptiness and HTML for text products too. Returns the usable text. */
export function checkText(body: string): BodyResult<string> {
  if (typeof body !== 'string') return { ok: false, reason: 'body is not text' };
  const text = stripBom(body);
  if (text.trim() === '') return { ok: false, reason: `empty body (${bytes(text.length)})` };
  const html = htmlReason(text);
  if (html) return { ok: false, reason: html };
  return { ok: true, value: text };
}

/** Parses JSON with readable reasons for the ways upstream JSON goes wrong. */
export function parseJsonBody(body: string): BodyResult<unknown> {
  const text = checkText(body);
  if (!text.ok) return text;
  const trimmed = text.value.trim();
  try {
    return { ok: true, value: JSON.parse(trimmed) as unknown };
  } catch (e) {
    const repaired = withoutBareNaN(trimmed);
    if (repaired !== null) return { ok: true, value: repaired };
    const first = trimmed[0];
    const last = trimmed[trimmed.length - 1];
    const closes = (first === '[' && last === ']') || (first === '{' && last === '}');
    if ((first === '[' || first === '{') && !closes) {
      return {
        ok: false,
        reason: `truncated JSON (the body stops after ${bytes(trimmed.length)})`,
      };
    }
    const message = e instanceof Error ? e.message : String(e);
    return { ok: false, reason: `invalid JSON (${message.slice(0, 160)})` };
  }
}

/**
 * SWPC's rtsw files have been seen with bare `NaN` for a dropped sample (a third party's notes,
 * 2026-08: 8 in 3,590 rows; tests/fixtures/swpc/FORMATS.md). That is not JSON, and one such value
 * would lose the whole file; read as a missing value (null) it costs one sample. Only tried after
 * the normal parse failed, and only for NaN in a value position.
 */
function withoutBareNaN(text: string): unknown {
  if (!text.includes('NaN')) return null;
  try {
    return JSON.parse(text.replace(/([:,[]\s*)-?NaN(?=\s*[,\]}])/g, '$1null')) as unknown;
  } catch {
    return null;
  }
}

export function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
