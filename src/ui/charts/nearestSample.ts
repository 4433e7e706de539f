import type uPlot from 'uplot';

/**
 * The index the crosshair reads: the one under it when any series has a value there, else the
 * nearest index on either side that has one and that `reachable` allows, else the one under it
 * (a gap, said as "–"). One index for every series, the time included, so the legend's time is
 * the time of the values it shows. A small chart has more minutes than pixels and a finger is no
 * pixel: without this, a tap on the map panel's charts often landed on an empty minute or between
 * sparse samples and read nothing.
 */
export function nearestSample(
  data: uPlot.AlignedData,
  closestIdx: number,
  reachable: (idx: number) => boolean,
): number {
  const columns = data.slice(1);
  const n = data[0].length;
  const present = (j: number) => columns.some((c) => typeof c[j] === 'number');
  if (closestIdx < 0 || closestIdx >= n || present(closestIdx)) return closestIdx;
  for (let d = 1; d < n; d++) {
    const left = closestIdx - d;
    const right = closestIdx + d;
    const leftIn = left >= 0 && reachable(left);
    const rightIn = right < n && reachable(right);
    if (!leftIn && !rightIn) break;
    if (leftIn && present(left)) return left;
    if (rightIn && present(right)) return right;
  }
  return closestIdx;
}
