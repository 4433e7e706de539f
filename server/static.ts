import { createReadStream, statSync } from 'node:fs';
import { extname, join, normalize, resolve } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isCompressible, negotiateEncoding, type Encoding } from './contentEncoding.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.map': 'application/json',
  '.wasm': 'application/wasm',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.woff': 'font/woff',
  '.xml': 'application/xml',
};

interface Variant {
  file: string;
  size: number;
}

function fileVariant(file: string): Variant | null {
  try {
    const st = statSync(file);
    return st.isFile() ? { file, size: st.size } : null;
  } catch {
    return null;
  }
}

/**
 * The file for an app path: the file itself, the route's prerendered HTML (`/forecast` →
 * `forecast.html`, made by scripts/vite/prerenderShell.ts), or for any other path the generic
 * shell (`shell.html`, or `index.html` in a build without prerendering) for the router.
 */
function resolveFile(root: string, path: string): string | 'missing-asset' {
  const file = join(root, path);
  if (file.startsWith(root) && fileVariant(file)) return file;
  // A missing hashed asset is a stale client asking for an old build: answering with the
  // HTML shell would be parsed as JavaScript (or cached as the asset). Say 404 instead.
  if (path.startsWith('/assets/')) return 'missing-asset';
  const trimmed = path.replace(/\/+$/, '');
  if (trimmed && file.startsWith(root)) {
    const route = join(root, `${trimmed}.html`);
    if (route.startsWith(root) && fileVariant(route)) return route;
  }
  if (trimmed === '') return join(root, 'index.html');
  const shell = join(root, 'shell.html');
  return fileVariant(shell) ? shell : join(root, 'index.html');
}

/**
 * Serves a built app: hashed assets are immutable, the HTML, the service worker and the manifest
 * are always revalidated (so updates are seen), and unknown paths get the router's shell. Text
 * files go out as the build's precompressed `.br` / `.gz` siblings when the client accepts them
 * (scripts/vite/precompress.ts), with `Vary: Accept-Encoding`; an unchanged file answers 304.
 */
export function createStaticHandler(distDir: string) {
  const root = resolve(distDir);
  return (req: IncomingMessage, res: ServerResponse): void => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    let path = normalize(decodeURIComponent(url.pathname));
    if (path.includes('\0')) path = '/';
    const file = resolveFile(root, path);
    if (file === 'missing-asset') {
      res.writeHead(404, {
        'Content-Type': 'text/plain; charset=utf-8',
        'Cache-Control': 'no-store',
      });
      res.end('Not found');
      return;
    }
    const ext = extname(file);
    const type = TYPES[ext] ?? 'application/octet-stream';
    const immutable = file.startsWith(`${join(root, 'assets')}/`);
    const identity = fileVariant(file)!;
    const compressible = isCompressible(type);
    const variants: Partial<Record<Encoding, Variant>> = { identity };
    if (compressible) {
      const br = fileVariant(`${file}.br`);
      const gz = fileVariant(`${file}.gz`);
      if (br) variants.br = br;
      if (gz) variants.gzip = gz;
    }
    const encoding = negotiateEncoding(
      req.headers['accept-encoding'],
      Object.keys(variants) as Encoding[],
    );
    const chosen = variants[encoding] ?? identity;
    const mtime = statSync(file).mtimeMs;
    // One validator per representation: the encoded bytes differ from the file's.
    const etag = `W/"${identity.size.toString(16)}-${Math.floor(mtime).toString(16)}${encoding === 'identity' ? '' : `-${encoding}`}"`;
    const headers: Record<string, string> = {
      'Content-Type': type,
      'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      ETag: etag,
    };
    if (compressible) headers.Vary = 'Accept-Encoding';
    const inm = req.headers['if-none-match'];
    if (inm && etagListMatches(inm, etag)) {
      res.writeHead(304, headers);
      res.end();
      return;
    }
    if (encoding !== 'identity') headers['Content-Encoding'] = encoding;
    headers['Content-Length'] = String(chosen.size);
    res.writeHead(200, headers);
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    createReadStream(chosen.file).pipe(res);
  };
}

/** If-None-Match, weak comparison (RFC 9110 §13.1.2). */
function etagListMatches(ifNoneMatch: string, etag: string): boolean {
  if (ifNoneMatch.trim() === '*') return true;
  const opaque = (t: string) => t.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((c) => opaque(c) === opaque(etag));
}
