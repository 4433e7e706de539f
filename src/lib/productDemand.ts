/**
 * Screens say which products they show, so the poller fetches them when they are opened: the first
 * poll defers what `/` does not draw first, and on Save-Data or 2g it holds the images and large
 * optional products until asked (workers/poller/firstScreen.ts). The poller is started after the
 * first paint (src/app/dataServices.ts); what is asked before it is ready waits here.
 */
import { useEffect } from 'react';
import type { Resource } from '../../core/model.ts';

type Handler = (resources: Resource[]) => void;

let handler: Handler | null = null;
const waiting = new Set<Resource>();

/** Ask the poller for these products (once it is running; asking again is harmless). */
export function askForProducts(resources: readonly Resource[]): void {
  if (resources.length === 0) return;
  if (handler) handler([...resources]);
  else for (const r of resources) waiting.add(r);
}

/** The data services connect the poller here; what was asked before is passed on at once. */
export function setProductDemandHandler(fn: Handler | null): void {
  handler = fn;
  if (fn && waiting.size > 0) {
    const asked = [...waiting];
    waiting.clear();
    fn(asked);
  }
}

/** A screen that shows these products asks for them while it is mounted. */
export function useProductsShown(resources: readonly Resource[]): void {
  const key = resources.join(',');
  useEffect(() => {
    if (key) askForProducts(key.split(',') as Resource[]);
  }, [key]);
}
