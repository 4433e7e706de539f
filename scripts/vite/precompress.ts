/**
 * Vite plugin: writes a brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) sibling of every
 * text file of the build, once, so the gateway (server/static.ts) sends a phone the compressed
 * bytes without compressing per request. Runs after every other plugin's output (the service
 * worker included). The siblings are not precached: the service worker's glob has no .br/.gz.
 */
import type { Plugin } from 'vite';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(m?js|css|html|json|webmanifest|svg|txt|md|xml|wasm|geojson)$/;
/** Smaller files gain less than a response header costs. */
const MIN_BYTES = 1024;

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(p);
    else yield p;
  }
}

export function precompressDir(dir: string): { files: number; bytes: number; brBytes: number } {
  let count = 0;
  let bytes = 0;
  let brBytes = 0;
  for (const file of files(dir)) {
    if (!COMPRESSIBLE.test(file) || statSync(file).size < MIN_BYTES) continue;
    const raw = readFileSync(file);
    const br = brotliCompressSync(raw, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length },
    });
    const gz = gzipSync(raw, { level: 9 });
    // A sibling that is not smaller would only cost the client a header.
    if (br.length < raw.length) writeFileSync(`${file}.br`, br);
    if (gz.length < raw.length) writeFileSync(`${file}.gz`, gz);
    count += 1;
    bytes += raw.length;
    brBytes += Math.min(br.length, raw.length);
  }
  return { files: count, bytes, brBytes };
}

export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'aurora:precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = config.build.outDir.startsWith('/')
        ? config.build.outDir
        : join(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        const r = precompressDir(outDir);
        this.info?.(
          `precompressed ${r.files} files: ${(r.bytes / 1024).toFixed(0)} KB → ${(r.brBytes / 1024).toFixed(0)} KB brotli`,
        );
      },
    },
  };
}
