import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { constructed } from '../../support/constructedSwpc.ts';
import { QUIET, ovationBody } from '../../fixtures/swpc/ovation.ts';

/** Constructed SWPC files (tests/fixtures/swpc) written where the script reads files from. */
let DIR = '';
beforeAll(() => {
  DIR = mkdtempSync(join(tmpdir(), 'aurora-ingest-'));
  writeFileSync(join(DIR, 'ovation_aurora_latest.json'), ovationBody(QUIET));
  writeFileSync(join(DIR, 'rtsw_mag_1m.json'), constructed('rtsw_mag_1m.json'));
  writeFileSync(join(DIR, '27-day-outlook.txt'), constructed('27-day-outlook.txt'));
  // The 7-day layout with every value of 30 minutes missing (a broken file, made here).
  const header = ['time_tag', 'bx_gsm', 'by_gsm', 'bz_gsm', 'lon_gsm', 'lat_gsm', 'bt'];
  const rows = Array.from({ length: 30 }, (_, i) => [
    `2026-04-11 14:${String(i + 10).padStart(2, '0')}:00.000`,
    ...Array<null>(6).fill(null),
  ]);
  writeFileSync(join(DIR, 'mag-7-day.json'), JSON.stringify([header, ...rows]));
});
afterAll(() => rmSync(DIR, { recursive: true, force: true }));

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

function ingest(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', join(ROOT, 'scripts/ingest.ts'), ...args],
      { cwd: ROOT },
      (error, stdout, stderr) => {
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
      },
    );
  });
}

describe('npm run ingest', { timeout: 60_000 }, () => {
  it('prints the key figures of an OVATION file as JSON', async () => {
    const { code, stdout, stderr } = await ingest(
      'aurora-oval',
      join(DIR, 'ovation_aurora_latest.json'),
    );
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const out = JSON.parse(stdout) as Record<string, unknown>;
    expect(out).toMatchObject({
      resource: 'aurora-oval',
      records: 65_160,
      maxAurora: 24,
      forecastTime: '2025-01-12T22:51:00.000Z',
      observationTime: '2025-01-12T21:42:00.000Z',
      grids: 1,
      schemaDrift: false,
    });
  });

  it('names the spacecraft of the latest Bz for the rtsw file', async () => {
    const { code, stdout } = await ingest('magnetic-field', join(DIR, 'rtsw_mag_1m.json'));
    expect(code).toBe(0);
    // Newest first: the first active (ACE) record is the latest Bz.
    const newest = (
      JSON.parse(constructed('rtsw_mag_1m.json')) as { active: boolean; bz_gsm: number }[]
    ).find((r) => r.active)!;
    expect(JSON.parse(stdout)).toMatchObject({
      latestBz: newest.bz_gsm,
      spacecraft: 'ACE',
      from: '2024-04-23T23:38:00.000Z',
      to: '2024-04-24T23:35:00.000Z',
    });
  });

  it('exits 1 with only "error: <reason>" on a bad file', async () => {
    const { code, stdout, stderr } = await ingest('magnetic-field', join(DIR, 'mag-7-day.json'));
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toBe(
      'error: magnetic-field: no valid data (all 30 rows have every value missing)\n',
    );
  });

  it('exits 1 with a usage line for an unknown resource or a missing file', async () => {
    const unknown = await ingest('sunspots', join(DIR, '27-day-outlook.txt'));
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/^error: unknown resource "sunspots" \(one of: kp-index, /);
    const missing = await ingest('kp-index', join(DIR, 'nope.json'));
    expect(missing.stderr).toMatch(/^error: cannot read .*nope\.json: ENOENT\n$/);
  });
});
