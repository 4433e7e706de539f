/**
 * `npm run knip` (part of `npm run check`) runs the knip the lock file pins, on the project's real
 * entry points: a file that only other files import is not an entry, so an export nothing imports
 * is reported even in server/ and scripts/.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const json = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;

describe('the unused-code check', () => {
  it('runs the knip pinned in package.json and the lock file, on Node 20', () => {
    const pkg = json('package.json') as {
      scripts: Record<string, string>;
      devDependencies: Record<string, string>;
    };
    const lock = json('package-lock.json') as {
      packages: Record<string, { version?: string; engines?: { node?: string } }>;
    };
    expect(pkg.scripts.knip).toMatch(/^knip\b/);
    expect(pkg.scripts.knip).not.toContain('npx');
    expect(pkg.devDependencies.knip).toMatch(/^\d+\.\d+\.\d+$/);
    expect(lock.packages['node_modules/knip']?.version).toBe(pkg.devDependencies.knip);
    expect(lock.packages['node_modules/knip']?.engines?.node).toMatch(/\^20\.19/);
  });

  it('takes as entries only what is started or loaded by path, never every server or script file', () => {
    const { entry } = json('knip.json') as { entry: string[] };
    expect(entry.filter((e) => e.startsWith('server/'))).toEqual([]);
    expect(entry.filter((e) => e.startsWith('scripts/') && e.includes('**'))).toEqual([]);
    // The gateway loads every function's handler by path (server/functions.ts).
    expect(entry).toContain('supabase/functions/*/handler.ts');
  });
});
