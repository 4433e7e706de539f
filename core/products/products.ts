/**
 * The product registry: the one description of every upstream product, one entry each. Every other
 * per-product list is derived from it — the poller's sources and poll order (sources.ts), the
 * freshness windows (freshness.ts), the compact forms (core/compact/compactForm.ts), the poller's
 * first-screen and held-when-constrained sets (workers/poller/firstScreen.ts), the service
 * worker's background products, the core feeds and their banner words (src/lib/coreFeeds.ts), the
 * Live Feeds table, which series the poller backfills after a gap, what the backend serves
 * and archives. The name list `RESOURCES` and the
 * `Resource` type are this object's keys (core/model.ts).
 *
 * A new product is one entry here, its text beside it (upstreamFiles.ts and its display name in
 * productNames.ts, each a `Record<Resource, …>` the compiler holds complete) and one normaliser (`NORMALISERS` in
 * core/normalise/index.ts, likewise): tests/unit/core/products/registry.test.ts.
 *
 * Pure data, imported by the page's first chunk (the banner, the freshness texts), the poller
 * worker and the service worker. Which normaliser reads a product is not a field here: a field
 * holding the normalisers would carry every one of them into those bundles. Long text (the
 * upstream schema line, the replay file, its data time and type) stays in upstreamFiles.ts for the
 * same reason: only the backend and tests import it; so do the display names (productNames.ts),
 * which only the Live Feeds page shows.
 *
 * Cadences follow docs/architecture.md ("The one rule", the poller): OVATION and hemispheric power
 * 5 min, solar wind and the 1-minute Kp 1 min, Kp and alerts a few minutes, text forecasts 30–60
 * min, solar cycle daily.
 */
import type { ProductSpec } from './productSpec.ts';

/**
 * How far back the backend's live `kp-gfz` answer reaches, in UTC days. GFZ computes the
 * definitive Kp of a month in the second week of the next (its data publication,
 * doi:10.5880/Kp.0001), so a nowcast value can stay provisional for up to about 45 days; the
 * window keeps every such value in the answer until it is definitive, and the poller asks again
 * from the oldest one it holds. Older history comes from the archive.
 */
export const GFZ_LIVE_DAYS = 50;

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

/** The usual: polled after the first screen, never held, not in the background, no backfill, not archived. */
const PLAIN = {
  firstScreen: false,
  followsFirstScreen: false,
  heldWhenConstrained: false,
  background: false,
  backfill: null,
  archived: false,
} as const;

const ENTRIES = {
  'kp-index': {
    ...PLAIN,
    banner: { word: 'Kp index', rank: 2 },
    swpcPath: 'products/noaa-planetary-k-index.json',
    swpcAltPath: null,
    viaBackend: true,
    cadenceMs: 5 * MIN,
    priority: 'high',
    approxBytes: 3_000,
    // Rows are tagged with the start of a 3-hour period: the newest is normally 3–6 h old.
    freshness: { maxAgeMs: 7 * HOUR, ageFrom: 'data', frozenAfterMs: 10 * HOUR },
    firstScreen: true,
    background: true,
    compact: {
      kind: 'rows',
      product: 'kp-3h',
      fields: { kp: [0, 9], ap: [0, 500], stations: [0, 1000] },
    },
    // SWPC's file holds about 7 days.
    backfill: { liveReachMs: 6 * DAY, historyOnFirstVisit: true },
    archived: true,
  },
  'aurora-oval': {
    ...PLAIN,
    banner: { word: 'aurora map', rank: 0 },
    swpcPath: 'json/ovation_aurora_latest.json',
    swpcAltPath: null,
    viaBackend: true,
    cadenceMs: 5 * MIN,
    priority: 'high',
    approxBytes: 930_000,
    // A new OVATION frame every 5 min, its observation time a few minutes behind: 20 min is three
    // missed frames. The map used its own 30 min until session 10 (src/features/map/freshness.ts);
    // one number now, the shorter one, because a drifted oval that still reads "current" misleads
    // more than an early "stale" does. Frozen after six missed frames while the file is still served.
    freshness: { maxAgeMs: 20 * MIN, ageFrom: 'data', frozenAfterMs: 30 * MIN },
    firstScreen: true,
    compact: { kind: 'grid' },
    archived: true,
  },
  'aurora-nowcast-hemi-power': {
    ...PLAIN,
    banner: { word: 'hemispheric power', rank: 1 },
    swpcPath: 'text/aurora-nowcast-hemi-power.txt',
    swpcAltPath: null,
    viaBackend: true,
    cadenceMs: 5 * MIN,
    priority: 'normal',
    approxBytes: 12_000,
    freshness: { maxAgeMs: 20 * MIN, ageFrom: 'data', frozenAfterMs: 30 * MIN },
    firstScreen: true,
    compact: {
      kind: 'rows',
      product: 'hemi-power',
      fields: { north: [0, 10_000], south: [0, 10_000] },
    },
    // The file holds the current UTC day only.
    backfill: { liveReachMs: null, historyOnFirstVisit: false },
    archived: true,
  },
  'solar-wind': {
    ...PLAIN,
    banner: { word: 'solar wind', rank: 3 },
    swpcPath: 'json/rtsw/rtsw_wind_1m.json',
    swpcAltPath: 'products/solar-wind/plasma-7-day.json',
    viaBackend: true,
    // `/`'s summary shows its newest values: it follows the oval by a moment.
    followsFirstScreen: true,
    cadenceMs: 1 * MIN,
    priority: 'high',
    approxBytes: 1_000_000,
    // 1-minute data with real gaps of several minutes.
    freshness: { maxAgeMs: 15 * MIN, ageFrom: 'data', frozenAfterMs: 30 * MIN },
    background: true,
    compact: {
      kind: 'rows',
      product: 'solar-wind-plasma',
      fields: { speed: [0, 5000], density: [0, 1000], temperature: [0, 1e8] },
    },
    // The rtsw file holds about a day.
    backfill: { liveReachMs: 20 * HOUR, historyOnFirstVisit: false },
    archived: true,
  },
  'magnetic-field': {
    ...PLAIN,
    banner: { word: 'solar wind', rank: 4 },
    swpcPath: 'json/rtsw/rtsw_mag_1m.json',
    swpcAltPath: 'products/solar-wind/mag-7-day.json',
    viaBackend: true,
    // `/`'s summary shows its newest values: it follows the oval by a moment.
    followsFirstScreen: true,
    cadenceMs: 1 * MIN,
    priority: 'high',
    approxBytes: 1_060_000,
    freshness: { maxAgeMs: 15 * MIN, ageFrom: 'data', frozenAfterMs: 30 * MIN },
    background: true,
    compact: {
      kind: 'rows',
      product: 'solar-wind-mag',
      fields: {
        bx: [-10_000, 10_000],
        by: [-10_000, 10_000],
        bz: [-10_000, 10_000],
        bt: [0, 10_000],
        lon: [0, 360],
        lat: [-90, 90],
      },
    },
    backfill: { liveReachMs: 20 * HOUR, historyOnFirstVisit: false },
    archived: true,
  },
  'three-day-forecast': {
    ...PLAIN,
    banner: { word: '3-day forecast', rank: 5 },
    swpcPath: 'text/3-day-forecast.txt',
    swpcAltPath: null,
    viaBackend: true,
    cadenceMs: 30 * MIN,
    priority: 'normal',
    approxBytes: 2_200,
    // Issued at 00:30 and 12:30 UTC.
    freshness: { maxAgeMs: 14 * HOUR, ageFrom: 'data', frozenAfterMs: null },
    compact: null,
    archived: true,
  },
  'three-day-geomag-forecast': {
    ...PLAIN,
    banner: { word: '3-day forecast', rank: 6 },
    swpcPath: 'text/3-day-geomag-forecast.txt',
    swpcAltPath: null,
    viaBackend: true,
    cadenceMs: 60 * MIN,
    priority: 'low',
    approxBytes: 900,
    // Issued daily at 22:05 UTC.
    freshness: { maxAgeMs: 26 * HOUR, ageFrom: 'data', frozenAfterMs: null },
    compact: null,
  },
  'observed-solar-cycle': {
    ...PLAIN,
    banner: { word: 'solar cycle', rank: 7 },
    swpcPath: 'json/solar-cycle/observed-solar-cycle-indices.json',
    swpcAltPath: null,
    viaBackend: true,
    cadenceMs: DAY,
    priority: 'low',
    approxBytes: 510_000,
    // Monthly rows; the newest month is normally one to two months back.
    freshness: { maxAgeMs: 75 * DAY, ageFrom: 'data', frozenAfterMs: null },
    heldWhenConstrained: true,
    compact: null,
  },
  'predicted-solar-cycle': {
    ...PLAIN,
    banner: { word: 'solar cycle', rank: 8 },
    swpcPath: 'json/solar-cycle/predicted-solar-cycle.json',
    swpcAltPath: null,
    viaBackend: true,
    cadenceMs: DAY,
    priority: 'low',
    approxBytes: 32_000,
    // A prediction has no observation time: its data time is the file's Last-Modified (issue time,
    // workers/feedStatus.ts). SWPC revises it monthly, so 45 days; without a Last-Modified its age
    // is unknown, and unknown is never "fresh".
    freshness: { maxAgeMs: 45 * DAY, ageFrom: 'data', frozenAfterMs: null },
    heldWhenConstrained: true,
    compact: null,
  },
  'icao-advisories': {
    ...PLAIN,
    // Aviation bulletins, shown only as a row of the Live Feeds table, from an SWPC path nobody
    // has verified: a secondary feed.
    banner: null,
    // Unverified: no SWPC copy was found (../shared/fixtures/noaa/SOURCES.md). The backend asks
    // for the same path (supabase/functions/space-weather/resources.ts).
    swpcPath: 'json/icao-space-weather-advisories.json',
    swpcAltPath: null,
    viaBackend: true,
    cadenceMs: 15 * MIN,
    priority: 'low',
    approxBytes: 5_000,
    freshness: { maxAgeMs: 1 * HOUR, ageFrom: 'fetch', frozenAfterMs: null },
    compact: null,
  },
  alerts: {
    ...PLAIN,
    banner: null,
    swpcPath: 'products/alerts.json',
    swpcAltPath: null,
    viaBackend: true,
    cadenceMs: 3 * MIN,
    priority: 'high',
    approxBytes: 20_000,
    freshness: { maxAgeMs: 15 * MIN, ageFrom: 'fetch', frozenAfterMs: null },
    compact: null,
  },
  'kp-1m': {
    ...PLAIN,
    // The 3-hourly Kp stands behind it.
    banner: null,
    swpcPath: 'json/planetary_k_index_1m.json',
    swpcAltPath: null,
    viaBackend: true,
    cadenceMs: 1 * MIN,
    priority: 'normal',
    approxBytes: 28_000,
    freshness: { maxAgeMs: 15 * MIN, ageFrom: 'data', frozenAfterMs: 30 * MIN },
    firstScreen: true,
    compact: { kind: 'rows', product: 'kp-1m', fields: { kp: [0, 9], kpIndex: [0, 9] } },
    // The 1-minute file holds about 6 hours.
    backfill: { liveReachMs: 5 * HOUR, historyOnFirstVisit: false },
    archived: true,
  },
  'kp-forecast': {
    ...PLAIN,
    banner: null,
    swpcPath: 'products/noaa-planetary-k-index-forecast.json',
    swpcAltPath: null,
    viaBackend: true,
    cadenceMs: 15 * MIN,
    priority: 'normal',
    approxBytes: 4_000,
    // The newest observed/estimated 3-hour period; a new one every 3 h.
    freshness: { maxAgeMs: 9 * HOUR, ageFrom: 'data', frozenAfterMs: null },
    compact: null,
    archived: true,
  },
  'twenty-seven-day-outlook': {
    ...PLAIN,
    banner: null,
    swpcPath: 'text/27-day-outlook.txt',
    swpcAltPath: null,
    viaBackend: true,
    cadenceMs: 60 * MIN,
    priority: 'low',
    approxBytes: 1_700,
    // Issued weekly on Mondays.
    freshness: { maxAgeMs: 8 * DAY, ageFrom: 'data', frozenAfterMs: null },
    compact: null,
  },
  'sdo-images': {
    ...PLAIN,
    banner: null,
    // Not SWPC: SDO's "latest" JPEGs, through the backend's sdo-image function (workers/sdo.ts),
    // not space-weather — so `viaBackend` (which names space-weather) stays false.
    swpcPath: null,
    swpcAltPath: null,
    viaBackend: false,
    cadenceMs: 15 * MIN,
    priority: 'low',
    approxBytes: 1_000,
    freshness: { maxAgeMs: 2 * HOUR, ageFrom: 'data', frozenAfterMs: null },
    heldWhenConstrained: true,
    compact: null,
  },
  'kp-gfz': {
    ...PLAIN,
    banner: null,
    // Not SWPC: GFZ Potsdam's Kp web service, only through our backend, which builds the query
    // (supabase/functions/space-weather/resources.ts); GFZ's host is not in the page's CSP.
    swpcPath: null,
    swpcAltPath: null,
    viaBackend: true,
    // GFZ publishes a 3-hourly index; an hour keeps a new period within an hour of its release.
    cadenceMs: 60 * MIN,
    priority: 'low',
    approxBytes: 6_000,
    // GFZ's nowcast Kp: a 3-hour period is published within about an hour of its end.
    freshness: { maxAgeMs: 7 * HOUR, ageFrom: 'data', frozenAfterMs: null },
    compact: { kind: 'rows', product: 'kp-gfz', fields: { kp: [0, 9], status: [0, 2] } },
    backfill: { liveReachMs: (GFZ_LIVE_DAYS - 1) * DAY, historyOnFirstVisit: true },
    archived: true,
  },
} satisfies Record<string, ProductSpec>;

/** Every upstream product the poller knows, by name (the space-weather paths name them too). */
export type Resource = keyof typeof ENTRIES;

export const PRODUCTS: Readonly<Record<Resource, ProductSpec>> = ENTRIES;

/** The products whose entry says `flag`, in the registry's order. */
export function productsWith(
  flag:
    | 'firstScreen'
    | 'followsFirstScreen'
    | 'heldWhenConstrained'
    | 'background'
    | 'archived'
    | 'viaBackend'
    | 'backfill',
): Resource[] {
  return (Object.keys(PRODUCTS) as Resource[]).filter((r) => PRODUCTS[r][flag]);
}
