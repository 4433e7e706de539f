import { useMemo } from 'react';
import { useSeries } from '../../../sync/react/index.ts';
import type { ChartData } from '../../ui/charts/chartData.ts';
import type { ChartSpec } from '../../ui/charts/chartSpec.ts';
import type { Clock } from '../../lib/clock.ts';
import { SERIES_COLOURS } from '../../ui/charts/palette.ts';
import { TimeChart } from '../../ui/charts/TimeChart.tsx';

/** North and south hemispheric power (GW) from the OVATION nowcast, every 5 minutes. */
const HEMI_POWER: ChartSpec = {
  title: 'Hemispheric power',
  series: [
    {
      key: 'north',
      label: 'North',
      unit: 'GW',
      scale: 'gw',
      kind: 'line',
      colour: SERIES_COLOURS.green,
      digits: 0,
    },
    {
      key: 'south',
      label: 'South',
      unit: 'GW',
      scale: 'gw',
      kind: 'line',
      colour: SERIES_COLOURS.orange,
      digits: 0,
      dash: [6, 3],
    },
  ],
  axes: [
    { scale: 'gw', label: 'Hemispheric power (GW)', side: 'left', range: { min: 0, max: 30 } },
  ],
  cadenceMs: 5 * 60_000,
};

/** Everything stored: the worker keeps the history the retention policy allows. */
const ALL = { from: 0, to: Number.MAX_SAFE_INTEGER };

/**
 * Hemispheric power north and south over the whole stored history. The chart is drawn before any
 * data (its caption says none is stored), so the page does not jump when the first values land.
 */
export function HemiPowerChart({ now, clock }: { now: number; clock: Clock }) {
  const hemi = useSeries('hemi-power', ALL);
  const data = useMemo<ChartData>(
    () => ({ t: hemi.data.t, columns: hemi.data.fields }),
    [hemi.data],
  );
  const first = data.t[0];
  const last = data.t.at(-1);
  const window = useMemo(
    () => ({ from: first ?? now - 86_400_000, to: last ?? now }),
    [first, last, now],
  );
  return (
    <TimeChart spec={HEMI_POWER} data={data} window={window} clock={clock} now={now} height={200} />
  );
}
