import ImageLayer from 'ol/layer/Image.js';
import { buildCloudLut } from '../cloudGrid.ts';
import { buildRampLut } from '../colorRamp.ts';
import { AuroraSource, type AuroraPaint } from './auroraSource.ts';
import { CloudSource, type CloudPaint } from './cloudSource.ts';
import { BasemapSource, type BasemapPaint } from './basemapSource.ts';
import { ShapesSource } from './shapesSource.ts';
import type { MapPalette } from './palette.ts';

const LUT = buildRampLut();
const CLOUD_LUT = buildCloudLut();

/** The map's layers, bottom to top, and how a map style paints them. */
export interface Layers {
  /** The globe's disc (its ocean), the night side and terminator, the user's marker: shapesSource.ts. */
  disc: ImageLayer<ShapesSource>;
  /** Land and coasts/borders, painted by basemapSource.ts (its colours come from the palette). */
  basemap: ImageLayer<BasemapSource>;
  night: ImageLayer<ShapesSource>;
  clouds: ImageLayer<CloudSource>;
  aurora: ImageLayer<AuroraSource>;
  user: ImageLayer<ShapesSource>;
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
  // Hidden until they have shapes (shapesSource.ts `showShapes`).
  const shapes = (zIndex: number) =>
    new ImageLayer({ source: new ShapesSource(), zIndex, visible: false });
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
    disc: shapes(0),
    // Hidden until there is land to paint (useBasemapLayer.ts): an empty basemap still cleared and
    // composed a canvas the size of the map in the first frames, before the land is loaded.
    basemap: new ImageLayer({ source: basemapSource, zIndex: 1, visible: false }),
    night: shapes(3),
    clouds: new ImageLayer({ source: cloudSource, zIndex: 4, visible: false }),
    // Hidden until a grid is shown (useAuroraLayer.ts): shown empty, the map's first frame
    // cleared a canvas and built the view's sampling for it, which prepareFor does when idle.
    aurora: new ImageLayer({ source: auroraSource, zIndex: 5, visible: false }),
    user: shapes(6),
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
  layers.disc.getSource()?.setStyle({
    areaFill: palette.ocean,
    areaStroke: { colour: palette.coast, width: 1 },
  });
  // The basemap reads the palette when it paints (AuroraMap's `read`): it only needs repainting.
  layers.basemap.getSource()?.changed();
  layers.night.getSource()?.setStyle({
    areaFill: palette.night,
    line: { colour: palette.terminator, width: 1.2, dash: [5, 5] },
  });
  layers.user.getSource()?.setStyle({
    marker: { radius: 7, fill: palette.userFill, stroke: palette.userStroke, width: 2 },
  });
}
