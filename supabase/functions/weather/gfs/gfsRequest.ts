/**
 * Where the regional cloud layer comes from: NOAA's GFS at 0.25°, hourly to 120 h, through
 * NOMADS's grib filter, which cuts one forecast hour's file down to the fields and the latitude
 * band asked for (https://nomads.ncep.noaa.gov/, "grib filter", dataset gfs_0p25_1hr). One
 * request per band per forecast hour; the four cloud fields of a 30° band are ~0.5 MB of GRIB2.
 * Public domain (a work of the US government); NOAA asks for no key.
 */
import type { BudgetRule } from '../upstreamBudget.ts';

const HOUR = 3_600_000;
/** GFS runs every 6 h (00, 06, 12, 18 UTC). */
const RUN_EVERY_MS = 6 * HOUR;
/**
 * How long after its cycle time a run's first two days are on NOMADS: production starts ~3.5 h
 * after the cycle and the hourly files reach +60 h within the following hour.
 */
export const PUBLISH_LAG_MS = 5 * HOUR;
/** Hours from the current one: tomorrow evening wherever the viewer is, and the night after. */
const CLOUD_HOURS = 49;

/**
 * NOMADS's request limiter turns away a client past 120 requests in 60 s (NCEP's limiter, as
 * announced to NOMADS users on 20 April 2021). A full bucket of 10 plus 60 s at 1.5 a second is at
 * most 100 in any minute.
 */
export const NOMADS_BUDGET: BudgetRule = { capacity: 10, perSecond: 1.5 };

/** The newest run whose first two days are published at `now`. */
export function latestRun(now: number): number {
  return Math.floor((now - PUBLISH_LAG_MS) / RUN_EVERY_MS) * RUN_EVERY_MS;
}

/** The hours the layer offers at `now`: the current hour and the next CLOUD_HOURS − 1. */
export function wantedHours(now: number): number[] {
  const first = Math.floor(now / HOUR) * HOUR;
  return Array.from({ length: CLOUD_HOURS }, (_, i) => first + i * HOUR);
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** The grib filter's URL for the four cloud fields of one forecast hour of `run`, cut to a latitude band. */
export function gfsFilterUrl(
  baseUrl: string,
  run: number,
  validTime: number,
  band: { south: number; north: number },
): string {
  const d = new Date(run);
  const day = `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1, 2)}${pad(d.getUTCDate(), 2)}`;
  const cycle = pad(d.getUTCHours(), 2);
  const fh = pad(Math.round((validTime - run) / HOUR), 3);
  const params = [
    `dir=${encodeURIComponent(`/gfs.${day}/${cycle}/atmos`)}`,
    `file=gfs.t${cycle}z.pgrb2.0p25.f${fh}`,
    'var_HCDC=on',
    'var_LCDC=on',
    'var_MCDC=on',
    'var_TCDC=on',
    'lev_entire_atmosphere=on',
    'lev_high_cloud_layer=on',
    'lev_low_cloud_layer=on',
    'lev_middle_cloud_layer=on',
    'subregion=',
    `toplat=${band.north}`,
    'leftlon=0',
    'rightlon=360',
    `bottomlat=${band.south}`,
  ];
  return `${baseUrl.replace(/\/+$/, '')}/cgi-bin/filter_gfs_0p25_1hr.pl?${params.join('&')}`;
}
