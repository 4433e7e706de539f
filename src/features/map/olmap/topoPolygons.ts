/**
 * The basemap's TopoJSON (world-atlas, Natural Earth 110m) decoded straight into lon/lat polygon
 * rings — all the basemap source paints. OpenLayers' TopoJSON reader built a Feature with
 * properties and flat-coordinate geometries for every country in one go, a long task on a phone;
 * this is a few milliseconds and loads no reader into the map's chunk. Pure: tested against
 * OpenLayers' reader on the real file (tests/unit/map/topoPolygons.test.ts).
 */
import type { Ring } from '../hemisphereClip.ts';

interface Transform {
  scale: [number, number];
  translate: [number, number];
}

type ArcIndexes = number[];
interface TopoGeometry {
  type: string;
  arcs?: ArcIndexes[] | ArcIndexes[][];
  geometries?: TopoGeometry[];
}

export interface Topology {
  type: 'Topology';
  transform?: Transform;
  arcs: [number, number][][];
  objects: Record<string, TopoGeometry>;
}

/** Every arc in lon/lat: delta-decoded and scaled when the topology is quantised. */
export function decodeArcs(topology: Topology): Ring[] {
  const t = topology.transform;
  return topology.arcs.map((arc) => {
    if (!t) return arc.map(([x, y]) => [x, y] as [number, number]);
    let x = 0;
    let y = 0;
    return arc.map(([dx, dy]) => {
      x += dx;
      y += dy;
      return [x * t.scale[0] + t.translate[0], y * t.scale[1] + t.translate[1]] as [number, number];
    });
  });
}

/** A ring from arc indexes (a negative index ~i is arc i reversed); shared end points kept once. */
function ringOf(indexes: ArcIndexes, arcs: readonly Ring[]): Ring {
  const ring: Ring = [];
  for (const index of indexes) {
    const arc = index >= 0 ? arcs[index]! : [...arcs[~index]!].reverse();
    if (ring.length > 0) ring.pop();
    for (const point of arc) ring.push(point);
  }
  return ring;
}

/** The polygons (each a list of rings, outer first) of one object, in lon/lat. */
export function objectPolygons(topology: Topology, name: string, arcs: readonly Ring[]): Ring[][] {
  const out: Ring[][] = [];
  const visit = (geometry: TopoGeometry) => {
    if (geometry.type === 'GeometryCollection') {
      for (const g of geometry.geometries ?? []) visit(g);
    } else if (geometry.type === 'Polygon') {
      out.push((geometry.arcs as ArcIndexes[]).map((r) => ringOf(r, arcs)));
    } else if (geometry.type === 'MultiPolygon') {
      for (const polygon of geometry.arcs as ArcIndexes[][])
        out.push(polygon.map((r) => ringOf(r, arcs)));
    }
  };
  const object = topology.objects[name];
  if (object) visit(object);
  return out;
}
