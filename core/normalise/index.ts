/**
 * `normalise(resource, body, { now })`: the one entry point from upstream bytes to the shapes of
 * core/model.ts. Pure TypeScript (no DOM, no Node): the poller worker, the backend (maybe under
 * Deno) and `npm run ingest` all run this same code. Never throws.
 */
import type { Resource } from '../model.ts';
import {
  NormaliseError,
  fail,
  type NormaliseOptions,
  type NormaliseResult,
  type Normaliser,
} from './result.ts';
import { checkOutput } from './checkOutput.ts';
import { normaliseKpIndex } from './kpIndex.ts';
import { normaliseAuroraOval } from './auroraOval.ts';
import { normaliseHemiPower } from './hemiPower.ts';
import { normaliseSolarWind } from './solarWind.ts';
import { normaliseMagneticField } from './magneticField.ts';
import { normaliseThreeDayForecast } from './threeDayForecast.ts';
import { normaliseThreeDayGeomagForecast } from './threeDayGeomagForecast.ts';
import { normaliseObservedSolarCycle, normalisePredictedSolarCycle } from './solarCycle.ts';
import { normaliseIcaoAdvisories } from './icaoAdvisories.ts';
import { normaliseAlerts } from './alerts.ts';
import { normaliseKp1m } from './kp1m.ts';
import { normaliseKpForecast } from './kpForecast.ts';
import { normaliseTwentySevenDayOutlook } from './twentySevenDayOutlook.ts';
import { normaliseSdoImages } from './sdoImages.ts';
import { normaliseKpGfz } from './kpGfz.ts';

export type { NormaliseOk, NormaliseResult, NormaliseOptions, Normaliser } from './result.ts';
export { isSynopticReset } from './kp1m.ts';
export { sdoLatestUrl, type SdoImagesData } from './sdoImages.ts';
export type { KpForecastData, KpForecastRow } from './kpForecast.ts';
export type { ThreeDayForecastData } from './threeDayForecast.ts';
export type { ThreeDayGeomagForecastData } from './threeDayGeomagForecast.ts';
export type { TwentySevenDayOutlookData } from './twentySevenDayOutlook.ts';
export type { SolarCycleData } from './solarCycle.ts';
export type { AlertData } from './alerts.ts';
export type { IcaoAdvisoryData, SwxArea, SwxEffect } from './icaoAdvisories.ts';
export type { KpCell } from './textProduct.ts';

/** One normaliser per resource: every resource of core/model.ts RESOURCES has one. */
export const NORMALISERS: Record<Resource, Normaliser> = {
  'kp-index': normaliseKpIndex,
  'aurora-oval': normaliseAuroraOval,
  'aurora-nowcast-hemi-power': normaliseHemiPower,
  'solar-wind': normaliseSolarWind,
  'magnetic-field': normaliseMagneticField,
  'three-day-forecast': normaliseThreeDayForecast,
  'three-day-geomag-forecast': normaliseThreeDayGeomagForecast,
  'observed-solar-cycle': normaliseObservedSolarCycle,
  'predicted-solar-cycle': normalisePredictedSolarCycle,
  'icao-advisories': normaliseIcaoAdvisories,
  alerts: normaliseAlerts,
  'kp-1m': normaliseKp1m,
  'kp-forecast': normaliseKpForecast,
  'twenty-seven-day-outlook': normaliseTwentySevenDayOutlook,
  'sdo-images': normaliseSdoImages,
  'kp-gfz': normaliseKpGfz,
};

export function normalise(
  resource: Resource,
  body: string,
  opts: NormaliseOptions,
): NormaliseResult {
  const normaliser = Object.hasOwn(NORMALISERS, resource) ? NORMALISERS[resource] : undefined;
  if (!normaliser) return fail(resource, 'unknown resource');
  if (typeof body !== 'string') return fail(resource, 'body is not text');
  try {
    const result = normaliser(body, opts);
    if (!result.ok) return result;
    const problem = checkOutput(result);
    return problem ? fail(resource, `internal error: ${problem}`) : result;
  } catch (e) {
    if (e instanceof NormaliseError) return fail(resource, e.message);
    // A parser bug must not take the poller down or replace good data.
    return fail(resource, `internal error: ${e instanceof Error ? e.message : String(e)}`);
  }
}
