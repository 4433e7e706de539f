import { describe, expect, it } from 'vitest';
import {
  paintAurora,
  paintWithSampling,
  type Extent,
} from '../../../../src/features/map/auroraImage.ts';
import { buildRampLut } from '../../../../src/features/map/colorRamp.ts';
import {
  MERCATOR_RADIUS,
  ORTHO_RADIUS,
  type ProjectionSpec,
} from '../../../../src/features/map/projections.ts';
import { SamplingCache } from '../../../../src/features/map/samplingCache.ts';
import { loadOvationFixture } from '../../../support/ovationFixture.ts';

const grid = loadOvationFixture();
const lut = buildRampLut();
const WORLD = MERCATOR_RADIUS * Math.PI;

/** An idle scheduler the test runs by hand. */
function manualIdle() {
  const queue: (() => void)[] = [];
  return {
    schedule: (work: () => void) => void queue.push(work),
    runAll: () => queue.splice(0).forEach((work) => work()),
    get pending() {
      return queue.length;
    },
  };
}

function direct(spec: ProjectionSpec, extent: Extent, width: number, height: number) {
  const target = { data: new Uint8ClampedArray(width * height * 4), width, height };
  paintAurora(target, spec, extent, grid.values, lut);
  return target.data;
}

describe('the aurora sampling cache', () => {
  const views: [ProjectionSpec, Extent][] = [
    // The flat map over the North Atlantic's auroral zone, and the southern globe.
    [{ kind: 'mercator' }, [-0.3 * WORLD, 0.45 * WORLD, 0.1 * WORLD, 0.95 * WORLD]],
    [
      { kind: 'ortho', hemisphere: 'south', lon0: 147 },
      [-ORTHO_RADIUS, -ORTHO_RADIUS, ORTHO_RADIUS, ORTHO_RADIUS],
    ],
  ];

  it.each(views)(
    'paints, from a sampling prepared ahead in an idle moment, the same pixels as painting directly (%o)',
    (spec, extent) => {
      const [width, height] = [195, 211];
      const idle = manualIdle();
      const cache = new SamplingCache(idle.schedule);
      cache.prepare(spec, extent, width, height);
      expect(idle.pending).toBe(1);
      idle.runAll();
      const sampling = cache.get(spec, extent, width, height);
      const target = { data: new Uint8ClampedArray(width * height * 4), width, height };
      paintWithSampling(target, sampling, grid.values, lut);
      expect(target.data.some((byte) => byte > 0)).toBe(true);
      expect(target.data).toEqual(direct(spec, extent, width, height));
    },
  );

  it('hands out the prepared sampling without building it again, and builds a new one for another view', () => {
    const [spec, extent] = views[0]!;
    const idle = manualIdle();
    const cache = new SamplingCache(idle.schedule);
    cache.prepare(spec, extent, 100, 120);
    cache.prepare(spec, extent, 100, 120);
    expect(idle.pending).toBe(1);
    idle.runAll();
    const prepared = cache.get(spec, extent, 100, 120);
    expect(cache.get(spec, extent, 100, 120)).toBe(prepared);
    cache.prepare(spec, extent, 100, 120);
    expect(idle.pending).toBe(0);
    const other = cache.get(spec, extent, 120, 100);
    expect(other).not.toBe(prepared);
    expect(other.width).toBe(120);
  });

  it('skips a preparation another view has superseded before its idle moment came', () => {
    const [spec, extent] = views[0]!;
    const idle = manualIdle();
    const cache = new SamplingCache(idle.schedule);
    cache.prepare(spec, extent, 100, 120);
    cache.prepare(spec, extent, 90, 120);
    idle.runAll();
    const kept = cache.get(spec, extent, 90, 120);
    expect(kept.width).toBe(90);
    // The first view was never built: asking for it now builds it.
    expect(cache.get(spec, extent, 100, 120)).not.toBe(kept);
  });

  it('keeps the flat map’s and the globe’s samplings both, so switching back finds its view’s', () => {
    const [flat, flatExtent] = views[0]!;
    const [globe, globeExtent] = views[1]!;
    const cache = new SamplingCache(manualIdle().schedule);
    const flatSampling = cache.get(flat, flatExtent, 100, 120);
    const globeSampling = cache.get(globe, globeExtent, 100, 120);
    expect(cache.get(flat, flatExtent, 100, 120)).toBe(flatSampling);
    expect(cache.get(globe, globeExtent, 100, 120)).toBe(globeSampling);
    // Another globe view replaces the globe's, and leaves the flat map's.
    expect(cache.get(globe, globeExtent, 90, 120)).not.toBe(globeSampling);
    expect(cache.get(flat, flatExtent, 100, 120)).toBe(flatSampling);
  });
});
