import { useMemo, useState } from 'react';
import { useSeries } from '../../../sync/react/index.ts';
import { ChoiceGroup, TimeZoneChoice } from '../../ui/charts/ChartControls.tsx';
import type { ChartData } from '../../ui/charts/chartData.ts';
import { TimeChart } from '../../ui/charts/TimeChart.tsx';
import { useChartTimeZone } from '../../lib/useChartTimeZone.ts';
import { useClock } from '../../lib/useClock.ts';
import {
  MAGNETIC_FIELD,
  PLASMA,
  rangeMs,
  SOLAR_WIND_RANGES,
  type SolarWindRange,
} from './solarWindSpecs.ts';

function spacecraftText(mag: string | null | undefined, plasma: string | null | undefined): string {
  if (!mag && !plasma) return 'Spacecraft not stated by the feed.';
  if (mag === plasma || !plasma) return `Measured by ${mag}.`;
  if (!mag) return `Measured by ${plasma}.`;
  return `Magnetic field from ${mag}, plasma from ${plasma}.`;
}

/**
 * Bz/Bt and speed/density over a chosen range ending at `end` (the newest stored sample, so old
 * data still shows its last trend), read from the chunked local series.
 */
export function SolarWindCharts({
  end,
  now,
  initialRange = '6h',
  compact = false,
}: {
  end: number;
  now: number;
  initialRange?: SolarWindRange;
  compact?: boolean;
}) {
  const [range, setRange] = useState<SolarWindRange>(initialRange);
  const [zone, setZone] = useChartTimeZone();
  const clock = useClock();
  // Whole minutes keep the query range (and so the subscription) stable between renders.
  const to = Math.ceil(end / 60_000) * 60_000;
  const from = to - rangeMs(range);
  const window = useMemo(() => ({ from, to }), [from, to]);
  const mag = useSeries('solar-wind-mag', window);
  const plasma = useSeries('solar-wind-plasma', window);
  const magData = useMemo<ChartData>(
    () => ({ t: mag.data.t, columns: mag.data.fields }),
    [mag.data],
  );
  const plasmaData = useMemo<ChartData>(
    () => ({ t: plasma.data.t, columns: plasma.data.fields }),
    [plasma.data],
  );
  const height = compact ? 120 : 220;
  return (
    <div className="solar-wind-charts">
      {compact ? null : (
        <div className="chart-controls">
          <ChoiceGroup
            label="Range"
            options={SOLAR_WIND_RANGES}
            value={range}
            onChange={setRange}
          />
          <TimeZoneChoice zone={zone} onChange={setZone} />
        </div>
      )}
      <TimeChart
        spec={MAGNETIC_FIELD}
        data={magData}
        window={window}
        clock={clock}
        now={now}
        height={height}
        compact={compact}
      />
      <TimeChart
        spec={PLASMA}
        data={plasmaData}
        window={window}
        clock={clock}
        now={now}
        height={height}
        compact={compact}
      />
      <p className="muted small">{spacecraftText(mag.data.source, plasma.data.source)}</p>
    </div>
  );
}
