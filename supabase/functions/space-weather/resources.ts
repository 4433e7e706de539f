import type { Resource } from '../../../sync/model.ts';

/**
 * What the space-weather function serves: the ten resources of spec §7 plus alerts, the 1-minute
 * Kp, the Kp forecast and the 27-day outlook. Paths are relative to `SWPC_BASE_URL`.
 * Cadence = how often we ask upstream at most (one fetch per product per cadence, however many
 * clients ask); it mirrors the poller's schedule (DESIGN.md "The poller").
 */
export interface ResourceSpec {
  path: string;
  cadenceMs: number;
  contentType: string;
  /** File under ./replay/ holding one recorded real upstream body; null when none was found. */
  replayFile: string | null;
}

const MIN = 60_000;

export const SPACE_WEATHER_RESOURCES = {
  'kp-index': {
    path: 'products/noaa-planetary-k-index.json',
    cadenceMs: 5 * MIN,
    contentType: 'application/json',
    replayFile: 'noaa-planetary-k-index.json',
  },
  'aurora-oval': {
    path: 'json/ovation_aurora_latest.json',
    cadenceMs: 5 * MIN,
    contentType: 'application/json',
    replayFile: 'ovation_aurora_latest.json',
  },
  'aurora-nowcast-hemi-power': {
    path: 'text/aurora-nowcast-hemi-power.txt',
    cadenceMs: 5 * MIN,
    contentType: 'text/plain',
    replayFile: 'aurora-nowcast-hemi-power.txt',
  },
  'solar-wind': {
    path: 'products/solar-wind/plasma-7-day.json',
    cadenceMs: 1 * MIN,
    contentType: 'application/json',
    replayFile: 'plasma-7-day.json',
  },
  'magnetic-field': {
    path: 'products/solar-wind/mag-7-day.json',
    cadenceMs: 1 * MIN,
    contentType: 'application/json',
    replayFile: 'mag-7-day.json',
  },
  'three-day-forecast': {
    path: 'text/3-day-forecast.txt',
    cadenceMs: 30 * MIN,
    contentType: 'text/plain',
    replayFile: '3-day-forecast.txt',
  },
  'three-day-geomag-forecast': {
    path: 'text/3-day-geomag-forecast.txt',
    cadenceMs: 30 * MIN,
    contentType: 'text/plain',
    replayFile: '3-day-geomag-forecast.txt',
  },
  'observed-solar-cycle': {
    path: 'json/solar-cycle/observed-solar-cycle-indices.json',
    cadenceMs: 24 * 60 * MIN,
    contentType: 'application/json',
    replayFile: 'observed-solar-cycle-indices.json',
  },
  'predicted-solar-cycle': {
    path: 'json/solar-cycle/predicted-solar-cycle.json',
    cadenceMs: 24 * 60 * MIN,
    contentType: 'application/json',
    replayFile: 'predicted-solar-cycle.json',
  },
  'icao-advisories': {
    path: 'json/icao-space-weather-advisories.json',
    cadenceMs: 15 * MIN,
    contentType: 'application/json',
    // No real SWPC advisory file was found to record (tests/fixtures/noaa/SOURCES.md).
    replayFile: null,
  },
  alerts: {
    path: 'products/alerts.json',
    cadenceMs: 3 * MIN,
    contentType: 'application/json',
    // No raw copy of products/alerts.json exists in the fixtures; nothing is invented in its place.
    replayFile: null,
  },
  'kp-1m': {
    path: 'json/planetary_k_index_1m.json',
    cadenceMs: 1 * MIN,
    contentType: 'application/json',
    replayFile: 'planetary_k_index_1m.json',
  },
  'kp-forecast': {
    path: 'products/noaa-planetary-k-index-forecast.json',
    cadenceMs: 15 * MIN,
    contentType: 'application/json',
    replayFile: 'noaa-planetary-k-index-forecast.json',
  },
  'twenty-seven-day-outlook': {
    path: 'text/27-day-outlook.txt',
    cadenceMs: 60 * MIN,
    contentType: 'text/plain',
    replayFile: '27-day-outlook.txt',
  },
} as const satisfies Partial<Record<Resource, ResourceSpec>>;

export type SpaceWeatherResource = keyof typeof SPACE_WEATHER_RESOURCES;

export const SPACE_WEATHER_RESOURCE_NAMES = Object.keys(SPACE_WEATHER_RESOURCES) as SpaceWeatherResource[];

export function isSpaceWeatherResource(name: string): name is SpaceWeatherResource {
  return Object.prototype.hasOwnProperty.call(SPACE_WEATHER_RESOURCES, name);
}

export function resourceSpec(resource: SpaceWeatherResource): ResourceSpec {
  return SPACE_WEATHER_RESOURCES[resource];
}
