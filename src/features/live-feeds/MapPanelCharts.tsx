import { useMemo } from 'react';
import { useProduct, useSpaceWeatherSummary } from '../../../sync/react/index.ts';
import type { KpForecastData, ThreeDayForecastData } from '../../../core/normalise/index.ts';
import { KpTimeline } from '../forecast/KpTimeline.tsx';
import { kpForecastPeriods } from '../forecast/kpTimelineData.ts';
import { SolarWindCharts } from './SolarWindCharts.tsx';
import { useProductsShown } from '../../lib/useProductsShown.ts';

/** What the charts show: fetched at the tap even if the first poll has not got to them yet. */
const SHOWN = ['solar-wind', 'magnetic-field', 'kp-forecast', 'three-day-forecast'] as const;

/** The map panel's small charts: the Kp timeline and 6 hours of solar wind, from the local database. */
function MapPanelCharts({ now }: { now: number }) {
  useProductsShown(SHOWN);
  const summary = useSpaceWeatherSummary(now);
  const kpJson = useProduct<KpForecastData>('kp-forecast');
  const bulletin = useProduct<ThreeDayForecastData>('three-day-forecast');
  const rows = kpJson.data?.data.rows ?? null;
  const cells = bulletin.data?.data.kp ?? null;
  const forecast = useMemo(() => kpForecastPeriods(rows, cells), [rows, cells]);
  const d = summary.data.details;
  const windEnd = Math.max(d.magneticFieldBz.time ?? 0, d.solarWindSpeed.time ?? 0) || now;
  return (
    <div className="map-panel-charts">
      <KpTimeline forecast={forecast} now={now} newestKnown={d.kpIndex.time} compact />
      {summary.data.timestamp > 0 ? <SolarWindCharts end={windEnd} now={now} compact /> : null}
    </div>
  );
}
export default MapPanelCharts;
