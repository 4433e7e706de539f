/**
 * The basemap the app loads (src/features/map/olmap/basemap-110m.json) is world-atlas's Natural
 * Earth 110m file quantised by scripts/basemap/quantizeBasemap.ts: the committed file is exactly
 * what the script makes from the installed package, every polygon keeps its rings, and every
 * point stays within half a coarser step of the original.
 */
import { readFileSync } from 'node:fs';
import { brotliCompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  BASEMAP_PATH,
  quantizeTopology,
  worldAtlasCountries,
} from '../../../../scripts/basemap/quantizeBasemap.ts';
import {
  decodeArcs,
  objectPolygons,
  type Topology,
} from '../../../../src/features/map/olmap/topoPolygons.ts';

const committed = () => JSON.parse(readFileSync(BASEMAP_PATH, 'utf8')) as Topology;

describe('the quantised basemap', () => {
  it('is what the script makes from world-atlas (run it again when the package changes)', () => {
    expect(committed()).toEqual(quantizeTopology(worldAtlasCountries()));
  });

  it.each([['land'], ['countries']])(
    'keeps every %s polygon and ring, each point within half a step of Natural Earth’s',
    (name) => {
      const original = worldAtlasCountries();
      const ours = committed();
      const a = objectPolygons(original, name, decodeArcs(original));
      const b = objectPolygons(ours, name, decodeArcs(ours));
      expect(b.map((p) => p.length)).toEqual(a.map((p) => p.length));
      const [sx, sy] = ours.transform!.scale;
      // Each ring's points, matched to the nearest original of the same ring: none is further off.
      for (let p = 0; p < a.length; p += 1)
        for (let r = 0; r < a[p]!.length; r += 1) {
          const from = a[p]![r]!;
          for (const [x, y] of b[p]![r]!) {
            const near = Math.min(
              ...from.map(([ox, oy]) => Math.max(Math.abs(ox - x) / sx, Math.abs(oy - y) / sy)),
            );
            expect(near).toBeLessThanOrEqual(0.5 + 1e-6);
          }
        }
    },
  );

  it('weighs at most three quarters of world-atlas’s file in brotli, and names no country', () => {
    const size = (t: Topology) => brotliCompressSync(JSON.stringify(t)).length;
    expect(size(committed())).toBeLessThan(0.75 * size(worldAtlasCountries()));
    expect(JSON.stringify(committed())).not.toContain('"name"');
  });
});
