/**
 * The products the app is for: what the map, the space-weather summary and the forecast screen
 * are built on — the products whose registry entry has a banner word (core/products/products.ts).
 * Every other feed is secondary — the ICAO advisories (aviation bulletins, shown only as a row of
 * the Live Feeds table, from an SWPC path nobody has verified), alerts, the 1-minute Kp (the
 * 3-hourly Kp stands behind it), the Kp forecast, the 27-day outlook, the SDO images and GFZ's Kp:
 * each shows its own failure where it is shown (FeedAge "Update failed" on /sdo and the forecast
 * page, the error column of the Live Feeds table), so it never reaches the global banner on every
 * page. The banner and the connection indicator judge "can the data service be reached?" on these
 * feeds alone.
 */
import type { Resource } from '../../core/model.ts';
import { PRODUCTS } from '../../core/products/products.ts';

const CORE = (Object.keys(PRODUCTS) as Resource[]).filter((r) => PRODUCTS[r].banner !== null);

/** Keyed by the name a feed report carries (a string: a report may name a product we do not know). */
export const CORE_FEEDS: ReadonlySet<string> = new Set<string>(CORE);

/** What a person calls a product in the data banner (its registry word), or null for a secondary feed. */
export function bannerWord(resource: string): string | null {
  return CORE_FEEDS.has(resource) ? (PRODUCTS[resource as Resource].banner?.word ?? null) : null;
}

/** Most visible first: the map, then what stands behind it; secondary feeds last. */
export function bannerRank(resource: string): number {
  return CORE_FEEDS.has(resource)
    ? (PRODUCTS[resource as Resource].banner?.rank ?? CORE.length)
    : CORE.length;
}
