/**
 * The view: the projection the map shows (a new view once it is registered — the globe's on its
 * first showing), where the flat map opens, and a location known only after it
 * opened moving the map there unless the person has already moved it.
 */
import { useEffect, useRef, useState, type RefObject } from 'react';
import type { LatLon } from '../gridLookup.ts';
import {
  ORTHO_RADIUS,
  projectionSpec,
  type Hemisphere,
  type MapViewKind,
  type ProjectionSpec,
} from '../projections.ts';
import { globeDisc, polygonsOf } from './basemap.ts';
import { NO_SHAPES, showShapes } from './shapesSource.ts';
import { createView, fitAuroralZone } from './mapView.ts';
import { olProjection } from './olProjection.ts';
import type { MapHandle, MapPaint } from './useOlMap.ts';

export function useProjection(
  mapRef: RefObject<MapHandle | null>,
  paint: MapPaint,
  view: MapViewKind,
  hemisphere: Hemisphere,
  home: LatLon | null,
): { active: ProjectionSpec | null; error: string | null } {
  // Where the flat map opens, read when a view is made; `moved` turns true once the person pans or
  // zooms, after which a location arriving late no longer moves the map under them.
  const homeRef = useRef({ home, hemisphere, moved: false, fitting: false });
  homeRef.current.home = home;
  homeRef.current.hemisphere = hemisphere;
  // The projection the map currently shows (set once it is registered and the view is in place).
  const [active, setActive] = useState<ProjectionSpec | null>(null);
  const [error, setError] = useState<string | null>(null);
  const lon0 = view === '3d' ? Math.round((home?.lon ?? 0) * 10) / 10 : 0;

  // A new projection: once it is registered, a new view; the layers' effects follow `active`.
  useEffect(() => {
    let cancelled = false;
    const wanted = projectionSpec(view, hemisphere, lon0);
    olProjection(wanted).then(
      (projection) => {
        const current = mapRef.current;
        if (cancelled || !current) return;
        paint.aurora = { ...paint.aurora, spec: wanted };
        const olView = createView(wanted, projection);
        current.map.setView(olView);
        // The new view does not know the viewport's size until the next render: pass it.
        const size = current.map.getSize();
        if (wanted.kind === 'ortho') {
          const r = ORTHO_RADIUS;
          if (size) olView.fit([-r, -r, r, r], { size, padding: [12, 12, 12, 12] });
          olView.setMinZoom(Math.max(0, (olView.getZoom() ?? 1) - 0.5));
        } else if (size) {
          const h = homeRef.current;
          h.moved = false;
          h.fitting = true;
          fitAuroralZone(olView, size, h.home, h.hemisphere);
          h.fitting = false;
        }
        const noteMove = () => {
          if (!homeRef.current.fitting) homeRef.current.moved = true;
        };
        olView.on(['change:center', 'change:resolution'], noteMove);
        showShapes(current.layers.disc, { ...NO_SHAPES, areas: polygonsOf(globeDisc(wanted)) });
        current.layers.aurora.getSource()?.changed();
        current.layers.clouds.getSource()?.changed();
        setActive(wanted);
      },
      (e: unknown) => !cancelled && setError(e instanceof Error ? e.message : String(e)),
    );
    return () => {
      cancelled = true;
    };
  }, [mapRef, paint, view, hemisphere, lon0]);

  // A location known only after the flat map opened (read from storage, or just located): the map
  // moves there, unless the person has already moved it.
  const homeKey = home ? `${home.lat.toFixed(1)},${home.lon.toFixed(1)}` : '';
  useEffect(() => {
    const current = mapRef.current;
    const h = homeRef.current;
    if (!current || !active || active.kind !== 'mercator' || h.moved || !homeKey) return;
    const size = current.map.getSize();
    if (!size) return;
    h.fitting = true;
    fitAuroralZone(current.map.getView(), size, h.home, h.hemisphere);
    h.fitting = false;
  }, [mapRef, homeKey, active]);

  return { active, error };
}
