/**
 * The pixel → grid sampling of the aurora image (auroraImage.ts `buildSampling`), kept for the
 * last view of each kind of projection (flat, globe) and built ahead of need. Kept per kind so
 * that switching back to the flat map or the globe finds its view's sampling (the globe's is per
 * pixel: rebuilding it was a large part of each switch to the globe at 4× CPU slowdown). It depends only on the view (projection, extent, size), so
 * the map asks for it while it still draws an empty aurora layer (no grid yet, on a first visit):
 * built then in an idle moment, it is ready when the first grid arrives, and the frame that
 * paints the first oval only looks colours up. Building it in that frame (with its four
 * per-pixel arrays to allocate) made it a long task at 4× CPU slowdown.
 */
import { buildSampling, type Extent, type GridSampling } from './auroraImage.ts';
import { projectionCode, type ProjectionSpec } from './projections.ts';
import { whenIdle } from '../../lib/whenIdle.ts';

/** Runs `work` later, when the page is idle. */
export type IdleScheduler = (work: () => void) => void;

/** An idle moment, at most a second away (src/lib/whenIdle.ts). */
const idleSoon: IdleScheduler = (work) => void whenIdle(work, 1000);

function samplingKey(spec: ProjectionSpec, extent: Extent, width: number, height: number): string {
  return `${projectionCode(spec)}|${extent.join(',')}|${width}x${height}`;
}

export class SamplingCache {
  private readonly entries = new Map<
    ProjectionSpec['kind'],
    { key: string; sampling: GridSampling }
  >();
  private scheduledKey: string | null = null;

  constructor(private readonly schedule: IdleScheduler = idleSoon) {}

  /** The sampling for this view: the kept one when the view is the same, else built now. */
  get(spec: ProjectionSpec, extent: Extent, width: number, height: number): GridSampling {
    const key = samplingKey(spec, extent, width, height);
    let entry = this.entries.get(spec.kind);
    if (entry?.key !== key) {
      entry = { key, sampling: buildSampling(spec, extent, width, height) };
      this.entries.set(spec.kind, entry);
    }
    return entry.sampling;
  }

  /** Builds the sampling for this view in an idle moment, unless it is kept or already on its way. */
  prepare(spec: ProjectionSpec, extent: Extent, width: number, height: number): void {
    const key = samplingKey(spec, extent, width, height);
    if (this.entries.get(spec.kind)?.key === key || this.scheduledKey === key) return;
    this.scheduledKey = key;
    const view: Extent = [extent[0], extent[1], extent[2], extent[3]];
    this.schedule(() => {
      // A later view superseded this one: its own prepare() is on its way.
      if (this.scheduledKey !== key) return;
      this.scheduledKey = null;
      if (this.entries.get(spec.kind)?.key !== key) {
        this.entries.set(spec.kind, { key, sampling: buildSampling(spec, view, width, height) });
      }
    });
  }
}
