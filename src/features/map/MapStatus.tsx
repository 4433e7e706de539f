import type { ReactNode } from 'react';
import type { GridSnapshot } from '../../../core/model.ts';
import { formatAge, formatTime } from '../../lib/format.ts';
import type { Clock } from '../../lib/clock.ts';
import { OVATION_MAX_AGE_MS, type GridFreshness } from './freshness.ts';

/** The feed's own window (core/products/freshness.ts), in the words under the map. */
const WINDOW_MINUTES = Math.round(OVATION_MAX_AGE_MS / 60_000);

interface MapStatusProps {
  grid: GridSnapshot | null;
  freshness: GridFreshness | null;
  loading: boolean;
  error: Error | null;
  feedError: string | null;
  isNewest: boolean;
  showAurora: boolean;
  showClouds: boolean;
  /** With the cloud layer on: its line (cloudStatus.tsx, in the cloud layer's chunk). */
  cloudStatus?: ReactNode;
  /** On a forecast hour past the newest frame (timeline.ts): its status (forecastHour.tsx), shown instead of the frame's. */
  forecastStatus?: ReactNode;
  now: number;
  /** The screen's one clock (src/lib/clock.ts). */
  clock: Clock;
}

/** The text over the map: which forecast is shown, how old it is, and every "not available" said plainly. */
export function MapStatus(props: MapStatusProps) {
  const {
    grid,
    freshness,
    loading,
    error,
    feedError,
    isNewest,
    showAurora,
    showClouds,
    cloudStatus = null,
    forecastStatus = null,
    now,
    clock,
  } = props;
  return (
    <div className="map-status" role="status" aria-live="polite">
      {loading && !grid && <p className="map-status__line">Loading map data...</p>}
      {error && (
        <p className="map-status__line map-status__line--error">
          Stored forecasts could not be read: {error.message}
        </p>
      )}
      {!loading && !error && !grid && (
        <p className="map-status__line map-status__line--empty">
          No aurora forecast stored yet — it appears after the first successful update.
        </p>
      )}
      {forecastStatus}
      {grid && !forecastStatus && (
        <>
          <p className="map-status__line">
            <strong>Aurora forecast for {formatTime(grid.forecastTime, clock)}</strong>
            {!isNewest && (
              <span className="map-status__badge map-status__badge--history">Earlier frame</span>
            )}
            {freshness?.stale && (
              <span className="map-status__badge map-status__badge--stale">Stale</span>
            )}
          </p>
          <p className="map-status__line map-status__line--small">
            Observed {formatTime(grid.observationTime, clock)} (
            {formatAge(now - grid.observationTime)})
            {/* Each remark on a line of its own (display: block): as one block, a stale frame's
                line outgrew the text the prerendered page paints first and became the page's
                largest paint, which then waited for data. */}
            {freshness?.stale && (
              <span className="map-status__more">
                {` — older than the ${WINDOW_MINUTES}-minute update window; newer data has not arrived.`}
              </span>
            )}
            {!showAurora && <span className="map-status__more"> — aurora layer switched off.</span>}
          </p>
        </>
      )}
      {feedError && isNewest && (
        <p className="map-status__line map-status__line--small">Last update failed: {feedError}</p>
      )}
      {showClouds &&
        (cloudStatus ?? (
          <p className="map-status__line map-status__line--small" data-testid="cloud-status">
            Clouds: loading the cloud layer…
          </p>
        ))}
    </div>
  );
}
