/**
 * The cloud layer's line over the map: which layer and hour are drawn, from which model run and
 * how old, whether it is the backend's replayed sample, and NOAA's credit; or, with nothing drawn,
 * why — still being fetched (online), not stored for this view (offline), or not covering the time
 * shown. Online it never says "unavailable offline".
 */
import type { CloudLayer } from '../../../core/clouds/cloudTiles.ts';
import type { CloudTilesResult } from '../../../sync/react/index.ts';
import { formatAge, formatTime } from '../../lib/format.ts';
import type { Clock } from '../../lib/clock.ts';
import type { CloudCells } from './cloudCells.ts';

const CLOUD_LAYER_NAMES: Record<CloudLayer, string> = {
  total: 'total cloud',
  low: 'low cloud',
  medium: 'middle cloud',
  high: 'high cloud',
};

export function CloudLayerStatus(props: {
  cells: CloudCells | null;
  layer: CloudLayer;
  /** How many of the view's tiles are stored. */
  stored: number;
  feed: CloudTilesResult['feed'];
  online: boolean;
  now: number;
  /** The screen's one clock (src/lib/clock.ts). */
  clock: Clock;
  /**
   * The place's own forecast (MET Norway), which tonight's verdict judges: named here with its age,
   * so a screen with two cloud sources says which is which.
   */
  place?: { run: number; replay: boolean } | null;
}) {
  const { cells, layer, stored, feed, online, now, clock, place = null } = props;
  let text: string;
  if (cells) {
    const part =
      cells.tilesDrawn < 1
        ? ` Stored for ${Math.round(cells.tilesDrawn * 100)} % of this view${online ? '; the rest is on its way' : ''}.`
        : '';
    text = `Clouds (${CLOUD_LAYER_NAMES[cells.layer]}, ${cells.cellDeg}° cells): forecast for ${formatTime(cells.time, clock)}${cells.replay ? ' (a replayed sample, not today’s forecast)' : ''}, model run ${formatAge(now - cells.run)}.${part} Cloud data: NOAA GFS.`;
  } else if (stored > 0) {
    text = `Clouds (${CLOUD_LAYER_NAMES[layer]}): the stored forecast does not cover this time.`;
  } else if (online) {
    text = feed?.error
      ? `Clouds: the cloud cover for this view could not be fetched yet (${feed.error}); trying again.`
      : 'Clouds: fetching the cloud cover for this view…';
  } else {
    text =
      'Clouds: no cloud cover is stored for this view on this device; it is fetched when you are online.';
  }
  if (place)
    text += ` At your place (tonight’s verdict): MET Norway, model run ${formatAge(now - place.run)}${place.replay ? ', a replayed sample' : ''}.`;
  return (
    <p className="map-status__line map-status__line--small" data-testid="cloud-status">
      {text}
    </p>
  );
}
