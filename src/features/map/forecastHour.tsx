/**
 * The words of a slider position past now (a forecast hour, timeline.ts): the slider's value text
 * and line and the status over the map. They show only once there are forecast hours, so they
 * travel in the tonight chunk and the cloud layer's (tonight/TonightVerdict.tsx, cloudLayer.ts),
 * not in `/`'s first load.
 */
import type { GridSnapshot } from '../../../core/model.ts';
import { formatAge, formatClockTime, formatTime } from '../../lib/format.ts';
import type { Clock } from '../../lib/clock.ts';
import { ovalReaches } from './timeline.ts';

/**
 * The slider's `aria-valuetext` and visible line on the k-th hour ahead. `ovalFor`: the newest
 * frame's forecast time (null without one); its oval is drawn only on the hour it reaches
 * (timeline.ts `ovalReaches`), and the words say which.
 */
export function forecastPositionText(
  hour: number,
  k: number,
  ovalFor: number | null,
  clock: Clock,
): { valueText: string; label: string } {
  const drawn = ovalReaches(hour, ovalFor);
  return {
    valueText: `${formatTime(hour, clock)}, forecast ${k} h ahead: clouds for that hour, ${drawn ? 'aurora from the latest frame, forecast for this hour' : 'no aurora oval (no forecast reaches this hour)'}`,
    label: `${formatClockTime(hour, clock)} — forecast, ${k} h ahead: clouds for that hour; ${drawn ? 'the aurora shown is the latest forecast, for this hour' : 'no oval is drawn (no aurora forecast reaches this hour)'}`,
  };
}

/**
 * Over the map on a forecast hour: the time, that it is a forecast, and what the aurora layer
 * shows — the newest frame where its forecast reaches the hour, else nothing, said plainly.
 */
export function ForecastHourStatus(props: {
  hour: number;
  hoursAhead: number;
  grid: GridSnapshot | null;
  showAurora: boolean;
  now: number;
  clock: Clock;
}) {
  const { hour, hoursAhead, grid, showAurora, now, clock } = props;
  const drawn = grid !== null && ovalReaches(hour, grid.forecastTime);
  return (
    <>
      <p className="map-status__line" data-testid="forecast-hour-status">
        <strong>
          Showing {formatTime(hour, clock)}, {hoursAhead} h ahead
        </strong>
        <span className="map-status__badge map-status__badge--forecast">Forecast</span>
      </p>
      <p className="map-status__line map-status__line--small">
        {grid === null
          ? 'Aurora: no forecast stored.'
          : drawn
            ? `Aurora: the latest forecast, for ${formatTime(grid.forecastTime, clock)} (observed ${formatAge(now - grid.observationTime)}), drawn for this hour.`
            : `Aurora: no oval is drawn for this hour — OVATION looks about an hour ahead at most, and its latest forecast is for ${formatTime(grid.forecastTime, clock)} (observed ${formatAge(now - grid.observationTime)}).`}
        {!showAurora && ' Aurora layer switched off.'}
      </p>
    </>
  );
}
