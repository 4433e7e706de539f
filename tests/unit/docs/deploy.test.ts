import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sourceFor } from '../../../core/products/sources.ts';
import {
  SPACE_WEATHER_RESOURCE_NAMES,
  resourceSpec,
} from '../../../supabase/functions/space-weather/resources.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const FUNCTIONS = join(ROOT, 'supabase/functions');
const doc = readFileSync(join(ROOT, 'docs/deploy.md'), 'utf8');

function* sources(dir: string): Generator<string> {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) yield* sources(path);
    else if (entry.endsWith('.ts')) yield readFileSync(path, 'utf8');
  }
}

/** Every environment variable a function reads: `getEnv('X')` (both runtimes) or `Deno.env.get('X')`. */
function settingsReadByFunctions(): string[] {
  const names = new Set<string>();
  for (const text of sources(FUNCTIONS))
    for (const m of text.matchAll(/(?:getEnv|Deno!?\.env\.get)\(\s*'([A-Z0-9_]+)'\s*\)/g))
      names.add(m[1]!);
  return [...names].sort();
}

/** The names in the first column of the settings table. */
function documentedSettings(): string[] {
  const table = doc.slice(doc.indexOf('### Every setting the functions read'));
  return [...table.matchAll(/^\| `([A-Z0-9_]+)` \|/gm)].map((m) => m[1]!);
}

describe('docs/deploy.md', () => {
  it('names every setting any function reads, in its settings table', () => {
    const read = settingsReadByFunctions();
    expect(read.length).toBeGreaterThan(10);
    expect(read.filter((name) => !documentedSettings().includes(name))).toEqual([]);
  });

  it('walks through every command of a deploy', () => {
    for (const command of [
      'supabase link --project-ref',
      'supabase config push',
      'supabase db push',
      "vault.create_secret('https://<ref>.supabase.co', 'project_url')",
      "vault.create_secret('<service_role key>', 'service_role_key')",
      'supabase secrets set',
      'supabase functions deploy',
      'VITE_SUPABASE_URL=https://<ref>.supabase.co',
      'npm run build',
      'npx netlify deploy',
      'npx wrangler pages deploy dist',
      'select jobname, schedule, command from cron.job',
    ])
      expect(doc, command).toContain(command);
  });

  it('says how to check every function after the deploy', () => {
    const check = doc.slice(doc.indexOf('## 9. Check that it worked'));
    for (const name of readdirSync(FUNCTIONS)) {
      if (name === '_shared' || !statSync(join(FUNCTIONS, name)).isDirectory()) continue;
      // siwe-nonce is the same route as siwe-verify/nonce.
      const route = name === 'siwe-nonce' ? 'siwe-verify/nonce' : name;
      expect(check, name).toContain(`$P/${route}`);
    }
  });

  it('gives each CDN path the cadence the function keeps it for', () => {
    for (const resource of SPACE_WEATHER_RESOURCE_NAMES)
      expect(doc, resource).toContain(
        `| \`space-weather/${resource}\` | ${resourceSpec(resource).cadenceMs / 1000} |`,
      );
    const shortest = Math.min(
      ...SPACE_WEATHER_RESOURCE_NAMES.map((r) => resourceSpec(r).cadenceMs),
    );
    expect(doc).toContain(`| \`space-weather/multi\` | ${shortest / 1000} |`);
    expect(doc).toContain(
      `| \`sdo-image/<channel>\`, \`sdo-image/list\` | ${sourceFor('sdo-images').cadenceMs / 1000} |`,
    );
  });

  it('is linked from the README', () => {
    expect(readFileSync(join(ROOT, 'README.md'), 'utf8')).toContain('(docs/deploy.md)');
  });
});
