import { describe, expect, it } from 'vitest';
import { encodeCloudLayer, decodeCloudLayer } from '../../../../core/clouds/cloudBytes.ts';
import {
  levelForView,
  NO_CLOUD_VALUE,
  tileGeometry,
  tilesForView,
} from '../../../../core/clouds/cloudTiles.ts';
import type { StoredCloudTile } from '../../../../core/clouds/storedTile.ts';
import {
  cloudHours,
  composeCloudCells,
  nearestHour,
} from '../../../../src/features/map/cloudCells.ts';
import { buildCellSampling, paintCells } from '../../../../src/features/map/cloudImage.ts';
import { buildCloudLut } from '../../../../src/features/map/cloudGrid.ts';
import { forwardProject, type ProjectionSpec } from '../../../../src/features/map/projections.ts';

const H = 3_600_000;
const T0 = Date.parse('2027-01-15T12:00:00Z');
const HOURS = [T0, T0 + H, T0 + 2 * H];

/** A stored tile whose cell (r, c) at hour h holds (r + c + 10 h) % 101. */
function tile(key: string, hours = HOURS): StoredCloudTile {
  const g = tileGeometry(key)!;
  const n = g.rows * g.cols;
  const values = new Uint8Array(hours.length * n);
  hours.forEach((_, h) => {
    for (let r = 0; r < g.rows; r++)
      for (let c = 0; c < g.cols; c++) values[h * n + r * g.cols + c] = (r + c + 10 * h) % 101;
  });
  return {
    key,
    run: T0 - 6 * H,
    source: 'upstream',
    hours,
    layers: { total: encodeCloudLayer(values, n) },
    complete: true,
    freshUntil: T0 + 6 * H,
    attribution: 'NOAA GFS',
  };
}

describe('the regional cloud layer’s tiles and cells', () => {
  it('draws a regional view in 0.5° cells and a continent in coarser ones, never more than its cell budget', () => {
    const tromso = { west: 9, south: 66, east: 29, north: 73 };
    expect(levelForView(tromso)).toBe(0);
    expect(tilesForView(tromso, 0)).toEqual(expect.arrayContaining(['0/15_18', '0/16_20']));
    // The flat map's opening view over the auroral zone: 160° × 38°.
    expect(levelForView({ west: -100, south: 40, east: 60, north: 78 })).toBe(2);
    expect(tileGeometry('0/15_18')).toMatchObject({ south: 60, west: 0, rows: 20, cols: 20 });
    // The top row of 40° tiles stops at the pole.
    expect(tileGeometry('2/4_0')).toMatchObject({ south: 70, rows: 10, cols: 20 });
  });

  it('round-trips a layer through its hour-to-hour form and refuses bytes that are not percentages', () => {
    const values = Uint8Array.from([0, 100, 255, 40, 100, 0, 255, 41]);
    expect([...decodeCloudLayer(encodeCloudLayer(values, 4), 2, 4)!]).toEqual([...values]);
    expect(decodeCloudLayer(encodeCloudLayer(values, 4), 3, 4)).toBeNull();
    expect(decodeCloudLayer(encodeCloudLayer(Uint8Array.from([101, 0]), 2), 1, 2)).toBeNull();
  });

  it('puts the view’s tiles side by side at the stored hour nearest the time shown', () => {
    const keys = ['0/15_18', '0/15_19'];
    const tiles = new Map(keys.map((k) => [k, tile(k)]));
    const cells = composeCloudCells(tiles, keys, 'total', T0 + H + 20 * 60_000)!;
    expect(cells).toMatchObject({
      south: 60,
      west: 0,
      cellDeg: 0.5,
      rows: 20,
      cols: 40,
      time: T0 + H,
    });
    // Tile 0/15_19 (west 10°) cell (r 3, c 5) is column 25 of the lattice: (3 + 5 + 10) % 101.
    expect(cells.values[3 * 40 + 25]).toBe(18);
    expect(cells.values[3 * 40 + 5]).toBe(18);
    expect(cells.tilesDrawn).toBe(1);
    expect(cloudHours(tiles)).toEqual(HOURS);
  });

  it('leaves a tile not stored empty, and draws nothing for a time no stored hour reaches', () => {
    const keys = ['0/15_18', '0/15_19'];
    const tiles = new Map([['0/15_18', tile('0/15_18')]]);
    const cells = composeCloudCells(tiles, keys, 'total', T0)!;
    expect(cells.values[3 * 40 + 25]).toBe(NO_CLOUD_VALUE);
    expect(cells.tilesDrawn).toBe(0.5);
    expect(composeCloudCells(tiles, keys, 'total', T0 - 3 * H)).toBeNull();
    expect(composeCloudCells(tiles, keys, 'low', T0)).toBeNull();
    expect(nearestHour(HOURS, T0 + 2 * H + 91 * 60_000)).toBe(-1);
  });

  it('paints each pixel with its cell’s colour and reports the share of the view inside cells with a value', () => {
    const spec: ProjectionSpec = { kind: 'mercator' };
    const [x0, y0] = forwardProject(spec, 0, 60)!;
    const [x1, y1] = forwardProject(spec, 20, 70)!;
    const keys = ['0/15_18', '0/15_19'];
    const cells = composeCloudCells(new Map([['0/15_18', tile('0/15_18')]]), keys, 'total', T0)!;
    const width = 40;
    const height = 20;
    const target = { data: new Uint8ClampedArray(width * height * 4), width, height };
    const sampling = buildCellSampling(spec, [x0!, y0!, x1!, y1!], width, height, cells);
    const covered = paintCells(target, sampling, cells.values, buildCloudLut());
    // The western half of the view is stored, the eastern is not.
    expect(covered).toBeCloseTo(0.5, 1);
    const alpha = (i: number, j: number) => target.data[(j * width + i) * 4 + 3]!;
    // The north-west corner: high cloud (row 19 + col 0 = 19 %… and more further in) is drawn.
    expect(alpha(19, 0)).toBeGreaterThan(0);
    expect(alpha(30, 10)).toBe(0);
  });

  it('leaves thin cloud transparent and grows whiter and more opaque with more cloud', () => {
    const lut = buildCloudLut();
    const alpha = (p: number) => lut[Math.round(p * 2.55) * 4 + 3]!;
    expect(alpha(5)).toBe(0);
    expect(alpha(50)).toBeGreaterThan(0);
    expect(alpha(100)).toBeGreaterThan(alpha(50));
    expect(lut[255 * 4]).toBeGreaterThan(lut[Math.round(50 * 2.55) * 4]!);
  });
});
