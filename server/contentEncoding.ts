import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

/** The encodings the gateway sends, best first (brotli is ~15–20 % smaller than gzip on our JS). */
export type Encoding = 'br' | 'gzip' | 'identity';

const PREFERENCE: readonly Encoding[] = ['br', 'gzip', 'identity'];

/**
 * Picks the response encoding from an Accept-Encoding header (RFC 9110 §12.5.3): the best of
 * `available` (plus identity) that the client accepts with q > 0, br > gzip > identity on ties of
 * preference order. `*` covers every coding not named; identity is the fallback when none is.
 */
export function negotiateEncoding(
  acceptEncoding: string | null | undefined,
  available: readonly Encoding[],
): Encoding {
  if (!acceptEncoding) return 'identity';
  const q = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    let weight = 1;
    for (const p of params) {
      const m = /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(p);
      if (m) weight = Number(m[1]);
    }
    q.set(name === 'x-gzip' ? 'gzip' : name, Number.isFinite(weight) ? weight : 0);
  }
  // Identity is the fallback, not a rival: a listed coding with any q > 0 beats it.
  const weightOf = (e: Encoding): number => q.get(e) ?? q.get('*') ?? 0;
  let best: Encoding = 'identity';
  let bestQ = 0;
  for (const e of PREFERENCE) {
    if (e === 'identity' || !available.includes(e)) continue;
    const w = weightOf(e);
    if (w > bestQ) {
      best = e;
      bestQ = w;
    }
  }
  // Identity refused and nothing else acceptable: still send identity (a 406 helps nobody here).
  return best;
}

/** Types worth compressing: text, JSON, SVG, wasm. Images and fonts are compressed already. */
export function isCompressible(contentType: string): boolean {
  return /^(text\/|application\/(json|javascript|manifest\+json|xml|wasm|geo\+json)|image\/svg\+xml)/.test(
    contentType,
  );
}

/** Smaller bodies gain too little to pay for the header and the work. */
export const MIN_COMPRESS_BYTES = 1024;

/** Compresses a dynamic answer (run once per body, not per request): a middle brotli quality, fast enough for a product update. */
export function compressBody(body: Uint8Array): { br: Uint8Array; gzip: Uint8Array } {
  return {
    br: brotliCompressSync(body, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: 6, [zlib.BROTLI_PARAM_SIZE_HINT]: body.byteLength },
    }),
    gzip: gzipSync(body, { level: 6 }),
  };
}

/** A strong validator names one representation: an encoded one must not share it (RFC 9110 §8.8.3). */
export function weakEtag(etag: string | undefined): string | undefined {
  if (!etag) return etag;
  return etag.startsWith('W/') ? etag : `W/${etag}`;
}
