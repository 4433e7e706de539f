import type { ChartSpec } from '../../ui/charts/chartSpec.ts';
import { SERIES_COLOURS } from '../../ui/charts/palette.ts';

export type SolarWindRange = '2h' | '6h' | '24h' | '3d' | '7d';

const HOUR = 3_600_000;
export const SOLAR_WIND_RANGES: readonly { value: SolarWindRange; label: string; ms: number }[] = [
  { value: '2h', label: '2 h', ms: 2 * HOUR },
  { value: '6h', label: '6 h', ms: 6 * HOUR },
  { value: '24h', label: '24 h', ms: 24 * HOUR },
  { value: '3d', label: '3 d', ms: 72 * HOUR },
  { value: '7d', label: '7 d', ms: 168 * HOUR },
];

export function rangeMs(range: SolarWindRange): number {
  return SOLAR_WIND_RANGES.find((r) => r.value === range)!.ms;
}

/** Bz and Bt in GSM, one nT axis; the southward side of Bz shaded (south is what drives aurora). */
export const MAGNETIC_FIELD: ChartSpec = {
  title: 'Magnetic field',
  series: [
    {
      key: 'bz',
      label: 'Bz',
      unit: 'nT',
      scale: 'nT',
      kind: 'line',
      colour: SERIES_COLOURS.skyBlue,
      digits: 1,
      shadeBelowZero: true,
    },
    {
      key: 'bt',
      label: 'Bt',
      unit: 'nT',
      scale: 'nT',
      kind: 'line',
      colour: SERIES_COLOURS.orange,
      digits: 1,
      dash: [6, 3],
    },
  ],
  axes: [{ scale: 'nT', label: 'Bz, Bt GSM (nT)', side: 'left', range: { min: -10, max: 10 } }],
  cadenceMs: 60_000,
  syncKey: 'solar-wind',
};

/** Speed (km/s, left) and proton density (p/cm³, right) from the same plasma instrument. */
export const PLASMA: ChartSpec = {
  title: 'Solar wind plasma',
  series: [
    {
      key: 'speed',
      label: 'Speed',
      unit: 'km/s',
      scale: 'kms',
      kind: 'line',
      colour: SERIES_COLOURS.green,
      digits: 0,
    },
    {
      key: 'density',
      label: 'Density',
      unit: 'p/cm³',
      scale: 'pcc',
      kind: 'line',
      colour: SERIES_COLOURS.purple,
      digits: 1,
      dash: [6, 3],
    },
  ],
  axes: [
    { scale: 'kms', label: 'Speed (km/s)', side: 'left', range: { min: 300, max: 600 } },
    { scale: 'pcc', label: 'Density (p/cm³)', side: 'right', range: { min: 0, max: 10 } },
  ],
  cadenceMs: 60_000,
  syncKey: 'solar-wind',
};
