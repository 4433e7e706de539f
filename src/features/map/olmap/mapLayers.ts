import ImageLayer from 'ol/layer/Image.js';
import VectorLayer from 'ol/layer/Vector.js';
import VectorSource from 'ol/source/Vector.js';
import { Circle as CircleStyle, Fill, Stroke, Style } from 'ol/style.js';
import { buildCloudLut } from '../cloudGrid.ts';
import { buildRampLut } from '../colorRamp.ts';
import { AuroraSource, type AuroraPaint } from './auroraSource.ts';
import { CloudSource, type CloudPaint } from './cloudSource.ts';
import { BasemapSource, type BasemapPaint } from './basemapSource.ts';
import type { MapPalette } from './palette.ts';

const LUT = buildRampLut();
const CLOUD_LUT = buildCloudLut();

/** The map's layers, bottom to top, and how a map style paints them. */
export interface Layers {
  disc: VectorLayer<VectorSource>;
  /** Land and coasts/borders, painted by basemapSource.ts (its colours come from the palette). */
  basemap: ImageLayer<BasemapSource>;
  night: VectorLayer<VectorSource>;
  clouds: ImageLayer<CloudSource>;
  aurora: ImageLayer<AuroraSource>;
  user: VectorLayer<VectorSource>;
}

/** What each raster layer paints, read at render time so new data needs only `changed()`. */
export interface LayerReads {
  basemap: () => BasemapPaint;
  aurora: () => AuroraPaint;
  clouds: () => CloudPaint;
}

/** The map's layers over fresh sources; the raster sources are returned for the map's checks. */
export function createLayers(read: LayerReads): {
  layers: Layers;
  basemapSource: BasemapSource;
  auroraSource: AuroraSource;
  cloudSource: CloudSource;
} {
  const vector = (zIndex: number) =>
    new VectorLayer({
      source: new VectorSource({ wrapX: false }),
      zIndex,
      updateWhileInteracting: false,
    });
  // The basemap changes only with the view and the style: painted into an image, it is not
  // redrawn on a slider step (basemapSource.ts says why it is not an OpenLayers vector layer).
  const basemapSource = new BasemapSource({
    attributions: 'Basemap: Natural Earth',
    read: read.basemap,
  });
  const auroraSource = new AuroraSource({
    attributions: 'Aurora: NOAA SWPC OVATION',
    read: read.aurora,
    lut: LUT,
  });
  // Clouds: the regional layer's cells, with a grey-white ramp.
  const cloudSource = new CloudSource({
    attributions: 'Cloud cover: NOAA GFS',
    read: read.clouds,
    lut: CLOUD_LUT,
  });
  const layers: Layers = {
    disc: vector(0),
    basemap: new ImageLayer({ source: basemapSource, zIndex: 1 }),
    night: vector(3),
    clouds: new ImageLayer({ source: cloudSource, zIndex: 4, visible: false }),
    aurora: new ImageLayer({ source: auroraSource, zIndex: 5 }),
    user: vector(6),
  };
  return { layers, basemapSource, auroraSource, cloudSource };
}

/** A button glyph hidden from screen readers, so the button's name is its title ("Zoom in"), not "+". */
export function glyph(text: string): HTMLElement {
  const span = document.createElement('span');
  span.textContent = text;
  span.setAttribute('aria-hidden', 'true');
  return span;
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
