import ImageLayer from 'ol/layer/Image.js';
import { buildCloudLut } from '../cloudGrid.ts';
import { buildRampLut } from '../colorRamp.ts';
import { AuroraSource, type AuroraPaint } from './auroraSource.ts';
import { CloudSource, type CloudPaint } from './cloudSource.ts';
import { BasemapSource, type BasemapPaint } from './basemapSource.ts';

const LUT = buildRampLut();
const CLOUD_LUT = buildCloudLut();

/**
 * The map's image layers, bottom to top: all the first oval needs. The vector layers (the globe's
 * disc at z 0, the night side at z 3, the user's place at z 6) come after it (overlayLayers.ts).
 */
export interface Layers {
  /** Land and coasts/borders, painted by basemapSource.ts (its colours come from the palette). */
  basemap: ImageLayer<BasemapSource>;
  clouds: ImageLayer<CloudSource>;
  aurora: ImageLayer<AuroraSource>;
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
    basemap: new ImageLayer({ source: basemapSource, zIndex: 1 }),
    clouds: new ImageLayer({ source: cloudSource, zIndex: 4, visible: false }),
    aurora: new ImageLayer({ source: auroraSource, zIndex: 5 }),
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
