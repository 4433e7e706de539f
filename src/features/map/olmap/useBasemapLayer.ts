/**
 * The land (fill, coasts and borders): loaded, parsed and projected only once the first oval is
 * on screen, or at once when there is no oval to wait for; projected again for each new view.
 */
import { useEffect, useState, type RefObject } from 'react';
import { afterNextFrame } from '../../../app/afterFirstOval.ts';
import { markOnce } from '../perfMarks.ts';
import type { ProjectionSpec } from '../projections.ts';
import { loadBasemap, projectBasemapPolygons, type Basemap } from './basemap.ts';
import type { MapHandle, MapPaint } from './useOlMap.ts';

export function useBasemapLayer(
  mapRef: RefObject<MapHandle | null>,
  paint: MapPaint,
  active: ProjectionSpec | null,
  /** No oval to wait for: the aurora layer is off, or no grid is stored or coming. */
  noOvalComing: boolean,
): { error: string | null } {
  const [basemap, setBasemap] = useState<Basemap | null>(null);
  // The oval first: the basemap (parse, project, draw ~180 polygons) starts once the first oval is
  // on screen (the frame after it was drawn: its parse is a long task that would hold that frame
  // back, src/app/afterFirstOval.ts), or at once when there is no oval to wait for.
  const [wanted, setWanted] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let asked = false;
    paint.ovalDrawn = () => {
      if (asked) return;
      asked = true;
      afterNextFrame(() => setWanted(true));
    };
  }, [paint]);

  useEffect(() => {
    if (noOvalComing) setWanted(true);
  }, [noOvalComing]);

  useEffect(() => {
    if (!wanted) return;
    let cancelled = false;
    loadBasemap().then(
      (b) => {
        markOnce('map:basemap-parsed');
        if (!cancelled) setBasemap(b);
      },
      (e: unknown) => !cancelled && setError(e instanceof Error ? e.message : String(e)),
    );
    return () => {
      cancelled = true;
    };
  }, [wanted]);

  useEffect(() => {
    if (!mapRef.current || !basemap || !active) return;
    let cancelled = false;
    const isCancelled = () => cancelled;
    // Coasts and borders both come from the country outlines: the land polygons carry the cut along
    // the antimeridian (to the pole, for Antarctica) which a stroke would show as a line.
    // Projected in slices (no long task). The previous view's rings mean nothing in this one.
    paint.basemap = { ...paint.basemap, land: [], outlines: [] };
    mapRef.current.layers.basemap.setVisible(false);
    void (async () => {
      const land = await projectBasemapPolygons(basemap.land, active, isCancelled);
      const outlines =
        land && (await projectBasemapPolygons(basemap.countries, active, isCancelled));
      if (cancelled || !land || !outlines) return;
      // Painted in a task of its own, not in the frame that composes it (basemapSource.ts).
      await new Promise((resolve) => setTimeout(resolve, 0));
      const current = mapRef.current;
      if (cancelled || !current) return;
      paint.basemap = { ...paint.basemap, land, outlines };
      if (paint.lastFrame) current.basemapSource.paintAhead(paint.lastFrame);
      current.basemapSource.changed();
      current.layers.basemap.setVisible(true);
    })();
    return () => {
      cancelled = true;
    };
  }, [mapRef, paint, basemap, active]);

  return { error };
}
