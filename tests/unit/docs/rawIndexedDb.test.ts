/**
 * The service worker's database code stays on `idb` (eslint.config.js `RAW_INDEXEDDB`): probe files
 * linted under its folders, one with the raw-IndexedDB wiring it used to hand-write, one as it is
 * written now.
 */
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: process.cwd() });
});

async function broken(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((m) => m.ruleId ?? `fatal: ${m.message}`);
}

const RAW = `export function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open('aurora-tracking-db', 10);
    req.onupgradeneeded = () => req.result.createObjectStore('aurora-updates');
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}
`;

const ON_IDB = `import type { AuroraTrackingDb } from '../../sync/trackingDb/openAuroraTrackingDb.ts';
export async function read(db: AuroraTrackingDb): Promise<boolean> {
  const tx = db.transaction('aurora-updates', 'readwrite');
  const seen = (await tx.store.get('forced-offline')) === true;
  await tx.done;
  return seen;
}
`;

describe('the service worker’s IndexedDB code', { timeout: 120_000 }, () => {
  it('refuses raw IndexedDB requests and event handlers in src/sw/ and sync/trackingDb/', async () => {
    for (const path of ['src/sw/probe.ts', 'src/sw/alerts/probe.ts', 'sync/trackingDb/probe.ts'])
      expect(await broken(path, RAW), path).toEqual([
        'no-restricted-syntax',
        'no-restricted-syntax',
        'no-restricted-syntax',
        'no-restricted-syntax',
      ]);
  });

  it('accepts the same database reached through idb', async () => {
    expect(await broken('src/sw/probe.ts', ON_IDB)).toEqual([]);
  });
});
