/**
 * `npm run ingest -- <resource> <file>`: runs the poller's own normaliser on a file and prints a
 * JSON summary (resource, record count, time range and the key figures of that product). On bad
 * input it exits 1 and prints `error: <reason>` only, no stack trace.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import { RESOURCES, type Resource } from '../core/model.ts';
import { normalise } from '../core/normalise/index.ts';

function fail(reason: string): never {
  process.stderr.write(`error: ${reason}\n`);
  process.exit(1);
}

/** Far above any NOAA product (the largest, the aurora grid, is about 1 MB): a file past it is not one. */
const MAX_INPUT_BYTES = 64 * 1024 * 1024;

/** Reads at most `max` bytes: a device or pipe that never ends (/dev/zero) is refused, not read forever. */
function readLimited(file: string, max: number): string {
  const fd = openSync(file, 'r');
  try {
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(1024 * 1024);
      const n = readSync(fd, chunk, 0, chunk.length, null);
      if (n === 0) break;
      total += n;
      if (total > max)
        fail(`${file} is larger than ${max / (1024 * 1024)} MB: not a NOAA product file`);
      chunks.push(chunk.subarray(0, n));
    }
    return Buffer.concat(chunks, total).toString('utf8');
  } finally {
    closeSync(fd);
  }
}

function main(argv: string[]): void {
  const [resource, file] = argv;
  if (!resource || !file)
    fail(`usage: npm run ingest -- <resource> <file>  (resources: ${RESOURCES.join(', ')})`);
  if (!(RESOURCES as readonly string[]).includes(resource))
    fail(`unknown resource "${resource}" (one of: ${RESOURCES.join(', ')})`);
  let body: string;
  try {
    body = readLimited(file, MAX_INPUT_BYTES);
  } catch (e) {
    fail(
      `cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? (e instanceof Error ? e.message : String(e))}`,
    );
  }
  const started = performance.now();
  const result = normalise(resource as Resource, body, { now: Date.now() });
  const ms = Math.round((performance.now() - started) * 10) / 10;
  if (!result.ok) fail(result.error);
  const out = {
    resource,
    file,
    bytes: Buffer.byteLength(body),
    ...result.summary,
    dataTime: result.dataTime === null ? null : new Date(result.dataTime).toISOString(),
    schemaDrift: result.schemaDrift,
    series: result.series.map((s) => ({
      product: s.product,
      samples: s.t.length,
      source: s.source,
    })),
    grids: result.grids.length,
    products: result.products.map((p) => p.id),
    normaliseMs: ms,
  };
  process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
}

try {
  main(process.argv.slice(2));
} catch (e) {
  // normalise never throws; this is for the unexpected (out of memory, …): still no stack.
  fail(e instanceof Error ? e.message : String(e));
}
