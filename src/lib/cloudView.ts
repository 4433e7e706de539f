/**
 * The map tells the poller worker what its cloud layer shows (the view's lon/lat box and the layer
 * drawn), so the worker fetches those tiles: the UI never fetches them itself. The poller starts
 * after the first paint (src/app/dataServices.ts); a view told before it is ready waits here.
 */
import type { CloudLayer, LonLatBox } from '../../core/clouds/cloudTiles.ts';

export interface CloudViewRequest {
  box: LonLatBox;
  layers: CloudLayer[];
}

type Handler = (view: CloudViewRequest | null) => void;

let handler: Handler | null = null;
let waiting: CloudViewRequest | null = null;

/** The cloud layer's view now, or null when the layer is off or the map is gone. */
export function showCloudView(view: CloudViewRequest | null): void {
  if (handler) handler(view);
  else waiting = view;
}

/** The data services connect the poller here; the latest view told before is passed on at once. */
export function setCloudViewHandler(fn: Handler): void {
  handler = fn;
  if (waiting) fn(waiting);
  waiting = null;
}
