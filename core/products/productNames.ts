/**
 * What the Live Feeds table calls each product: the registry entry's display name
 * (core/products/products.ts), kept apart because only that page shows it and the registry rides
 * in the page's first chunk (`npm run bench -- shell`: bundle.initialGzipKB 330.2 before the
 * registry, 330.3 with the names in it, 330.1 without). A `Record<Resource, string>`: a product
 * without its name does not compile.
 */
import type { Resource } from '../model.ts';

export const PRODUCT_NAMES: Record<Resource, string> = {
  'kp-index': 'Planetary Kp (3-hourly)',
  'aurora-oval': 'OVATION aurora forecast',
  'aurora-nowcast-hemi-power': 'Hemispheric power',
  'solar-wind': 'Solar wind plasma',
  'magnetic-field': 'Interplanetary magnetic field',
  'three-day-forecast': '3-day forecast',
  'three-day-geomag-forecast': '3-day geomagnetic forecast',
  'observed-solar-cycle': 'Solar cycle (observed)',
  'predicted-solar-cycle': 'Solar cycle (predicted)',
  'icao-advisories': 'ICAO space weather advisories',
  alerts: 'Alerts, watches and warnings',
  'kp-1m': 'Estimated Kp (1-minute)',
  'kp-forecast': 'Kp forecast',
  'twenty-seven-day-outlook': '27-day outlook',
  'sdo-images': 'SDO solar images',
  'kp-gfz': 'Kp, GFZ Potsdam',
};
