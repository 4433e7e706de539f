import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeStormTimeline } from '../../fixtures/constructed/stormNight.ts';
import { briefPushes, STORM_NIGHT_PUSHES } from '../../support/stormNightRun.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

function replay(file: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', join(ROOT, 'scripts/alertsReplay.ts'), file],
      { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

let dir: string;
let timeline: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'storm-night-'));
  timeline = writeStormTimeline(dir);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A timeline beside the storm's files, with one thing changed. */
function variant(
  name: string,
  change: (doc: { subscribers: unknown[]; steps: Record<string, unknown>[] }) => void,
): string {
  const doc = JSON.parse(readFileSync(timeline, 'utf8')) as Parameters<typeof change>[0];
  change(doc);
  const file = join(dir, name);
  writeFileSync(file, JSON.stringify(doc));
  return file;
}

describe('npm run -s alerts:replay', { timeout: 120_000 }, () => {
  it('prints one JSON line per push of the storm night, the same the engine decides in memory', async () => {
    const { code, stdout, stderr } = await replay(timeline);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const lines = stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, string>);
    expect(Object.keys(lines[0]!)).toEqual(['subscriber', 'at', 'type', 'event', 'title', 'body']);
    expect(briefPushes(lines as never)).toEqual(STORM_NIGHT_PUSHES);
  });

  it('exits 1 with only "error: <reason>" on an unknown resource', async () => {
    const file = variant('unknown.json', (d) => {
      (d.steps[0]!['files'] as Record<string, string>)['solar-flux'] = 'x.json';
    });
    expect(await replay(file)).toEqual({
      code: 1,
      stdout: '',
      stderr:
        'error: step 1: unknown resource "solar-flux" (one of: aurora-oval, kp-1m, kp-forecast)\n',
    });
  });

  it('exits 1 on a file it cannot read, naming it', async () => {
    const file = variant('missing.json', (d) => {
      (d.steps[2]!['files'] as Record<string, string>)['aurora-oval'] = 'nowhere.json';
    });
    const out = await replay(file);
    expect(out.code).toBe(1);
    expect(out.stdout).toBe('');
    expect(out.stderr).toBe(`error: cannot read ${join(dir, 'nowhere.json')}: ENOENT\n`);
  });

  it('exits 1 on a file that is not the agency’s format', async () => {
    writeFileSync(
      join(dir, 'truncated.json'),
      '{"Observation Time": "2026-12-08T12:00:00Z", "coordi',
    );
    const file = variant('truncated-step.json', (d) => {
      (d.steps[0]!['files'] as Record<string, string>)['aurora-oval'] = 'truncated.json';
    });
    const out = await replay(file);
    expect(out.code).toBe(1);
    expect(out.stderr).toMatch(/^error: aurora-oval: .+\(.+truncated\.json\)\n$/);
  });

  it('exits 1 on a bad place', async () => {
    const file = variant('bad-place.json', (d) => {
      (d.subscribers[1] as { place: { lat: number } }).place.lat = 123;
    });
    expect(await replay(file)).toEqual({
      code: 1,
      stdout: '',
      stderr:
        'error: subscriber 2: place needs a latitude within ±90° and a longitude within ±180°\n',
    });
  });
});
