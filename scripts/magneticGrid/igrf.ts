/**
 * The IGRF-14 main field at one epoch, for the build-time field-line tracing of
 * `traceAacgm.ts`. Reads the coefficient table beside this file (its provenance is in its header)
 * and evaluates the Schmidt semi-normalised spherical harmonic expansion of the internal field
 * (Winch et al. 2005, "Geomagnetism and Schmidt quasi-normalization", Geophys. J. Int. 160, 487).
 */
import { readFileSync } from 'node:fs';

/** The IGRF reference radius, km (also the Earth radius AACGM-v2 traces with). */
export const IGRF_RADIUS_KM = 6371.2;

export interface MainField {
  /** Decimal year the coefficients stand for (2025.0 + the secular variation's years). */
  epoch: number;
  maxDegree: number;
  /** g[n][m], h[n][m] in nT. */
  g: number[][];
  h: number[][];
}

/** The coefficients at a decimal year: 2025.0 plus the 2025–30 secular variation times the years since. */
export function loadIgrf14(epoch: number, path = new URL('./igrf14-2025.txt', import.meta.url)) {
  if (epoch < 2025 || epoch > 2030)
    throw new RangeError(`IGRF-14 predicts 2025.0–2030.0 only (asked for ${epoch})`);
  const maxDegree = 13;
  const g = Array.from({ length: maxDegree + 1 }, () => new Array<number>(maxDegree + 1).fill(0));
  const h = Array.from({ length: maxDegree + 1 }, () => new Array<number>(maxDegree + 1).fill(0));
  let rows = 0;
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const parts = line.trim().split(/\s+/);
    if (parts[0] !== 'g' && parts[0] !== 'h') continue;
    const [kind, n, m, main, sv] = [parts[0], +parts[1]!, +parts[2]!, +parts[3]!, +parts[4]!];
    const value = main + sv * (epoch - 2025);
    (kind === 'g' ? g : h)[n]![m] = value;
    rows++;
  }
  if (rows !== 195) throw new Error(`IGRF-14 table has ${rows} rows, expected 195 (degree 1–13)`);
  return { epoch, maxDegree, g, h } satisfies MainField;
}

/**
 * The field (nT) at a geocentric point given in Cartesian coordinates in units of the reference
 * radius (x toward 0° E on the equator, z toward the north pole), as a Cartesian vector.
 */
export function fieldAt(
  model: MainField,
  x: number,
  y: number,
  z: number,
): [number, number, number] {
  const r = Math.hypot(x, y, z);
  let theta = Math.acos(Math.max(-1, Math.min(1, z / r)));
  // The expansion divides by sin θ for B_φ: keep off the axis.
  if (Math.sin(theta) < 1e-10) theta = theta < 1 ? 1e-10 : Math.PI - 1e-10;
  const phi = Math.atan2(y, x);
  const ct = Math.cos(theta);
  const st = Math.sin(theta);
  const N = model.maxDegree;
  // Schmidt semi-normalised P_n^m(cos θ) and dP/dθ by the standard recursions.
  const P: number[][] = Array.from({ length: N + 1 }, () => new Array<number>(N + 1).fill(0));
  const dP: number[][] = Array.from({ length: N + 1 }, () => new Array<number>(N + 1).fill(0));
  P[0]![0] = 1;
  P[1]![1] = st;
  dP[1]![1] = ct;
  for (let n = 2; n <= N; n++) {
    const k = Math.sqrt((2 * n - 1) / (2 * n));
    P[n]![n] = k * st * P[n - 1]![n - 1]!;
    dP[n]![n] = k * (st * dP[n - 1]![n - 1]! + ct * P[n - 1]![n - 1]!);
  }
  for (let m = 0; m <= N; m++) {
    for (let n = Math.max(1, m + 1); n <= N; n++) {
      const a = Math.sqrt(n * n - m * m);
      const b = n >= 2 ? Math.sqrt((n - 1) * (n - 1) - m * m) : 0;
      const p2 = n >= 2 ? P[n - 2]![m]! : 0;
      const dp2 = n >= 2 ? dP[n - 2]![m]! : 0;
      P[n]![m] = ((2 * n - 1) * ct * P[n - 1]![m]! - b * p2) / a;
      dP[n]![m] = ((2 * n - 1) * (ct * dP[n - 1]![m]! - st * P[n - 1]![m]!) - b * dp2) / a;
    }
  }
  let br = 0;
  let bt = 0;
  let bp = 0;
  const aor = 1 / r;
  let scale = aor * aor;
  for (let n = 1; n <= N; n++) {
    scale *= aor; // (a/r)^(n+2)
    for (let m = 0; m <= n; m++) {
      const cm = Math.cos(m * phi);
      const sm = Math.sin(m * phi);
      const gnm = model.g[n]![m]!;
      const hnm = model.h[n]![m]!;
      const t = gnm * cm + hnm * sm;
      br += (n + 1) * scale * t * P[n]![m]!;
      bt -= scale * t * dP[n]![m]!;
      bp += scale * m * (gnm * sm - hnm * cm) * P[n]![m]!;
    }
  }
  bp /= st;
  const cp = Math.cos(phi);
  const sp = Math.sin(phi);
  return [
    br * st * cp + bt * ct * cp - bp * sp,
    br * st * sp + bt * ct * sp + bp * cp,
    br * ct - bt * st,
  ];
}
