/**
 * One tile of the regional cloud layer as the poller worker stores it (product
 * `clouds/<level>/<row>_<col>`, kind `cloud-tile`) and the map reads it: the backend's answer for
 * that tile (supabase/functions/weather/gfs/cloudsAnswer.ts), times as epoch ms.
 */
import type { CloudLayer } from './cloudTiles.ts';

export interface StoredCloudTile {
  key: string;
  /** The model run (epoch ms); for a replay, moved with its hours. */
  run: number;
  source: 'upstream' | 'replay';
  /** Set on the backend's replay: the sample's own run (epoch ms) and how far it was moved. */
  replayOf?: { run: number; shiftMs: number };
  /** The hours held, ascending (epoch ms). */
  hours: number[];
  /** Per layer, `hours × cells` bytes as core/clouds/cloudBytes.ts encodes them; only the layers asked for. */
  layers: Partial<Record<CloudLayer, string>>;
  /** False while the backend was still fetching the run's hours. */
  complete: boolean;
  /** When to ask the backend again (its max-age, or its retry hint while incomplete). */
  freshUntil: number;
  attribution: string;
}

/** The kind of the stored tiles (not an SWPC product: the products schema keeps any kind string). */
export const CLOUD_TILE_KIND = 'cloud-tile';
