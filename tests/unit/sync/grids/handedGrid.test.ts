import { describe, expect, it, vi } from 'vitest';

/** The module keeps one answer per page: each test loads a fresh copy. */
async function fresh() {
  vi.resetModules();
  return import('../../../../sync/grids/handedGrid.ts');
}

describe('the grid the worker hands the page', () => {
  it('answers those who wait before it comes and those who ask after, with the same grid', async () => {
    const { firstHandedGrid, handFirstGrid } = await fresh();
    const grid = {
      observationTime: 1,
      forecastTime: 2,
      width: 360 as const,
      height: 181 as const,
      values: new Uint8Array(65_160),
    };
    const early = firstHandedGrid();
    handFirstGrid(grid);
    expect(await early).toBe(grid);
    expect(await firstHandedGrid()).toBe(grid);
  });

  it('is told once: "none comes" stays the answer', async () => {
    const { firstHandedGrid, handFirstGrid } = await fresh();
    handFirstGrid(null);
    handFirstGrid({
      observationTime: 1,
      forecastTime: 2,
      width: 360,
      height: 181,
      values: new Uint8Array(65_160),
    });
    expect(await firstHandedGrid()).toBeNull();
  });
});
