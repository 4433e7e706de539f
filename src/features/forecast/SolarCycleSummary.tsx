import { useMemo } from 'react';
import type { SolarCycleData } from '../../../core/normalise/index.ts';
import type { ChartSpec } from '../../ui/charts/chartSpec.ts';
import { TimeChart } from '../../ui/charts/TimeChart.tsx';
import { UTC_CLOCK, type Clock } from '../../lib/clock.ts';
import { SERIES_COLOURS } from '../../ui/charts/palette.ts';
import { solarCycleData } from './solarCycleData.ts';

const SOLAR_CYCLE: ChartSpec = {
  title: 'Sunspot number',
  series: [
    {
      key: 'ssn',
      label: 'Monthly',
      unit: '',
      scale: 'ssn',
      kind: 'line',
      colour: SERIES_COLOURS.skyBlue,
      digits: 1,
    },
    {
      key: 'smoothed',
      label: 'Smoothed',
      unit: '',
      scale: 'ssn',
      kind: 'line',
      colour: SERIES_COLOURS.orange,
      digits: 1,
    },
    {
      key: 'predicted',
      label: 'NOAA prediction',
      unit: '',
      scale: 'ssn',
      kind: 'line',
      colour: SERIES_COLOURS.purple,
      digits: 1,
      dash: [6, 4],
    },
  ],
  axes: [{ scale: 'ssn', label: 'Sunspot number', side: 'left', range: { min: 0, max: 50 } }],
  // Monthly values: a missing month or more breaks the line.
  cadenceMs: 31 * 86_400_000,
  timeStep: 'month',
};

/** The sunspot number since 2008 (observed, smoothed) and NOAA's prediction, as a chart with its text alternative. */
function SolarCycleSummary({
  observed,
  predicted,
  now,
  clock = UTC_CLOCK,
}: {
  observed: SolarCycleData | null;
  predicted: SolarCycleData | null;
  now: number;
  clock?: Clock;
}) {
  const { data, window } = useMemo(
    () => solarCycleData(observed, predicted),
    [observed, predicted],
  );
  if (data.t.length === 0) return null;
  return (
    <TimeChart
      spec={SOLAR_CYCLE}
      data={data}
      window={window}
      clock={clock}
      now={now}
      height={220}
    />
  );
}
export default SolarCycleSummary;
