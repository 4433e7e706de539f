import type ImageLayer from 'ol/layer/Image.js';
import type VectorLayer from 'ol/layer/Vector.js';
import type VectorSource from 'ol/source/Vector.js';
import { Circle as CircleStyle, Fill, Stroke, Style } from 'ol/style.js';
import type { AuroraSource } from './auroraSource.ts';
import type { BasemapSource } from './basemapSource.ts';
import type { MapPalette } from './palette.ts';

/** The map's layers, bottom to top, and how a map style paints them. */
export interface Layers {
  disc: VectorLayer<VectorSource>;
  /** Land and coasts/borders, painted by basemapSource.ts (its colours come from the palette). */
  basemap: ImageLayer<BasemapSource>;
  night: VectorLayer<VectorSource>;
  clouds: ImageLayer<AuroraSource>;
  aurora: ImageLayer<AuroraSource>;
  user: VectorLayer<VectorSource>;
}

export function styleLayers(layers: Layers, palette: MapPalette): void {
  layers.disc.setStyle(
    new Style({
      fill: new Fill({ color: palette.ocean }),
      stroke: new Stroke({ color: palette.coast, width: 1 }),
    }),
  );
  // The basemap reads the palette when it paints (AuroraMap's `read`): it only needs repainting.
  layers.basemap.getSource()?.changed();
  const nightFill = new Style({ fill: new Fill({ color: palette.night }) });
  const terminator = new Style({
    stroke: new Stroke({ color: palette.terminator, width: 1.2, lineDash: [5, 5] }),
  });
  layers.night.setStyle((feature) =>
    feature.getGeometry()?.getType().endsWith('LineString') ? terminator : nightFill,
  );
  layers.user.setStyle(
    new Style({
      image: new CircleStyle({
        radius: 7,
        fill: new Fill({ color: palette.userFill }),
        stroke: new Stroke({ color: palette.userStroke, width: 2 }),
      }),
    }),
  );
}
