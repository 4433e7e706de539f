import { describe, expect, it } from 'vitest';
import {
  auroraAtPlace,
  auroraElevationDeg,
  auroraSeriesAtPlace,
  placeView,
  VISIBLE_RANGE_KM,
} from '../../../../core/tonight/auroraAtPlace.ts';
import { gridIndex } from '../../../../core/grid/grid.ts';
import { loadOvationFixture } from '../../../support/ovationFixture.ts';
import { EDINBURGH, HOBART, QUITO, TROMSO } from '../../../support/tonightPlaces.ts';

const frame = loadOvationFixture();
const at = (p: { lat: number; lon: number }) =>
  auroraAtPlace(frame.values, placeView(p.lat, p.lon));

describe('aurora at a place, on the constructed OVATION frame of 2024-03-03 15:07 UTC', () => {
  it('reads the grid in the stored layout: row 0 = +90°, column 0 = −180°', () => {
    expect(gridIndex(90, -180)).toBe(0);
    expect(gridIndex(-90, 179)).toBe(360 * 181 - 1);
    expect(gridIndex(70, 180)).toBe(gridIndex(70, -180));
    // The file's own triple for 19° E 70° N, found by its longitude/latitude, not by our index.
    expect(frame.values[gridIndex(70, 19)]).toBe(89);
  });

  it('puts Tromsø under the oval', () => {
    expect(at(TROMSO)).toMatchObject({
      overheadPercent: 89,
      edgeDistanceKm: 0,
      onHorizon: true,
      lookToward: 'north',
    });
  });

  it('looks south from Hobart, to the oval on its southern horizon', () => {
    const hobart = at(HOBART);
    expect(hobart).toMatchObject({
      overheadPercent: 5,
      visiblePercent: 37,
      compass: 'S',
      lookToward: 'south',
      onHorizon: true,
    });
    expect(hobart.bearingDeg).toBeGreaterThan(135);
    expect(hobart.bearingDeg).toBeLessThan(225);
  });

  it('puts the oval’s edge on Edinburgh’s northern horizon', () => {
    const edinburgh = at(EDINBURGH);
    expect(edinburgh.compass).toBe('N');
    expect(edinburgh.edgeDistanceKm).toBeGreaterThan(0);
    expect(edinburgh.edgeDistanceKm).toBeLessThanOrEqual(VISIBLE_RANGE_KM);
  });

  it('finds the oval thousands of kilometres from Quito, out of sight', () => {
    const quito = at(QUITO);
    expect(quito.onHorizon).toBe(false);
    expect(quito.edgeDistanceKm).toBeGreaterThan(5000);
    expect(quito.visiblePercent).toBeLessThan(10);
  });

  it('gives the same place across stored frames, overhead and in view', () => {
    const view = placeView(TROMSO.lat, TROMSO.lon);
    const quiet = {
      ...frame,
      forecastTime: frame.forecastTime - 300_000,
      values: new Uint8Array(frame.values.length),
    };
    expect(auroraSeriesAtPlace([quiet, frame], view)).toEqual([
      { forecastTime: frame.forecastTime - 300_000, overheadPercent: 0, visiblePercent: 0 },
      { forecastTime: frame.forecastTime, overheadPercent: 89, visiblePercent: 100 },
    ]);
  });

  it('sees aurora at 110 km above the horizon out to about 740 km (5° elevation)', () => {
    expect(auroraElevationDeg(0)).toBe(90);
    expect(auroraElevationDeg(VISIBLE_RANGE_KM)).toBeCloseTo(5, 3);
    expect(VISIBLE_RANGE_KM).toBeGreaterThan(700);
    expect(VISIBLE_RANGE_KM).toBeLessThan(800);
  });

  it('refuses a grid of the wrong size with a clear message', () => {
    expect(() => auroraAtPlace(new Uint8Array(10), placeView(0, 0))).toThrow(
      'OVATION grid has 10 cells, expected 65160 (360 × 181)',
    );
  });
});
