import { describe, expect, it } from 'vitest';
import {
  buildPixelSampling,
  buildSampling,
  paintAurora,
  paintWithSampling,
  sampleGrid,
} from '../../../../src/features/map/auroraImage.ts';
import { buildRampLut, rampColor } from '../../../../src/features/map/colorRamp.ts';
import {
  forwardProject,
  inverseProject,
  MERCATOR_RADIUS,
  ORTHO_RADIUS,
  type ProjectionSpec,
} from '../../../../src/features/map/projections.ts';
import { fixtureTriple, loadOvationFixture } from '../../../support/ovationFixture.ts';

const grid = loadOvationFixture();
const lut = buildRampLut();
const WORLD = MERCATOR_RADIUS * Math.PI;

function pixelAt(data: Uint8ClampedArray, width: number, i: number, j: number): number[] {
  return [...data.slice((j * width + i) * 4, (j * width + i) * 4 + 4)];
}

describe('grid sampling', () => {
  it('returns the fixture value exactly at a grid node, in the model layout', () => {
    // 260°E = 100°W, 58°N: 92 % in the constructed file.
    expect(fixtureTriple(260, 58)).toBe(92);
    expect(sampleGrid(grid.values, -100, 58)).toBe(92);
    expect(sampleGrid(grid.values, 74, 70)).toBe(fixtureTriple(74, 70));
  });

  it('interpolates between neighbouring cells and across the antimeridian', () => {
    const a = sampleGrid(grid.values, -100, 58);
    const b = sampleGrid(grid.values, -100, 59);
    expect(sampleGrid(grid.values, -100, 58.5)).toBeCloseTo((a + b) / 2, 6);
    const west = sampleGrid(grid.values, 179, 65);
    const east = sampleGrid(grid.values, -180, 65);
    const mid = sampleGrid(grid.values, 179.5, 65);
    expect(mid).toBeCloseTo((west + east) / 2, 6);
  });

  it('ignores the pole rows, where OVATION carries an artefact', () => {
    expect(fixtureTriple(0, -90)).toBe(7);
    expect(sampleGrid(grid.values, 0, -90)).toBe(sampleGrid(grid.values, 0, -89));
  });
});

describe('painting the aurora field', () => {
  it('paints the fixture oval over Canada and leaves the tropics transparent on the flat map', () => {
    const width = 360;
    const height = 360;
    const data = new Uint8ClampedArray(width * height * 4);
    const spec: ProjectionSpec = { kind: 'mercator' };
    const extent = [-WORLD, -WORLD, WORLD, WORLD] as const;
    paintAurora({ data, width, height }, spec, extent, grid.values, lut);
    const toPixel = (lon: number, lat: number) => {
      const [x, y] = forwardProject(spec, lon, lat)!;
      return [
        Math.floor(((x + WORLD) / (2 * WORLD)) * width),
        Math.floor(((WORLD - y) / (2 * WORLD)) * height),
      ] as const;
    };
    const [ci, cj] = toPixel(-100.5, 62.5);
    expect(pixelAt(data, width, ci, cj)[3]).toBeGreaterThan(0);
    const [ei, ej] = toPixel(0, 0);
    expect(pixelAt(data, width, ei, ej)).toEqual([0, 0, 0, 0]);
    // Between 30°S and 30°N the fixture is below the visibility threshold everywhere.
    const [, top] = toPixel(0, 30);
    const [, bottom] = toPixel(0, -30);
    for (let j = top; j <= bottom; j++) {
      for (let i = 0; i < width; i++) expect(pixelAt(data, width, i, j)[3]).toBe(0);
    }
  });

  it('colours the strongest cell with the top of the ramp', () => {
    const width = 1;
    const height = 1;
    const data = new Uint8ClampedArray(4);
    const spec: ProjectionSpec = { kind: 'mercator' };
    // 35° E 70° N: 100 % in the constructed file.
    expect(fixtureTriple(35, 70)).toBe(100);
    const [x, y] = forwardProject(spec, 35, 70)!;
    paintAurora({ data, width, height }, spec, [x - 1, y - 1, x + 1, y + 1], grid.values, lut);
    expect([...data]).toEqual(rampColor(100));
  });

  it('leaves the corners outside the globe transparent in the globe view', () => {
    const width = 200;
    const height = 200;
    const data = new Uint8ClampedArray(width * height * 4);
    const spec: ProjectionSpec = { kind: 'ortho', hemisphere: 'north', lon0: -100 };
    const r = ORTHO_RADIUS;
    paintAurora({ data, width, height }, spec, [-r, -r, r, r], grid.values, lut);
    expect(pixelAt(data, width, 0, 0)).toEqual([0, 0, 0, 0]);
    expect(pixelAt(data, width, 199, 199)).toEqual([0, 0, 0, 0]);
    // 62.5°N on the user's meridian (100°W) is straight below the pole: inside the oval.
    const [x, y] = forwardProject(spec, -100, 62.5)!;
    const i = Math.floor(((x + r) / (2 * r)) * width);
    const j = Math.floor(((r - y) / (2 * r)) * height);
    expect(pixelAt(data, width, i, j)[3]).toBeGreaterThan(0);
  });
});

describe('artefacts', () => {
  it('paints nothing for the equatorial seam of the constructed file', () => {
    expect(sampleGrid(grid.values, 10, 0)).toBe(0);
    expect(sampleGrid(grid.values, 10, -2)).toBe(0);
  });
});

describe('reusing the pixel sampling between frames', () => {
  it('paints exactly what a per-pixel grid sample coloured by the ramp gives, on the flat map and the globe', () => {
    const specs: [ProjectionSpec, readonly [number, number, number, number]][] = [
      [{ kind: 'mercator' }, [-WORLD, -WORLD, WORLD, WORLD]],
      // A regional view across the antimeridian, off the world square's edges (rows are projected
      // once per row and columns once per column on the flat map).
      [{ kind: 'mercator' }, [0.8 * WORLD, 0.2 * WORLD, 1.3 * WORLD, 1.1 * WORLD]],
      [
        { kind: 'ortho', hemisphere: 'south', lon0: 147 },
        [-ORTHO_RADIUS, -ORTHO_RADIUS, ORTHO_RADIUS, ORTHO_RADIUS],
      ],
    ];
    for (const [spec, extent] of specs) {
      const width = 90;
      const height = 60;
      const sampling = buildSampling(spec, extent, width, height);
      const data = new Uint8ClampedArray(width * height * 4);
      paintWithSampling({ data, width, height }, sampling, grid.values, lut);
      const dx = (extent[2] - extent[0]) / width;
      const dy = (extent[3] - extent[1]) / height;
      const lonLat: [number, number] = [0, 0];
      for (let j = 0; j < height; j += 3) {
        for (let i = 0; i < width; i += 3) {
          const onEarth = inverseProject(
            spec,
            extent[0] + (i + 0.5) * dx,
            extent[3] - (j + 0.5) * dy,
            lonLat,
          );
          const v = onEarth ? sampleGrid(grid.values, lonLat[0], lonLat[1]) : 0;
          const expected =
            v < 1
              ? [0, 0, 0, 0]
              : [
                  ...lut.slice(
                    Math.min(255, Math.round(v * 2.55)) * 4,
                    Math.min(255, Math.round(v * 2.55)) * 4 + 4,
                  ),
                ];
          expect(pixelAt(data, width, i, j), `${spec.kind} ${i},${j}`).toEqual(expected);
        }
      }
    }
  });
});

describe("the flat map's per-row and per-column sampling", () => {
  it('paints exactly the pixels of the per-pixel sampling, with w + h entries instead of w × h', () => {
    const spec: ProjectionSpec = { kind: 'mercator' };
    const views: (readonly [number, number, number, number])[] = [
      [-WORLD, -WORLD, WORLD, WORLD],
      // Across the antimeridian and past the world square's top.
      [0.8 * WORLD, 0.2 * WORLD, 1.3 * WORLD, 1.1 * WORLD],
      // A phone's view of the North Atlantic's auroral zone, at half resolution.
      [-0.3 * WORLD, 0.45 * WORLD, 0.1 * WORLD, 0.95 * WORLD],
    ];
    for (const extent of views) {
      const [width, height] = [195, 422];
      const separable = buildSampling(spec, extent, width, height);
      expect(separable.kind).toBe('separable');
      const perPixel = buildPixelSampling(spec, extent, width, height);
      const a = new Uint8ClampedArray(width * height * 4);
      const b = new Uint8ClampedArray(width * height * 4);
      paintWithSampling({ data: a, width, height }, separable, grid.values, lut);
      paintWithSampling({ data: b, width, height }, perPixel, grid.values, lut);
      expect(a.some((byte) => byte > 0)).toBe(true);
      expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
    }
  });
});
