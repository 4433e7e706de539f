import type { GridBytes } from './auroraAtPlace.ts';

export type Level = 'GO' | 'MAYBE' | 'NO';

type ReasonCode =
  'not-dark' | 'bright-moon' | 'too-cloudy' | 'oval-too-far' | 'kp-too-low' | 'data-too-old';

export interface Reason {
  code: ReasonCode;
  /** One short phrase for people ("twilight", "92 % cloud", "needs Kp 6, forecast 3"). */
  text: string;
}

/** Everything the verdict needs, as plain data read from the local database. */
export interface TonightInputs {
  place: { lat: number; lon: number };
  /** Epoch ms. */
  now: number;
  /** The newest OVATION frame (360×181 bytes, row 0 = lat +90, col 0 = lon −180, values 0–100). */
  ovation?: { observationTime: number; forecastTime: number; values: GridBytes } | null;
  /** Kp forecast: each entry covers the three hours from `time` (epoch ms); `updatedAt` = when it was fetched or issued. */
  kpForecast?: { entries: readonly { time: number; kp: number }[]; updatedAt: number } | null;
  /** Hourly cloud cover (%) at the place: columns of equal length, `null` where a value is missing. */
  clouds?: {
    time: readonly number[];
    total: readonly (number | null)[];
    low?: readonly (number | null)[];
    medium?: readonly (number | null)[];
    high?: readonly (number | null)[];
    updatedAt: number;
    /** The backend's shipped sample moved to the present (MET Norway unreachable), not a real forecast. */
    replay?: boolean;
  } | null;
}

export interface InputAge {
  present: boolean;
  /** now − the input's time, ms; null when absent. */
  ageMs: number | null;
  maxAgeMs: number;
  stale: boolean;
  /** The input is a replayed sample (clouds only): its age is the sample's, not a real forecast's. */
  replay?: boolean;
}

export interface SlotAurora {
  source: 'ovation' | 'kp' | 'none';
  overheadPercent?: number;
  visiblePercent?: number;
  compass?: string | null;
  kp?: number;
  /** Expected equatorward boundary (geomagnetic latitude, degrees) and the place's distance inside it (negative: outside). */
  boundaryLat?: number;
  marginDeg?: number;
  kpNeeded?: number | null;
}

export interface SlotVerdict {
  start: number;
  end: number;
  level: Level;
  reasons: Reason[];
  /** The codes of the reasons that closed the slot (each one alone makes it NO). */
  closedBy: ReasonCode[];
  sunAltitudeDeg: number;
  moon: { altitudeDeg: number; illumination: number; up: boolean };
  /** Cloud that hides aurora, %, and the layer it comes from; null when there is no forecast for the slot. */
  cloud: { percent: number; layer: 'low' | 'medium' | 'high' | 'total' } | null;
  aurora: SlotAurora;
}
