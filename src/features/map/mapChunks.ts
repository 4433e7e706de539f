/**
 * The chunks both the route and the page ask for (chunkLoader.ts): the route starts them, the page
 * renders them, and each is fetched once.
 */
import { chunkLoader } from './chunkLoader.ts';

export const mapPageChunk = chunkLoader(() => import('./MapPage.tsx'));

/** OpenLayers and the map component: most of the map's weight, its own chunk. */
export const auroraMapChunk = chunkLoader(() => import('./olmap/AuroraMap.tsx'));
