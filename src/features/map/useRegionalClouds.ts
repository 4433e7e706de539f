/**
 * The regional cloud layer's page side: which layer is drawn, the view the map reports, telling the
 * worker that view while the layer is on (src/lib/cloudView.ts: the page never fetches), and the
 * view's stored tiles (useCloudTiles, the same offline). The layer's code (cloudLayer.ts) is a
 * chunk of its own, asked for only once the layer is on and the page is `ready` (the first oval
 * drawn), so `/`'s first load and its oval never wait for it.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  levelForView,
  tilesForView,
  type CloudLayer,
  type LonLatBox,
} from '../../../core/clouds/cloudTiles.ts';
import { useCloudTiles, type CloudTilesResult } from '../../../sync/react/index.ts';
import { showCloudView } from '../../lib/cloudView.ts';
import { useIsOnline } from '../../lib/network/useNetworkStatus.ts';
import type * as CloudLayerModule from './cloudLayer.ts';
import { chunkLoader, useChunk } from './chunkLoader.ts';

type CloudLayerCode = typeof CloudLayerModule;
const cloudChunk = chunkLoader(() => import('./cloudLayer.ts'));

function useCloudLayerCode(wanted: boolean): CloudLayerCode | null {
  return useChunk(cloudChunk, wanted).module;
}

/** Two boxes the same to 0.1°: a view that did not move asks for nothing new. */
function sameBox(a: LonLatBox | null, b: LonLatBox): boolean {
  return (
    a !== null &&
    (['west', 'south', 'east', 'north'] as const).every(
      (k) => Math.round(a[k] * 10) === Math.round(b[k] * 10),
    )
  );
}

export interface RegionalClouds {
  /** The layer's code once loaded (null while off or loading). */
  code: CloudLayerCode | null;
  layer: CloudLayer;
  setLayer: (layer: CloudLayer) => void;
  /** For the map: the lon/lat box it shows, each time the view settles. */
  onViewBox: (box: LonLatBox) => void;
  /** The tiles the view is drawn with, and those stored of them. */
  keys: readonly string[];
  tiles: CloudTilesResult;
  /** Every hour the stored tiles hold (the slider's cloud hours while the layer is on). */
  hours: number[];
  online: boolean;
}

export function useRegionalClouds(showClouds: boolean, ready: boolean): RegionalClouds {
  const [layer, setLayer] = useState<CloudLayer>('total');
  const [viewBox, setViewBox] = useState<LonLatBox | null>(null);
  const onViewBox = useCallback(
    (box: LonLatBox) => setViewBox((old) => (sameBox(old, box) ? old : box)),
    [],
  );
  const on = showClouds && ready;
  const code = useCloudLayerCode(on);
  const keys = useMemo(
    () => (on && viewBox ? tilesForView(viewBox, levelForView(viewBox)) : []),
    [on, viewBox],
  );
  useEffect(() => {
    showCloudView(on && viewBox ? { box: viewBox, layers: [layer] } : null);
  }, [on, viewBox, layer]);
  useEffect(() => () => showCloudView(null), []);
  // While a moved view's tiles are being read, the last ones stay: the cells on screen and the
  // slider's forecast hours do not blink away at every pan (the slider would lose its hour).
  const read = useCloudTiles(keys);
  const last = useRef(read.data);
  if (!read.isLoading) last.current = read.data;
  const tiles = read.isLoading ? last.current : read.data;
  const hours = useMemo(
    () => (code && showClouds ? code.cloudHours(tiles.tiles) : []),
    [code, showClouds, tiles.tiles],
  );
  return { code, layer, setLayer, onViewBox, keys, tiles, hours, online: useIsOnline() };
}
