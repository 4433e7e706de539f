import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import TopoJSON from 'ol/format/TopoJSON.js';
import MultiPolygon from 'ol/geom/MultiPolygon.js';
import Polygon from 'ol/geom/Polygon.js';
import {
  decodeArcs,
  objectPolygons,
  type Topology,
} from '../../../../src/features/map/olmap/topoPolygons.ts';

const file = resolve('node_modules/world-atlas/countries-110m.json');
const read = () => JSON.parse(readFileSync(file, 'utf8')) as Topology;

/** OpenLayers' own reading of the same object: what the basemap drew before. */
function olPolygons(name: string): number[][][][] {
  const features = new TopoJSON({ layers: [name] }).readFeatures(read(), {
    dataProjection: 'EPSG:4326',
    featureProjection: 'EPSG:4326',
  });
  return features.flatMap((f) => {
    const g = f.getGeometry();
    if (g instanceof Polygon) return [g.getCoordinates()];
    if (g instanceof MultiPolygon) return g.getCoordinates();
    return [];
  });
}

describe("the basemap's TopoJSON decoded into lon/lat rings", () => {
  it.each([['land'], ['countries']])(
    'gives the same %s polygons, rings and points as OpenLayers’ reader (Natural Earth 110m)',
    (name) => {
      const topo = read();
      const ours = objectPolygons(topo, name, decodeArcs(topo));
      const theirs = olPolygons(name);
      expect(ours.length).toBe(theirs.length);
      expect(ours.length).toBeGreaterThan(name === 'land' ? 100 : 200);
      for (let p = 0; p < ours.length; p += 1) {
        expect(ours[p]!.length).toBe(theirs[p]!.length);
        for (let r = 0; r < ours[p]!.length; r += 1) {
          const a = ours[p]![r]!;
          const b = theirs[p]![r]!;
          expect(a.length).toBe(b.length);
          // Closed rings, point by point.
          expect(a[0]).toEqual(a.at(-1));
          for (let i = 0; i < a.length; i += 1) {
            expect(a[i]![0]).toBeCloseTo(b[i]![0]!, 9);
            expect(a[i]![1]).toBeCloseTo(b[i]![1]!, 9);
          }
        }
      }
    },
  );

  it('reads an unquantised topology and a reversed arc', () => {
    const topo: Topology = {
      type: 'Topology',
      arcs: [
        [
          [0, 0],
          [1, 0],
          [1, 1],
        ],
        [
          [0, 0],
          [0, 1],
          [1, 1],
        ],
      ],
      objects: { square: { type: 'Polygon', arcs: [[0, ~1]] } },
    };
    expect(objectPolygons(topo, 'square', decodeArcs(topo))).toEqual([
      [
        [
          [0, 0],
          [1, 0],
          [1, 1],
          [0, 1],
          [0, 0],
        ],
      ],
    ]);
  });
});
