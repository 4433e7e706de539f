/**
 * The upstream shape each normaliser enforces (missing known columns = error, extra = drift), in
 * one line per product: documentation for people (tests/fixtures/swpc/FORMATS.md has the detail).
 * Kept out of the product registry, which every bundle carries, so it costs the app nothing.
 */
import type { Resource } from '../model.ts';

export const UPSTREAM_SCHEMAS: Record<Resource, string> = {
  'kp-index':
    'JSON [[time_tag, Kp, a_running, station_count], …strings] or [{time_tag, Kp, a_running, station_count}]',
  'aurora-oval':
    'JSON {"Observation Time", "Forecast Time", "Data Format", coordinates: 65,160 × [lon 0–359, lat −90…90, aurora 0–100]}',
  'aurora-nowcast-hemi-power':
    'text: # header, then "YYYY-MM-DD_HH:MM  YYYY-MM-DD_HH:MM  north  south" (GW, "(n/a)" missing)',
  'solar-wind':
    'JSON [[time_tag, density, speed, temperature], …strings|null] or rtsw [{time_tag, active, source, proton_*}]',
  'magnetic-field':
    'JSON [[time_tag, bx_gsm, by_gsm, bz_gsm, lon_gsm, lat_gsm, bt], …] or rtsw [{time_tag, active, source, b*_gsm, bt, theta_gsm, phi_gsm, …}]',
  'three-day-forecast':
    'text: :Product: 3-Day Forecast, :Issued:, Kp breakdown 3 days × 8 rows (Gn tags), S1 and R1-R2/R3 tables, Rationale',
  'three-day-geomag-forecast':
    'text: :Product: Geomagnetic Forecast, Observed/Estimated/Predicted Ap, probabilities dd/dd/dd, Kp forecast 3 × 8',
  'observed-solar-cycle':
    'JSON [{"time-tag": "YYYY-MM", ssn, smoothed_ssn, observed_swpc_ssn, smoothed_swpc_ssn, "f10.7", "smoothed_f10.7"}], -1 missing',
  'predicted-solar-cycle':
    'JSON [{"time-tag": "YYYY-MM", predicted_ssn, high_ssn, low_ssn, "predicted_f10.7", "high_f10.7", "low_f10.7"}]',
  'icao-advisories':
    'text "SWX ADVISORY" blocks (DTG, SWXC, ADVISORY NR, SWX EFFECT, OBS/FCST SWX, RMK, NXT ADVISORY) or a JSON array of them',
  alerts: 'JSON [{product_id, issue_datetime, message}] with SWPC bulletin text',
  'kp-1m': 'JSON [{time_tag, kp_index, estimated_kp, kp: "1M"|"1Z"|"1P"}]',
  'kp-forecast':
    'JSON [[time_tag, kp, observed, noaa_scale], …] with observed ∈ observed|estimated|predicted',
  'twenty-seven-day-outlook':
    'text: :Product: 27-day Space Weather Outlook, rows "YYYY Mon DD  F10.7  A  Kp"',
  'sdo-images':
    'JSON [{channel, url, time}] built from SDO latest_{RES}_{CHANNEL}.jpg HEAD Last-Modified',
  'kp-gfz':
    'GFZ Potsdam JSON {meta: {source, license}, datetime: ["YYYY-MM-DDThh:00:00Z"], Kp: [0…9], status: ["def"|"pre"]}',
};
