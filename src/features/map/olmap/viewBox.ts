/**
 * The lon/lat box a map view shows, for the regional cloud layer (the worker fetches the tiles of
 * that box). Flat map: its corners. Globe: the box of the points of a 9 × 9 lattice over the view
 * that lie on the globe, widened to every longitude when the pole is in view.
 */
import { useEffect, type RefObject } from 'react';
import type OlMap from 'ol/Map.js';
import type { LonLatBox } from '../../../../core/clouds/cloudTiles.ts';
import { inverseProject, type ProjectionSpec } from '../projections.ts';

const STEPS = 8;

export function viewLonLatBox(spec: ProjectionSpec, extent: readonly number[]): LonLatBox | null {
  const [minX, minY, maxX, maxY] = extent as [number, number, number, number];
  const at: [number, number] = [0, 0];
  if (spec.kind === 'mercator') {
    if (!inverseProject(spec, minX, minY, at)) return null;
    const [w, s] = at;
    if (!inverseProject(spec, maxX, maxY, at)) return null;
    const [e, n] = at;
    // The flat map does not wrap: a view wider than the world is the world.
    const wide = maxX - minX >= 2 * Math.PI * 6_378_137;
    return {
      west: wide ? -180 : Math.max(-180, Math.min(w, e)),
      east: wide ? 180 : Math.min(180, Math.max(w, e)),
      south: Math.max(-85, s),
      north: Math.min(85, n),
    };
  }
  let west = Infinity;
  let east = -Infinity;
  let south = Infinity;
  let north = -Infinity;
  for (let i = 0; i <= STEPS; i++)
    for (let j = 0; j <= STEPS; j++) {
      const x = minX + ((maxX - minX) * i) / STEPS;
      const y = minY + ((maxY - minY) * j) / STEPS;
      if (!inverseProject(spec, x, y, at)) continue;
      west = Math.min(west, at[0]);
      east = Math.max(east, at[0]);
      south = Math.min(south, at[1]);
      north = Math.max(north, at[1]);
    }
  if (!Number.isFinite(west)) return null;
  const pole = spec.hemisphere === 'north' ? 90 : -90;
  // The pole on screen: every longitude is in view.
  if (inverseProject(spec, 0, 0, at) && minX <= 0 && maxX >= 0 && minY <= 0 && maxY >= 0)
    return spec.hemisphere === 'north'
      ? { west: -180, east: 180, south, north: pole }
      : { west: -180, east: 180, south: pole, north };
  return { west, east, south, north };
}

/** Tells `onViewBox` the box on screen now and each time the view settles (`moveend`). */
export function useViewBoxReports(
  mapRef: RefObject<{ map: OlMap } | null>,
  active: ProjectionSpec | null,
  onViewBox: ((box: LonLatBox) => void) | undefined,
): void {
  useEffect(() => {
    const current = mapRef.current;
    if (!current || !onViewBox || !active) return;
    const report = () => {
      const size = current.map.getSize();
      if (!size) return;
      const box = viewLonLatBox(active, current.map.getView().calculateExtent(size));
      if (box) onViewBox(box);
    };
    report();
    const key = current.map.on('moveend', report);
    return () => current.map.un('moveend', key.listener);
  }, [mapRef, onViewBox, active]);
}
