import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
// The code the backend (maybe Deno), the worker and the ingest command all run.
const SHARED = ['core/normalise', 'workers/request'].flatMap((dir) =>
  readdirSync(join(ROOT, dir))
    .filter((f) => f.endsWith('.ts'))
    .map((f) => `${dir}/${f}`),
);
SHARED.push(
  'core/products/sources.ts',
  'workers/schedule.ts',
  'workers/feedStatus.ts',
  'core/model.ts',
);

describe('the shared poller code', () => {
  it.each(SHARED)('%s imports only relative .ts files, no Node, DOM or package APIs', (file) => {
    const text = readFileSync(join(ROOT, file), 'utf8');
    const imports = [...text.matchAll(/^(?:import|export)\s[^;]*?from\s+'([^']+)'/gms)].map(
      (m) => m[1] as string,
    );
    for (const spec of imports) expect(spec, `${file} imports ${spec}`).toMatch(/^\.\.?\/.*\.ts$/);
    expect(text).not.toMatch(/\b(?:process\.|Buffer\b|require\(|document\.|localStorage)/);
  });
});
