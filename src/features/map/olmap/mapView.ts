import View from 'ol/View.js';
import type Projection from 'ol/proj/Projection.js';
import type { LatLon } from '../gridLookup.ts';
import {
  forwardProject,
  MERCATOR_RADIUS,
  ORTHO_RADIUS,
  type Hemisphere,
  type ProjectionSpec,
} from '../projections.ts';
import { auroraZoneBox, keepInsideWorld } from './initialView.ts';

/** The map's view for a projection: the whole world on a flat map, the whole disc on the globe. */
export function createView(spec: ProjectionSpec, projection: Projection): View {
  if (spec.kind === 'mercator') {
    // showFullExtent: on a tall phone screen the whole width of the world fits, with space above and below.
    return new View({
      projection,
      center: [0, 0],
      zoom: 2,
      minZoom: 0,
      maxZoom: 8,
      showFullExtent: true,
    });
  }
  const r = ORTHO_RADIUS;
  return new View({
    projection,
    center: [0, 0],
    zoom: 1,
    minZoom: 0,
    maxZoom: 8,
    extent: [-r, -r, r, r],
    constrainOnlyCenter: true,
    showFullExtent: true,
  });
}

const WORLD_HALF = MERCATOR_RADIUS * Math.PI;

/** The flat view over the auroral zone (initialView.ts decides where), never past the map's edges. */
export function fitAuroralZone(
  view: View,
  size: number[],
  home: LatLon | null,
  hemisphere: Hemisphere,
): void {
  const mercator: ProjectionSpec = { kind: 'mercator' };
  const box = auroraZoneBox(home, hemisphere);
  const sw = forwardProject(mercator, box.west, box.south)!;
  const ne = forwardProject(mercator, box.east, box.north)!;
  view.fit([sw[0], sw[1], ne[0], ne[1]], { size, nearest: false });
  const [x0, y0, x1, y1] = view.calculateExtent(size);
  const [cx, cy] = view.getCenter() ?? [0, 0];
  view.setCenter([
    keepInsideWorld(cx!, (x1! - x0!) / 2, WORLD_HALF),
    keepInsideWorld(cy!, (y1! - y0!) / 2, WORLD_HALF),
  ]);
}
