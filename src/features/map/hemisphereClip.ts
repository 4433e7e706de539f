/**
 * Clipping lon/lat rings to one hemisphere before they are projected onto the globe view.
 *
 * The orthographic projection is undefined on the far side of the globe (proj4 returns NaN there),
 * so a country or the night polygon that straddles the equator would be drawn with spikes. Each
 * ring is clipped to the visible half (Sutherland–Hodgman against the equator) and densified to
 * 1° steps, so edges that run along the equator become the globe's rim rather than chords.
 */

export type Ring = [number, number][];

/** Longest edge, in degrees, left between two vertices after densifying. */
const MAX_SEGMENT_DEG = 1;

/** Clips a closed ring to lat ≥ 0 (north) or lat ≤ 0 (south). Returns null when nothing is left. */
export function clipRingToHemisphere(ring: Ring, hemisphere: 'north' | 'south'): Ring | null {
  const sign = hemisphere === 'north' ? 1 : -1;
  const inside = (p: [number, number]) => sign * p[1] >= 0;
  const open =
    ring.length > 1 && ring[0]![0] === ring.at(-1)![0] && ring[0]![1] === ring.at(-1)![1]
      ? ring.slice(0, -1)
      : ring;
  const out: Ring = [];
  for (let i = 0; i < open.length; i++) {
    const cur = open[i]!;
    const prev = open[(i + open.length - 1) % open.length]!;
    const curIn = inside(cur);
    const prevIn = inside(prev);
    if (curIn !== prevIn) {
      const f = prev[1] / (prev[1] - cur[1]);
      out.push([prev[0] + (cur[0] - prev[0]) * f, 0]);
    }
    if (curIn) out.push([cur[0], cur[1]]);
  }
  if (out.length < 3) return null;
  out.push([out[0]![0], out[0]![1]]);
  return densifyRing(out);
}

/** Inserts vertices so no edge is longer than MAX_SEGMENT_DEG in lon or lat. */
export function densifyRing(ring: Ring): Ring {
  const out: Ring = [];
  for (let i = 0; i < ring.length - 1; i++) {
    const a = ring[i]!;
    const b = ring[i + 1]!;
    const steps = Math.max(
      1,
      Math.ceil(Math.max(Math.abs(b[0] - a[0]), Math.abs(b[1] - a[1])) / MAX_SEGMENT_DEG),
    );
    for (let s = 0; s < steps; s++)
      out.push([a[0] + ((b[0] - a[0]) * s) / steps, a[1] + ((b[1] - a[1]) * s) / steps]);
  }
  const last = ring.at(-1);
  if (last) out.push([last[0], last[1]]);
  return out;
}

/**
 * Repairs a ring that Natural Earth cut at the antimeridian, so no edge is drawn across the map.
 * - A ring that crosses and comes back (Fiji, Chukotka) is made continuous: after a jump of more
 *   than 180° later vertices are shifted by ±360°, which every projection here accepts.
 * - A ring around a pole (Antarctica) crosses only once: at the jump it detours through the pole
 *   ([±180, ±90]), so on the globe the polygon covers the pole instead of leaving a hole there.
 */
export function unwrapRing(ring: Ring): Ring {
  const out: Ring = [];
  let shift = 0;
  for (let i = 0; i < ring.length; i++) {
    const p = ring[i]!;
    if (i > 0) {
      const d = p[0] - ring[i - 1]![0];
      if (d > 180) shift -= 360;
      else if (d < -180) shift += 360;
    }
    out.push([p[0] + shift, p[1]]);
  }
  if (shift === 0) return out;
  const detoured: Ring = [];
  for (let i = 0; i < ring.length; i++) {
    const p = ring[i]!;
    const prev = ring[i - 1];
    if (prev && Math.abs(p[0] - prev[0]) > 180) {
      const pole = prev[1] < 0 ? -90 : 90;
      detoured.push([prev[0], pole], [p[0], pole]);
    }
    detoured.push([p[0], p[1]]);
  }
  return detoured;
}

/** Splits a lon/lat line into the runs that lie on the visible hemisphere (for the terminator on the globe). */
export function visibleRuns(line: Ring, hemisphere: 'north' | 'south'): Ring[] {
  const sign = hemisphere === 'north' ? 1 : -1;
  const runs: Ring[] = [];
  let run: Ring = [];
  for (const p of line) {
    if (sign * p[1] >= 0) run.push(p);
    else if (run.length > 0) {
      if (run.length > 1) runs.push(run);
      run = [];
    }
  }
  if (run.length > 1) runs.push(run);
  return runs;
}

/** Clips a polygon (outer ring + holes); null when the outer ring is entirely on the far side. */
export function clipPolygonToHemisphere(
  rings: Ring[],
  hemisphere: 'north' | 'south',
): Ring[] | null {
  const outer = rings[0] ? clipRingToHemisphere(rings[0], hemisphere) : null;
  if (!outer) return null;
  const holes = rings
    .slice(1)
    .map((r) => clipRingToHemisphere(r, hemisphere))
    .filter((r): r is Ring => r !== null);
  return [outer, ...holes];
}
