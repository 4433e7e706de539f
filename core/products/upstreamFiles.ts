/**
 * The text half of each product's registry entry (core/products/products.ts), kept apart because
 * only the backend and tests need it and the registry rides in the page's first chunk and the
 * service worker: the upstream shape its normaliser enforces, in one line (missing known columns =
 * error, extra = drift; tests/fixtures/swpc/FORMATS.md has the detail), and, for a product the
 * space-weather function serves, the content type it serves and its replay file (under
 * supabase/functions/space-weather/replay/, see SOURCES.md there) with the newest data time inside
 * it — used only when no normaliser can compute it from the body: a replay must never claim to be
 * newer than it is (the constructed files keep the time spans of the recordings they replaced).
 * A `Record<Resource, …>`: a product without its entry here does not compile.
 */
import type { Resource } from '../model.ts';

export interface UpstreamFile {
  schema: string;
  /** null: the space-weather function does not serve it (the registry's `viaBackend` is false). */
  served: {
    contentType: 'application/json' | 'text/plain';
    replayFile: string;
    /** ISO 8601, UTC. */
    replayDataTime: string;
  } | null;
}

export const UPSTREAM_FILES = {
  'kp-index': {
    schema:
      'JSON [[time_tag, Kp, a_running, station_count], …strings] or [{time_tag, Kp, a_running, station_count}]',
    served: {
      contentType: 'application/json',
      replayFile: 'noaa-planetary-k-index.json',
      replayDataTime: '2026-02-09T15:00:00Z',
    },
  },
  'aurora-oval': {
    schema:
      'JSON {"Observation Time", "Forecast Time", "Data Format", coordinates: 65,160 × [lon 0–359, lat −90…90, aurora 0–100]}',
    served: {
      contentType: 'application/json',
      replayFile: 'ovation_aurora_latest.json',
      replayDataTime: '2024-03-03T15:07:00Z',
    },
  },
  'aurora-nowcast-hemi-power': {
    schema:
      'text: # header, then "YYYY-MM-DD_HH:MM  YYYY-MM-DD_HH:MM  north  south" (GW, "(n/a)" missing)',
    served: {
      contentType: 'text/plain',
      replayFile: 'aurora-nowcast-hemi-power.txt',
      replayDataTime: '2024-03-03T15:15:00Z',
    },
  },
  'solar-wind': {
    schema:
      'JSON [[time_tag, density, speed, temperature], …strings|null] or rtsw [{time_tag, active, source, proton_*}]',
    served: {
      contentType: 'application/json',
      replayFile: 'plasma-7-day.json',
      replayDataTime: '2026-01-19T23:07:00Z',
    },
  },
  'magnetic-field': {
    schema:
      'JSON [[time_tag, bx_gsm, by_gsm, bz_gsm, lon_gsm, lat_gsm, bt], …] or rtsw [{time_tag, active, source, b*_gsm, bt, theta_gsm, phi_gsm, …}]',
    served: {
      contentType: 'application/json',
      replayFile: 'mag-7-day.json',
      replayDataTime: '2026-01-19T23:08:00Z',
    },
  },
  'three-day-forecast': {
    schema:
      'text: :Product: 3-Day Forecast, :Issued:, Kp breakdown 3 days × 8 rows (Gn tags), S1 and R1-R2/R3 tables, Rationale',
    served: {
      contentType: 'text/plain',
      replayFile: '3-day-forecast.txt',
      replayDataTime: '2024-12-31T12:30:00Z',
    },
  },
  'three-day-geomag-forecast': {
    schema:
      'text: :Product: Geomagnetic Forecast, Observed/Estimated/Predicted Ap, probabilities dd/dd/dd, Kp forecast 3 × 8',
    served: {
      contentType: 'text/plain',
      replayFile: '3-day-geomag-forecast.txt',
      replayDataTime: '2024-09-14T22:05:00Z',
    },
  },
  'observed-solar-cycle': {
    schema:
      'JSON [{"time-tag": "YYYY-MM", ssn, smoothed_ssn, observed_swpc_ssn, smoothed_swpc_ssn, "f10.7", "smoothed_f10.7"}], -1 missing',
    served: {
      contentType: 'application/json',
      replayFile: 'observed-solar-cycle-indices.json',
      replayDataTime: '2024-11-01T00:00:00Z',
    },
  },
  'predicted-solar-cycle': {
    schema:
      'JSON [{"time-tag": "YYYY-MM", predicted_ssn, high_ssn, low_ssn, "predicted_f10.7", "high_f10.7", "low_f10.7"}]',
    served: {
      contentType: 'application/json',
      replayFile: 'predicted-solar-cycle.json',
      replayDataTime: '2023-11-11T00:00:00Z',
    },
  },
  'icao-advisories': {
    schema:
      'text "SWX ADVISORY" blocks (DTG, SWXC, ADVISORY NR, SWX EFFECT, OBS/FCST SWX, RMK, NXT ADVISORY) or a JSON array of them',
    served: {
      contentType: 'application/json',
      // No real SWPC advisory file exists to record: this one is CONSTRUCTED to the ICAO Annex 3
      // template (replay/SOURCES.md), marked STATUS: TEST inside, and served only as a replay.
      replayFile: 'icao-space-weather-advisories.json',
      replayDataTime: '2016-11-08T01:00:00Z',
    },
  },
  alerts: {
    schema: 'JSON [{product_id, issue_datetime, message}] with SWPC bulletin text',
    served: {
      contentType: 'application/json',
      replayFile: 'alerts.json',
      replayDataTime: '2026-10-04T11:23:41.163Z',
    },
  },
  'kp-1m': {
    schema: 'JSON [{time_tag, kp_index, estimated_kp, kp: "1M"|"1Z"|"1P"}]',
    served: {
      contentType: 'application/json',
      replayFile: 'planetary_k_index_1m.json',
      replayDataTime: '2026-07-09T10:00:00Z',
    },
  },
  'kp-forecast': {
    schema:
      'JSON [[time_tag, kp, observed, noaa_scale], …] with observed ∈ observed|estimated|predicted',
    served: {
      contentType: 'application/json',
      replayFile: 'noaa-planetary-k-index-forecast.json',
      replayDataTime: '2026-02-09T21:00:00Z',
    },
  },
  'twenty-seven-day-outlook': {
    schema: 'text: :Product: 27-day Space Weather Outlook, rows "YYYY Mon DD  F10.7  A  Kp"',
    served: {
      contentType: 'text/plain',
      replayFile: '27-day-outlook.txt',
      replayDataTime: '2025-03-24T02:02:00Z',
    },
  },
  'sdo-images': {
    schema:
      'JSON [{channel, url, time}] built from SDO latest_{RES}_{CHANNEL}.jpg HEAD Last-Modified',
    served: null,
  },
  'kp-gfz': {
    schema:
      'GFZ Potsdam JSON {meta: {source, license}, datetime: ["YYYY-MM-DDThh:00:00Z"], Kp: [0…9], status: ["def"|"pre"]}',
    served: {
      contentType: 'application/json',
      // CONSTRUCTED to GFZ's documented JSON format, not recorded (replay/SOURCES.md); served with
      // its own dates and marked a replay, its values never scored (status 0, service.ts).
      replayFile: 'kp-gfz-constructed.json',
      replayDataTime: '2026-11-20T21:00:00Z',
    },
  },
} as const satisfies Record<Resource, UpstreamFile>;

/** The products the space-weather function serves: those with a `served` entry above. */
export type ServedResource = {
  [R in Resource]: (typeof UPSTREAM_FILES)[R]['served'] extends null ? never : R;
}[Resource];
