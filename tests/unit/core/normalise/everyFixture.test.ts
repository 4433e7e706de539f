import { describe, expect, it } from 'vitest';
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { normalise } from '../../../../core/normalise/index.ts';
import type { Resource } from '../../../../core/model.ts';
import { NOW } from '../../../support/fixtureFiles.ts';
import {
  recorded,
  skipWithoutRecordings,
  recordedNoaaDir,
} from '../../../support/recordedFixtures.ts';

/** The recordings live in ../shared (not committed): without them these checks skip, saying so. */
const SKIP = skipWithoutRecordings();

/** Which resource reads which upstream file name (the fixture keeps the product's own name). */
const BY_FILE_NAME: Record<string, Resource> = {
  'noaa-planetary-k-index.json': 'kp-index',
  'ovation_aurora_latest.json': 'aurora-oval',
  'aurora-nowcast-hemi-power.txt': 'aurora-nowcast-hemi-power',
  'plasma-7-day.json': 'solar-wind',
  'mag-7-day.json': 'magnetic-field',
  'rtsw_mag_1m.json': 'magnetic-field',
  '3-day-forecast.txt': 'three-day-forecast',
  '3-day-geomag-forecast.txt': 'three-day-geomag-forecast',
  'observed-solar-cycle-indices.json': 'observed-solar-cycle',
  'predicted-solar-cycle.json': 'predicted-solar-cycle',
  'planetary_k_index_1m.json': 'kp-1m',
  'noaa-planetary-k-index-forecast.json': 'kp-forecast',
  '27-day-outlook.txt': 'twenty-seven-day-outlook',
  'alerts.json': 'alerts',
};

function walk(root: string, dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(root, path) : [relative(root, path)];
  });
}

const NOAA_DIR = recordedNoaaDir();
const files = NOAA_DIR ? walk(NOAA_DIR, NOAA_DIR).filter((p) => !p.endsWith('.md')) : [];
const good = files.filter((p) => !p.startsWith('bad/'));
const bad = files.filter((p) => p.startsWith('bad/'));

describe.skipIf(SKIP)('every recorded NOAA file in ../shared', { timeout: 60_000 }, () => {
  it('has a resource that reads it (a new fixture cannot go untested)', () => {
    for (const f of files) expect(BY_FILE_NAME[f.split('/').pop() as string], f).toBeDefined();
    expect(good.length).toBeGreaterThanOrEqual(22);
    expect(bad).toHaveLength(3);
  });

  it.each(good)('accepts the real file %s, with data time and no drift', (path) => {
    const resource = BY_FILE_NAME[path.split('/').pop() as string] as Resource;
    const result = normalise(resource, recorded(path), { now: NOW });
    if (!result.ok) throw new Error(result.error);
    expect(result.series.length + result.grids.length + result.products.length).toBeGreaterThan(0);
    expect(result.schemaDrift).toBe(false);
    if (resource !== 'predicted-solar-cycle') expect(result.dataTime).toBeLessThan(NOW);
    expect(result.summary.records).toBeGreaterThan(0);
  });

  it.each(bad)('rejects the broken file %s with a reason naming the product', (path) => {
    const resource = BY_FILE_NAME[path.split('/').pop() as string] as Resource;
    const result = normalise(resource, recorded(path), { now: NOW });
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.error).toMatch(
        new RegExp(`^${resource}: (no data|no valid data|malformed triple)`),
      );
  });

  it.each(good)(
    'rejects %s when an HTML error page, a BOM-prefixed truncation or an empty body replaces it',
    (path) => {
      const resource = BY_FILE_NAME[path.split('/').pop() as string] as Resource;
      const body = recorded(path);
      expect(
        normalise(
          resource,
          '<html><head><title>502 Bad Gateway</title></head><body>nginx</body></html>',
          { now: NOW },
        ),
      ).toEqual({
        ok: false,
        error: `${resource}: received an HTML page instead of data ("502 Bad Gateway")`,
      });
      expect(normalise(resource, '', { now: NOW })).toEqual({
        ok: false,
        error: `${resource}: empty body (0 bytes)`,
      });
      if (path.endsWith('.json')) {
        const truncated = normalise(
          resource,
          `\uFEFF${body.slice(0, Math.floor(body.length / 2))}`,
          { now: NOW },
        );
        expect(truncated).toMatchObject({
          ok: false,
          error: expect.stringMatching(new RegExp(`^${resource}: truncated JSON`)),
        });
      }
    },
  );

  // The 0.9 MB OVATION files are left out here only for time: the BOM path is shared by all.
  it.each(good.filter((p) => !p.includes('ovation')))(
    'reads %s the same with a byte-order mark in front',
    (path) => {
      const resource = BY_FILE_NAME[path.split('/').pop() as string] as Resource;
      const plain = normalise(resource, recorded(path), { now: NOW });
      const bom = normalise(resource, `\uFEFF${recorded(path)}`, { now: NOW });
      if (plain.ok && bom.ok) {
        // Raw text keeps its own bytes; everything parsed must be identical.
        expect(bom.series).toEqual(plain.series);
        expect(bom.products.map((p) => p.data)).toEqual(plain.products.map((p) => p.data));
      } else expect(bom).toEqual(plain);
    },
  );
});
