/**
 * The equatorward boundary of the auroral oval from a Kp value, for the hours past OVATION's
 * reach (its nowcast looks ~30–90 min ahead; the Kp forecast looks three days ahead).
 *
 * Relation used: Starkov (1994), "Mathematical model of the auroral boundaries", Geomagnetism and
 * Aeronomy 34(3), 331–336. The boundary's corrected geomagnetic colatitude at magnetic local
 * time t (hours) is
 *   θ = A0 + A1·cos(15°·(t + α1)) + A2·cos(15°·(2t + α2)) + A3·cos(15°·(3t + α3)),
 * each coefficient a cubic in log10|AL|:  c = b0 + b1·L + b2·L² + b3·L³,  L = log10|AL| (nT).
 * Table 1 of the paper gives b0…b3 for the poleward boundary, the equatorward boundary of the
 * oval and the equatorward boundary of diffuse aurora; we use the oval's equatorward boundary
 * (the coefficients below, as transcribed in ocbpy, Burrell et al., doi:10.5281/zenodo.1179230).
 * Kp → AL by Starkov's regression (Starkov 1994, Geomagn. Aeron. 34(1), 101–103, as used by
 * Sigernes et al. 2011, "Two methods to forecast auroral displays", J. Space Weather Space
 * Clim. 1, A03): |AL| = 18 − 12.3·Kp + 27.2·Kp² − 2·Kp³.
 * Both hemispheres are taken as mirror images (the model was fitted in the north).
 */

type Cubic = readonly [number, number, number, number];

/** Starkov (1994) Table 1, equatorward boundary of the auroral oval. */
const EQUATORWARD: Readonly<
  Record<'A0' | 'A1' | 'alpha1' | 'A2' | 'alpha2' | 'A3' | 'alpha3', Cubic>
> = {
  A0: [1.16, 23.21, -10.97, 2.03],
  A1: [-9.59, 17.78, -7.2, 0.96],
  alpha1: [-2.22, 1.5, -0.58, 0.08],
  A2: [-12.07, 17.49, -7.96, 1.15],
  alpha2: [-23.98, 42.79, -26.96, 5.56],
  A3: [-6.56, 11.44, -6.73, 1.31],
  alpha3: [-20.07, 36.67, -24.2, 5.11],
};

const RAD = Math.PI / 180;

/** |AL| in nT from Kp (Starkov 1994b). Kp is clamped to 0–9, the range the regression was fitted on. */
export function kpToAl(kp: number): number {
  const k = Math.max(0, Math.min(9, kp));
  return 18 - 12.3 * k + 27.2 * k * k - 2 * k * k * k;
}

function cubic(c: Cubic, l: number): number {
  return c[0] + c[1] * l + c[2] * l * l + c[3] * l * l * l;
}

/** Starkov's equatorward oval boundary for an AL value (nT), as corrected geomagnetic latitude (degrees, ≥ 0). */
export function equatorwardBoundaryFromAl(al: number, mltHours: number): number {
  const l = Math.log10(Math.max(1, Math.abs(al)));
  const c = (name: keyof typeof EQUATORWARD) => cubic(EQUATORWARD[name], l);
  const colat =
    c('A0') +
    c('A1') * Math.cos(15 * (mltHours + c('alpha1')) * RAD) +
    c('A2') * Math.cos(15 * (2 * mltHours + c('alpha2')) * RAD) +
    c('A3') * Math.cos(15 * (3 * mltHours + c('alpha3')) * RAD);
  return 90 - Math.max(0, colat);
}

/** The oval's equatorward boundary (geomagnetic latitude, degrees, same in both hemispheres) for a Kp at a magnetic local time. */
export function kpBoundary(kp: number, mltHours: number): number {
  return equatorwardBoundaryFromAl(kpToAl(kp), mltHours);
}

/**
 * The smallest Kp (in thirds, as Kp is published) whose boundary comes within `reachDeg` of a
 * place at |geomagnetic latitude| `absMagLat`, or null when even Kp 9 does not.
 */
export function kpNeeded(absMagLat: number, mltHours: number, reachDeg: number): number | null {
  for (let thirds = 0; thirds <= 27; thirds++) {
    const kp = thirds / 3;
    if (absMagLat >= kpBoundary(kp, mltHours) - reachDeg) return Math.round(kp * 100) / 100;
  }
  return null;
}
