/**
 * The words of a slider position past now (a forecast hour, timeline.ts): the slider's value text
 * and line and the status over the map. They show only once there are forecast hours, so they
 * travel in the tonight chunk and the cloud layer's (tonight/TonightVerdict.tsx, cloudLayer.ts),
 * not in `/`'s first load.
 */
import type { GridSnapshot } from '../../../core/model.ts';
import { formatAge, formatUtc, formatUtcClock } from '../../lib/format.ts';

/** The slider's `aria-valuetext` and visible line on the k-th hour ahead. */
export function forecastPositionText(
  hour: number,
  k: number,
): { valueText: string; label: string } {
  return {
    valueText: `${formatUtc(hour)}, forecast ${k} h ahead: clouds for that hour, aurora from the latest frame`,
    label: `${formatUtcClock(hour)} — forecast, ${k} h ahead: clouds for that hour; the aurora shown is the latest forecast (none reaches this hour)`,
  };
}

/** Over the map on a forecast hour: the time, that it is a forecast, and what the aurora layer shows instead. */
export function ForecastHourStatus(props: {
  hour: number;
  hoursAhead: number;
  grid: GridSnapshot | null;
  showAurora: boolean;
  now: number;
}) {
  const { hour, hoursAhead, grid, showAurora, now } = props;
  return (
    <>
      <p className="map-status__line" data-testid="forecast-hour-status">
        <strong>
          Showing {formatUtc(hour)}, {hoursAhead} h ahead
        </strong>
        <span className="map-status__badge map-status__badge--forecast">Forecast</span>
      </p>
      <p className="map-status__line map-status__line--small">
        {grid
          ? `Aurora: the latest forecast, for ${formatUtc(grid.forecastTime)} (observed ${formatAge(now - grid.observationTime)}) — OVATION looks about an hour ahead at most, so no oval is drawn for this hour.`
          : 'Aurora: no forecast stored.'}
        {!showAurora && ' Aurora layer switched off.'}
      </p>
    </>
  );
}
