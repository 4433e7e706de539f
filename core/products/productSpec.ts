/**
 * The shape of one entry of the product registry (core/products/products.ts): every per-product
 * fact that is data. Its text half (upstream schema line, replay file) is core/products/upstreamFiles.ts.
 */
import type { SeriesProduct } from '../model.ts';
import type { FreshnessWindow } from './freshness.ts';

export type Priority = 'high' | 'normal' | 'low';

/** An inclusive range of values a compact body may hold in one field. */
type Range = readonly [number, number];

/**
 * The compact form our space-weather function sends the worker (core/compact/compactForm.ts): the
 * OVATION grid as its bytes, or one series product's rows with these fields and their possible
 * values; null keeps the agency's form (text products).
 */
type CompactForm =
  | { kind: 'grid' }
  | { kind: 'rows'; product: SeriesProduct; fields: Readonly<Record<string, Range>> }
  | null;

export interface ProductSpec {
  /**
   * A core feed — what the map, the summary and the forecast screen are built on: the data
   * banner's word for it and its rank there (most visible first; products sharing a word share
   * it). null: a secondary feed, which shows its own failure where it is shown, never in the
   * global banner, and does not count for "can the data service be reached?" (src/lib/coreFeeds.ts).
   */
  banner: { word: string; rank: number } | null;
  /** Path under SWPC's base URL for the direct fallback; null when SWPC does not serve it. */
  swpcPath: string | null;
  /**
   * Same data in another SWPC product, tried when the main path answers 404: for solar wind the
   * older 7-day products files (a week of history, 470–690 KB), which the normalisers read too.
   */
  swpcAltPath: string | null;
  /** True when the backend's /space-weather/{resource} serves it. */
  viaBackend: boolean;
  cadenceMs: number;
  /** A full poll asks for high first, then normal, then low (smallest first within each). */
  priority: Priority;
  /** Approximate body size, for scheduling decisions and the bench. */
  approxBytes: number;
  /** How old its data may get (core/products/freshness.ts says how the window is read). */
  freshness: FreshnessWindow;
  /** Read at `/`'s first paint: polled at once, before anything else (workers/poller/firstScreen.ts). */
  firstScreen: boolean;
  /**
   * Also shown on `/` (its summary), but heavy: polled a moment after the first-screen products
   * instead of with every other screen's products, which wait longer (workers/poller/firstScreen.ts).
   */
  followsFirstScreen: boolean;
  /** Not fetched on Save-Data or 2g until a screen that shows it asks (images, large optional files). */
  heldWhenConstrained: boolean;
  /** Small enough for the service worker to fetch in the background while the app is closed. */
  background: boolean;
  compact: CompactForm;
  /**
   * A series the poller fills after a gap from the backend's archive (workers/poller/backfill.ts):
   * how far back from now the live file still reaches (a gap inside it the live poll fills; null:
   * the current UTC day only), and whether a first visit gets months of it (the track record)
   * rather than only gaps filled. null: no backfill.
   */
  backfill: { liveReachMs: number | null; historyOnFirstVisit: boolean } | null;
  /** Written to the backend's archive by the archive job (supabase/functions/archive-space-weather/). */
  archived: boolean;
}
