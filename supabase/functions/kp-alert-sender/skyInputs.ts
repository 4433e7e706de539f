/**
 * The agencies' products the alert engine reads, from the bodies the space-weather function keeps
 * (its store: one upstream fetch per cadence, shared with every client), through the poller's own
 * normalisers at the run's time. Pure.
 */
import { currentKp, parseKp1m } from '../../../core/kp/currentKp.ts';
import type { GridSnapshot } from '../../../core/model.ts';
import { normalise, type KpForecastData } from '../../../core/normalise/index.ts';
import type { TonightInputs } from '../../../core/tonight/types.ts';

export interface SkyInputs {
  ovation: GridSnapshot | null;
  kp: { value: number; time: number } | null;
  kpForecast: TonightInputs['kpForecast'];
}

export interface SkyBodies {
  ovation: string | null;
  kp1m: string | null;
  kpForecast: string | null;
}

export function readSkyInputs(bodies: SkyBodies, now: number): SkyInputs {
  let ovation: GridSnapshot | null = null;
  if (bodies.ovation !== null) {
    const r = normalise('aurora-oval', bodies.ovation, { now });
    if (r.ok) ovation = r.grids[0] ?? null;
  }
  const kpNow = bodies.kp1m === null ? null : currentKp(parseKp1m(bodies.kp1m, now));
  let kpForecast: TonightInputs['kpForecast'] = null;
  if (bodies.kpForecast !== null) {
    const r = normalise('kp-forecast', bodies.kpForecast, { now });
    const product = r.ok ? r.products[0] : undefined;
    if (product) {
      const rows = (product.data as KpForecastData).rows;
      kpForecast = {
        entries: rows.map((row) => ({ time: row.t, kp: row.kp })),
        updatedAt: product.issued,
      };
    }
  }
  return { ovation, kp: kpNow && { value: kpNow.kp, time: kpNow.t }, kpForecast };
}
