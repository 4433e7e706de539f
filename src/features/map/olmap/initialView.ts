/**
 * Where the flat map opens: over the auroral zone, not over the equator. Pure decisions (no
 * OpenLayers), so they are unit-tested: tests/unit/features/map/olmap/initialView.test.ts.
 *
 * The auroral zone lies near 65–70° magnetic latitude, which is about 55–75° geographic over
 * North America and Europe (the magnetic pole sits towards Canada). The box below spans 40–78°,
 * so its Mercator middle is ~65°, with the land south of the oval (where people watch from) in view.
 */
import type { LatLon } from '../gridLookup.ts';
import type { Hemisphere } from '../projections.ts';

export interface LonLatBox {
  west: number;
  south: number;
  east: number;
  north: number;
}

/** Latitude band (degrees from the equator) the flat map opens on. */
const AURORAL_BAND = { equatorward: 40, poleward: 78 } as const;
/** Longitudes the map opens across: a continent and the ocean beside it. */
export const AURORAL_SPAN_LON = 160;
/**
 * Without a location: the North Atlantic (North America and Europe, where most viewers are), and
 * for the south Tasmania / New Zealand's longitudes.
 */
const DEFAULT_ZONE_LON: Record<Hemisphere, number> = { north: -40, south: 150 };

/**
 * The lon/lat box the flat map fits when it opens. With a location: centred on its longitude, in
 * its own hemisphere's auroral zone. Without: the default longitude of `hemisphere`. The box never
 * crosses the antimeridian (the basemap is one world wide and does not wrap): it is slid back
 * inside −180…180, keeping the location in it.
 */
export function auroraZoneBox(home: LatLon | null, hemisphere: Hemisphere): LonLatBox {
  const valid = home !== null && Number.isFinite(home.lat) && Number.isFinite(home.lon);
  const side: Hemisphere = valid ? (home.lat < 0 ? 'south' : 'north') : hemisphere;
  const lon = valid ? ((((home.lon + 180) % 360) + 360) % 360) - 180 : DEFAULT_ZONE_LON[side];
  const half = AURORAL_SPAN_LON / 2;
  const centre = Math.min(180 - half, Math.max(-180 + half, lon));
  const { equatorward, poleward } = AURORAL_BAND;
  return side === 'north'
    ? { west: centre - half, east: centre + half, south: equatorward, north: poleward }
    : { west: centre - half, east: centre + half, south: -poleward, north: -equatorward };
}

/**
 * A view centre (one axis, map units) moved so a view `half` wide on each side stays inside a
 * world ±`worldHalf`: no empty space beyond the edge of the map where there is map to show.
 * A view wider than the world is centred on it.
 */
export function keepInsideWorld(centre: number, half: number, worldHalf: number): number {
  if (half >= worldHalf) return 0;
  return Math.min(worldHalf - half, Math.max(-worldHalf + half, centre));
}
