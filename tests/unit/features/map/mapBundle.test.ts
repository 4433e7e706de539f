/**
 * What the map's chunk carries. It loads with `/` (bundle.initialGzipKB): the map draws its
 * shapes — the night side and the terminator, the globe's disc, the user's marker — on canvases
 * of its own like the basemap (src/features/map/olmap/paintedSource.ts), so none of OpenLayers'
 * vector rendering (layer, source, renderer, instruction builders and executors, styles, style
 * expressions, the spatial index) is in it. Built like the app (Vite, production) with sourcemaps.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildTestPage } from '../../../support/buildTestPage.ts';

const HERE = fileURLToPath(new URL('../../../support/mapHarness/', import.meta.url));
const ROOT = join(HERE, '../../../');
const OUT = join(ROOT, `.tmp/map-bundle-${process.pid}`);
let sources: string[] = [];

beforeAll(async () => {
  await buildTestPage(HERE, OUT, { sourcemap: true });
  const assets = join(OUT, 'assets');
  const chunk = readdirSync(assets).find((f) => /^AuroraMap-.*\.js$/.test(f));
  if (!chunk) throw new Error('no AuroraMap-*.js in the build');
  sources = (
    JSON.parse(readFileSync(join(assets, `${chunk}.map`), 'utf8')) as { sources: string[] }
  ).sources;
}, 180_000);

afterAll(() => rmSync(OUT, { recursive: true, force: true }));

describe('the map’s chunk', () => {
  it('draws with OpenLayers’ map, view and image layers', () => {
    for (const part of ['ol/Map.js', 'ol/layer/Image.js', 'olmap/paintedSource.ts'])
      expect(
        sources.some((s) => s.includes(part)),
        part,
      ).toBe(true);
  });

  it('carries none of OpenLayers’ vector rendering: the shapes are painted on canvases', () => {
    // (OpenLayers' map renderer itself still imports the vector layers' base class, with its
    // style parsing: that part comes with any map.)
    const vector = [
      'ol/layer/Vector.js',
      'ol/source/Vector.js',
      'ol/renderer/canvas/VectorLayer.js',
      'ol/render/canvas/Executor.js',
      'ol/render/canvas/BuilderGroup.js',
      'ol/render/canvas/TextBuilder.js',
      'ol/render/canvas/PolygonBuilder.js',
      'ol/Feature.js',
    ];
    expect(sources.filter((s) => vector.some((v) => s.includes(v)))).toEqual([]);
  });
});
