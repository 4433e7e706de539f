import { useMemo } from 'react';
import { useSeries } from '../../../sync/react/index.ts';
import { TimeZoneChoice } from '../../ui/charts/ChartControls.tsx';
import { TimeChart } from '../../ui/charts/TimeChart.tsx';
import { useChartTimeZone } from '../../lib/useChartTimeZone.ts';
import { useClock } from '../../lib/useClock.ts';
import { KP_AHEAD_MS, KP_BACK_MS, kpAnchor, kpTimelineData } from './kpTimelineData.ts';
import { KP_TIMELINE } from './kpTimelineSpec.ts';

/** Whole hours keep the query ranges (and so the subscriptions) stable between renders. */
const HOUR = 3_600_000;

/**
 * Kp from 7 days back to 3 days ahead: observed 3-hourly bars, the 1-minute estimate, then the
 * forecast past the "now" marker. `forecast` comes from the stored forecast products.
 */
export function KpTimeline({
  forecast,
  now,
  newestKnown,
  compact = false,
}: {
  forecast: readonly { t: number; kp: number }[];
  now: number;
  newestKnown: number | null;
  compact?: boolean;
}) {
  const [zone, setZone] = useChartTimeZone();
  const clock = useClock();
  const anchor = kpAnchor(newestKnown, now);
  const anchorHour = Math.ceil(anchor.t / HOUR) * HOUR;
  const window = useMemo(
    () => ({ from: anchorHour - KP_BACK_MS, to: anchorHour + KP_AHEAD_MS }),
    [anchorHour],
  );
  const past = useMemo(() => ({ from: window.from, to: anchorHour }), [window.from, anchorHour]);
  const observed = useSeries('kp-3h', past);
  const estimated = useSeries('kp-1m', past);
  const data = useMemo(
    () =>
      kpTimelineData(
        { t: observed.data.t, kp: observed.data.fields.kp ?? [] },
        { t: estimated.data.t, kp: estimated.data.fields.kp ?? [] },
        forecast,
      ),
    [observed.data, estimated.data, forecast],
  );
  return (
    <div className="kp-timeline">
      {compact ? null : (
        <div className="chart-controls">
          <TimeZoneChoice zone={zone} onChange={setZone} />
        </div>
      )}
      <TimeChart
        spec={KP_TIMELINE}
        data={data}
        marker={anchor}
        window={window}
        clock={clock}
        now={now}
        height={compact ? 120 : 240}
        compact={compact}
      />
    </div>
  );
}
