/**
 * The products the app is for: what the map, the space-weather summary and the forecast screen
 * are built on (the space-weather resources, less the ICAO advisories). Every other feed is
 * secondary — the ICAO advisories (aviation bulletins, shown only as a row of the Live Feeds
 * table, from an SWPC path nobody has verified), alerts, the 1-minute Kp (the 3-hourly Kp stands
 * behind it), the Kp forecast, the 27-day outlook and the SDO images: each shows its own failure
 * where it is shown (FeedAge "Update failed" on /sdo and the forecast page, the error column of
 * the Live Feeds table), so it never reaches the global banner on every page. The banner and
 * the connection indicator judge "can the data service be reached?" on these feeds alone.
 */
export const CORE_FEEDS: ReadonlySet<string> = new Set([
  'kp-index',
  'aurora-oval',
  'aurora-nowcast-hemi-power',
  'solar-wind',
  'magnetic-field',
  'three-day-forecast',
  'three-day-geomag-forecast',
  'observed-solar-cycle',
  'predicted-solar-cycle',
]);
