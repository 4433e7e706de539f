import { describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { NOAA_DIR } from '../../support/fixtureFiles.ts';

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
  it('prints the key figures of a real OVATION file as JSON', async () => {
    const { code, stdout, stderr } = await ingest(
      'aurora-oval',
      join(NOAA_DIR, '2025-01-12/ovation_aurora_latest.json'),
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
    const { code, stdout } = await ingest('magnetic-field', join(NOAA_DIR, 'rtsw_mag_1m.json'));
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({
      latestBz: 1.83,
      spacecraft: 'ACE',
      from: '2024-04-23T23:38:00.000Z',
      to: '2024-04-24T23:35:00.000Z',
    });
  });

  it('exits 1 with only "error: <reason>" on a bad file', async () => {
    const { code, stdout, stderr } = await ingest(
      'magnetic-field',
      join(NOAA_DIR, 'bad/05-all-null-rows/mag-7-day.json'),
    );
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toBe(
      'error: magnetic-field: no valid data (all 30 rows have every value missing)\n',
    );
  });

  it('exits 1 with a usage line for an unknown resource or a missing file', async () => {
    const unknown = await ingest('sunspots', join(NOAA_DIR, '27-day-outlook.txt'));
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/^error: unknown resource "sunspots" \(one of: kp-index, /);
    const missing = await ingest('kp-index', join(NOAA_DIR, 'nope.json'));
    expect(missing.stderr).toMatch(/^error: cannot read .*nope\.json: ENOENT\n$/);
  });
});
