/**
 * Screens say which products they show, so the poller fetches them when they are opened: the first
 * poll defers what `/` does not draw first, and on Save-Data or 2g it holds the images and large
 * optional products until asked (workers/poller/firstScreen.ts). The poller is started after the
 * first paint (src/app/dataServices.ts); what is asked before it is ready waits here. Screens ask
 * through `useProductsShown` (its own file, so the shell's first load does not carry the hook).
 */
import type { Resource } from '../../core/model.ts';

type Handler = (resources: Resource[]) => void;

let handler: Handler | null = null;
let waiting: Resource[] = [];

/** Ask the poller for these products (once it is running; asking again is harmless). */
export function askForProducts(resources: readonly Resource[]): void {
  if (handler) handler([...resources]);
  else waiting.push(...resources);
}

/** The data services connect the poller here; what was asked before is passed on at once. */
export function setProductDemandHandler(fn: Handler): void {
  handler = fn;
  if (waiting.length > 0) fn(waiting);
  waiting = [];
}
