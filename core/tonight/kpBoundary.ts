/**
 * Where the auroral oval lies for a Kp value, for the hours past OVATION's reach (its nowcast
 * looks ~30–90 min ahead; the Kp forecast looks three days ahead). Latitudes are corrected
 * geomagnetic (AACGM-v2: magneticCoordinates.ts), the same in both hemispheres.
 *
 * Equatorward edge: Gussenhoven, M. S., Hardy, D. A. & Heinemann, N. (1983), "Systematics of the
 * equatorward diffuse auroral boundary", J. Geophys. Res. 88(A7), 5692–5708: from DMSP electron
 * precipitation, one straight line in Kp per hour of magnetic local time, λ = a + b·Kp (the
 * coefficients below, as transcribed in ocbpy, Burrell et al., doi:10.5281/zenodo.1179230; the
 * paper has no fit for 2, 3, 13 and 14 MLT, which are interpolated between their neighbours).
 * At magnetic midnight 66.1° − 1.99°·Kp: 66.1° at Kp 0, 48.2° at Kp 9, the same line as the
 * viewing table NOAA SWPC publishes (66.5° at Kp 0 … 48.1° at Kp 9). It replaced Starkov (1994)
 * driven through the Kp → AL regression, whose AL saturates above Kp 6 and left the edge at 60°
 * in a Kp 9 storm, 12° poleward of where the May 2024 aurora stood.
 *
 * Poleward edge (for places inside the polar cap, where the aurora is toward the equator):
 * Starkov, G. V. (1994), "Mathematical model of the auroral boundaries", Geomagnetism and
 * Aeronomy 34(3), 331–336, poleward boundary of the oval, with |AL| from Kp by Starkov's
 * regression |AL| = 18 − 12.3·Kp + 27.2·Kp² − 2·Kp³ (Geomagn. Aeron. 34(1), 101–103; used so by
 * Sigernes et al. 2011, J. Space Weather Space Clim. 1, A03). Coefficients as transcribed in
 * ocbpy. Kept at least 1° poleward of the equatorward edge.
 */

/** Gussenhoven et al. (1983): a (degrees) and b (degrees per Kp) by whole hour of MLT; null where the paper has no fit. */
const GUSSENHOVEN: readonly (readonly [number, number] | null)[] = [
  [66.1, -1.99], // 0
  [65.1, -1.55],
  null,
  null,
  [67.7, -1.48],
  [67.8, -1.87],
  [68.2, -1.9], // 6
  [68.9, -1.91],
  [69.3, -1.87],
  [69.5, -1.67],
  [69.6, -1.41],
  [70.1, -1.25],
  [69.4, -0.84], // 12
  null,
  null,
  [70.9, -0.81],
  [71.6, -1.28],
  [71.1, -1.31],
  [71.2, -1.74], // 18
  [70.4, -1.83],
  [69.4, -1.89],
  [68.6, -1.86],
  [67.9, -1.78],
  [67.8, -2.07],
];

/** The fit at a whole hour, the missing hours interpolated between the nearest hours that have one. */
function hourFit(hour: number): readonly [number, number] {
  const h = ((hour % 24) + 24) % 24;
  const own = GUSSENHOVEN[h];
  if (own) return own;
  let before = h;
  while (!GUSSENHOVEN[before]) before = (before + 23) % 24;
  let after = h;
  while (!GUSSENHOVEN[after]) after = (after + 1) % 24;
  const span = (after - before + 24) % 24;
  const f = ((h - before + 24) % 24) / span;
  const a = GUSSENHOVEN[before]!;
  const b = GUSSENHOVEN[after]!;
  return [a[0] + f * (b[0] - a[0]), a[1] + f * (b[1] - a[1])];
}

function clampKp(kp: number): number {
  return Math.max(0, Math.min(9, kp));
}

/** The oval's equatorward edge (corrected geomagnetic latitude, degrees) for a Kp at a magnetic local time (hours). */
export function kpBoundary(kp: number, mltHours: number): number {
  const t = ((mltHours % 24) + 24) % 24;
  const h0 = Math.floor(t);
  const f = t - h0;
  const k = clampKp(kp);
  const [a0, b0] = hourFit(h0);
  const [a1, b1] = hourFit(h0 + 1);
  return (1 - f) * (a0 + b0 * k) + f * (a1 + b1 * k);
}

type Cubic = readonly [number, number, number, number];

/** Starkov (1994) Table 1, poleward boundary of the auroral oval. */
const POLEWARD: Readonly<
  Record<'A0' | 'A1' | 'alpha1' | 'A2' | 'alpha2' | 'A3' | 'alpha3', Cubic>
> = {
  A0: [-0.07, 24.54, -12.53, 2.15],
  A1: [-10.06, 19.83, -9.33, 1.24],
  alpha1: [-6.61, 10.17, -5.8, 1.19],
  A2: [-4.44, 7.47, -3.01, 0.25],
  alpha2: [6.37, -1.1, 0.34, -0.38],
  A3: [-3.77, 7.9, -4.73, 0.91],
  alpha3: [-4.48, 10.16, -5.87, 0.98],
};

const RAD = Math.PI / 180;

/** |AL| in nT from Kp (Starkov 1994b), Kp clamped to 0–9. */
export function kpToAl(kp: number): number {
  const k = clampKp(kp);
  return 18 - 12.3 * k + 27.2 * k * k - 2 * k * k * k;
}

function cubic(c: Cubic, l: number): number {
  return c[0] + c[1] * l + c[2] * l * l + c[3] * l * l * l;
}

/** The oval's poleward edge (corrected geomagnetic latitude, degrees) for a Kp at a magnetic local time. */
export function kpPolewardBoundary(kp: number, mltHours: number): number {
  const l = Math.log10(Math.max(1, kpToAl(kp)));
  const c = (name: keyof typeof POLEWARD) => cubic(POLEWARD[name], l);
  const colat =
    c('A0') +
    c('A1') * Math.cos(15 * (mltHours + c('alpha1')) * RAD) +
    c('A2') * Math.cos(15 * (2 * mltHours + c('alpha2')) * RAD) +
    c('A3') * Math.cos(15 * (3 * mltHours + c('alpha3')) * RAD);
  return Math.max(90 - Math.max(0, colat), kpBoundary(kp, mltHours) + 1);
}

/**
 * How far (degrees of magnetic latitude) a place at |latitude| `absMagLat` is from the oval at a
 * Kp: 0 inside it, positive equatorward of it, negative poleward of it (the polar cap).
 */
export function distanceFromOval(kp: number, mltHours: number, absMagLat: number): number {
  const edge = kpBoundary(kp, mltHours);
  if (absMagLat < edge) return edge - absMagLat;
  const poleward = kpPolewardBoundary(kp, mltHours);
  return absMagLat > poleward ? poleward - absMagLat : 0;
}

/**
 * The smallest Kp (in thirds, as Kp is published) that brings the oval within `reachDeg` of a
 * place at |magnetic latitude| `absMagLat`, or null when even Kp 9 does not.
 */
export function kpNeeded(absMagLat: number, mltHours: number, reachDeg: number): number | null {
  for (let thirds = 0; thirds <= 27; thirds++) {
    const kp = thirds / 3;
    if (Math.abs(distanceFromOval(kp, mltHours, absMagLat)) <= reachDeg)
      return Math.round(kp * 100) / 100;
  }
  return null;
}
