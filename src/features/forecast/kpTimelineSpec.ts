import type { ChartSpec } from '../../ui/charts/chartSpec.ts';
import { kpColour, SERIES_COLOURS, withAlpha } from '../../ui/charts/palette.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Kp on one axis, 0–9: observed and forecast bars coloured by G level, the 1-minute estimate as a line. */
export const KP_TIMELINE: ChartSpec = {
  title: 'Kp index',
  series: [
    {
      key: 'observed',
      label: 'Observed Kp',
      unit: '',
      scale: 'kp',
      kind: 'bars',
      colour: '#7FC6A4',
      digits: 2,
      barColour: kpColour,
      barAlign: 1,
      coverage: { cadenceMs: 3 * HOUR, span: 'past' },
    },
    {
      key: 'estimated',
      label: 'Estimated Kp (1 min)',
      unit: '',
      scale: 'kp',
      kind: 'line',
      colour: SERIES_COLOURS.skyBlue,
      digits: 2,
      // The line claims the same week as the bars: a sliver of it is counted as what it is.
      coverage: { cadenceMs: MINUTE, span: 'past' },
    },
    {
      key: 'forecast',
      label: 'Forecast Kp',
      unit: '',
      scale: 'kp',
      kind: 'bars',
      colour: '#9aa6c8',
      digits: 2,
      barColour: (v) => withAlpha(kpColour(v), 0.45),
      barAlign: 1,
      coverage: { cadenceMs: 3 * HOUR, span: 'ahead' },
    },
  ],
  axes: [
    {
      scale: 'kp',
      label: 'Kp (5+ = storm, G1–G5)',
      side: 'left',
      range: { min: 0, max: 9, fixed: true },
    },
  ],
  // The bars' 3-hour cadence draws the gaps; each series' own coverage counts what is missing.
  cadenceMs: 3 * HOUR,
};
