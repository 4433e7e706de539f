/**
 * Route `/`: loads the map page's chunk and shows `fallback` meanwhile. Not React.lazy inside a
 * Suspense boundary: React throttles revealing a boundary's content until 300 ms after its
 * fallback appeared (so loading states do not flicker), which put the map — the one thing this
 * route is for — at least 300 ms behind the shell's first paint. A plain state update is not held.
 */
import type { ReactNode } from 'react';
import { auroraMapChunk, mapPageChunk } from './mapChunks.ts';
import { useChunk } from './chunkLoader.ts';

let asked = false;

function askForChunks(): void {
  if (asked) return;
  asked = true;
  // Asked for at once, but in a task of its own: the import's preload bookkeeping (a link
  // element per chunk) took ~30 ms unthrottled inside the app's first render.
  setTimeout(() => void mapPageChunk.load().catch(() => undefined), 0);
  // OpenLayers' chunk is fetched alongside the page's (it imports from the page's chunk, so it
  // still evaluates after it, and the page's code starts the database read first), in the next
  // task: each import's preload bookkeeping is ~15 ms unthrottled, and the two together made one
  // long task.
  setTimeout(() => void auroraMapChunk.load().catch(() => undefined), 0);
}

export function MapRoute({ fallback }: { fallback: ReactNode }) {
  if (!mapPageChunk.loaded()) askForChunks();
  const { module, error } = useChunk(mapPageChunk);
  // A chunk that fails to load goes to the router's error element, as it would with React.lazy.
  if (error) throw new Error(error);
  const Page = module?.default;
  return Page ? <Page /> : fallback;
}
