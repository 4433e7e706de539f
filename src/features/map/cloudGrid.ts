/** The cloud layer’s colours (its cells: cloudCells.ts, drawn by olmap/cloudSource.ts). */

/**
 * Grey to white, more opaque with more cloud: 256 RGBA entries indexed by percent × 2.55, the
 * aurora LUT's layout. Under 10 % (a few wisps) draws nothing.
 */
export function buildCloudLut(): Uint8ClampedArray {
  const lut = new Uint8ClampedArray(256 * 4);
  for (let i = 0; i < 256; i++) {
    const p = i / 2.55;
    if (p < 10) continue;
    const f = (p - 10) / 90;
    const grey = Math.round(170 + 85 * f);
    lut.set([grey, grey, grey, Math.round(255 * (0.25 + 0.5 * f))], i * 4);
  }
  return lut;
}
