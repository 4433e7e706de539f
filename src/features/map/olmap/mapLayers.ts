import type ImageLayer from 'ol/layer/Image.js';
import type VectorLayer from 'ol/layer/Vector.js';
import type VectorImageLayer from 'ol/layer/VectorImage.js';
import type VectorSource from 'ol/source/Vector.js';
import { Circle as CircleStyle, Fill, Stroke, Style } from 'ol/style.js';
import type { AuroraSource } from './auroraSource.ts';
import type { MapPalette } from './palette.ts';

/** The map's layers, bottom to top, and how a map style paints them. */
export interface Layers {
  disc: VectorLayer<VectorSource>;
  land: VectorImageLayer<VectorSource>;
  borders: VectorImageLayer<VectorSource>;
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
  // Coasts and borders both come from the country outlines: the land polygons carry the cut along
  // the antimeridian (to the pole, for Antarctica) which a stroke would show as a line.
  layers.land.setStyle(new Style({ fill: new Fill({ color: palette.land }) }));
  layers.borders.setStyle(new Style({ stroke: new Stroke({ color: palette.coast, width: 0.7 }) }));
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
