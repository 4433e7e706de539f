/**
 * Writes src/features/map/olmap/basemap-110m.json: world-atlas's Natural Earth 110m countries and
 * land TopoJSON, quantised 10× coarser and without the country names the map never shows. The
 * first oval on a phone waits for this file (net.coldStartKB): 33.0 → 23.8 KB in brotli. The
 * coarser step is 0.036° of longitude by 0.017° of latitude (≤ 2 km off), finer than the
 * 1:110 million scale's own generalisation (Natural Earth's small scale,
 * https://www.naturalearthdata.com/downloads/110m-cultural-vectors/). Run it when world-atlas
 * changes:
 *
 *   npx tsx scripts/basemap/quantizeBasemap.ts
 *
 * Shared arc ends stay shared: absolute positions are rounded, the same point to the same value.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { Topology } from '../../src/features/map/olmap/topoPolygons.ts';

/** How many of world-atlas's quantisation steps make one of ours. */
const COARSER = 10;

export const BASEMAP_PATH = fileURLToPath(
  new URL('../../src/features/map/olmap/basemap-110m.json', import.meta.url),
);

interface Geometry {
  type: string;
  arcs?: unknown;
  geometries?: Geometry[];
  properties?: unknown;
  id?: unknown;
}

function withoutProperties(g: Geometry): Geometry {
  const { properties: _p, id: _id, geometries, ...rest } = g;
  void [_p, _id];
  return geometries ? { ...rest, geometries: geometries.map(withoutProperties) } : rest;
}

/** The topology `factor` times coarser, repeated points dropped (an arc keeps at least two). */
export function quantizeTopology(topology: Topology, factor = COARSER): Topology {
  const t = topology.transform;
  if (!t) throw new Error('the topology is not quantised');
  const arcs = topology.arcs.map((arc) => {
    let x = 0;
    let y = 0;
    let px = 0;
    let py = 0;
    const out: [number, number][] = [];
    for (const [dx, dy] of arc) {
      x += dx;
      y += dy;
      const qx = Math.round(x / factor);
      const qy = Math.round(y / factor);
      if (out.length > 0 && qx === px && qy === py) continue;
      out.push([qx - px, qy - py]);
      px = qx;
      py = qy;
    }
    if (out.length === 1) out.push([0, 0]);
    return out;
  });
  const objects = Object.fromEntries(
    Object.entries(topology.objects).map(([name, g]) => [name, withoutProperties(g as Geometry)]),
  );
  return {
    type: 'Topology',
    transform: { scale: [t.scale[0] * factor, t.scale[1] * factor], translate: t.translate },
    arcs,
    objects: objects as Topology['objects'],
  };
}

/** world-atlas's file, as the package ships it. */
export function worldAtlasCountries(): Topology {
  const require = createRequire(import.meta.url);
  return JSON.parse(
    readFileSync(require.resolve('world-atlas/countries-110m.json'), 'utf8'),
  ) as Topology;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(BASEMAP_PATH, `${JSON.stringify(quantizeTopology(worldAtlasCountries()))}\n`);
  console.log(`wrote ${BASEMAP_PATH}`);
}
