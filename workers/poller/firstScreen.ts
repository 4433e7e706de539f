/**
 * What the first full poll asks for first, what waits, and what is held until a screen asks.
 * Pure: the connection and the times are passed in; createPoller keeps the state.
 *
 * A first visit on one bar of signal must spend its bytes on what `/` draws first: the oval and
 * the light figures of its summary. The map page reads, before any tap (src/features/map/
 * useMapPageData.ts): the newest OVATION grid, the feed row of `aurora-oval`, the summary (Kp
 * 1-minute and 3-hourly, solar-wind speed and density, Bz) and hemispheric power. Of those, solar
 * wind and the magnetic field come as 7-day files (hundreds of KB, the heaviest of the cold
 * start), so they follow the oval instead of competing with it; every other product is for
 * another screen and waits longer, or until that screen asks. The trend charts load only on tap
 * and ask for what they show.
 */
import type { Resource } from '../../core/model.ts';
import { productsWith } from '../../core/products/products.ts';

/**
 * Read at `/`'s first paint and light: polled at once, before anything else (the registry's
 * `firstScreen` flag, core/products/products.ts).
 */
export const FIRST_SCREEN: readonly Resource[] = productsWith('firstScreen');

/**
 * `/`'s other products (the registry's `followsFirstScreen`: solar wind and the magnetic field of
 * the summary) wait this long after the first-screen products have all been tried once: the page
 * is then drawing the oval and writing what just arrived, and a burst of 7-day files would compete
 * with both (for the bar of signal and for the main thread's live queries).
 */
export const DEFER_IDLE_MS = 2_000;

/**
 * Every other screen's products (forecasts, alerts, advisories, the SDO list, the solar cycle)
 * wait this long after the first-screen products, unless a screen that shows them asks (then at
 * once). Bounds how long a first visit's bar of signal, its main thread and its worker belong to
 * `/` alone: the oval, both realms' RxDB, the summary and the service worker's precache of every
 * route, which on one bar of 3G (~400 kbit/s) takes ~15 s. Their readers (the normalisers, the
 * SDO list's code, ~15 KB gzip) download then, not with `/`'s first load (bundle.initialGzipKB).
 * The backfill after a gap waits for it too (poller.worker.ts).
 */
export const OTHER_SCREENS_AFTER_MS = 30_000;

/** Shown on `/` after the first-screen products (the registry's `followsFirstScreen` flag). */
const FOLLOWS_FIRST_SCREEN: readonly Resource[] = productsWith('followsFirstScreen');

/**
 * Images and large products no screen of the first visit needs: on Save-Data or a 2g connection
 * they are not fetched at all until a screen that shows them asks (the SDO pictures' list, the
 * solar-cycle files of /forecast). Solar wind and the magnetic field stay out of this list: `/`'s
 * summary shows their newest values. The registry's `heldWhenConstrained` flag.
 */
const HELD_WHEN_CONSTRAINED: readonly Resource[] = productsWith('heldWhenConstrained');

/** `navigator.connection` (Network Information API; Chromium has it in workers too). */
export interface ConnectionInfo {
  saveData?: boolean;
  /** 'slow-2g' | '2g' | '3g' | '4g' */
  effectiveType?: string;
}

/** Save-Data, or a connection the browser rates 2g or worse. Unknown = not constrained. */
export function isConstrained(connection: ConnectionInfo | null | undefined): boolean {
  if (!connection) return false;
  return (
    connection.saveData === true ||
    connection.effectiveType === 'slow-2g' ||
    connection.effectiveType === '2g'
  );
}

/** Held until asked for: on a constrained connection, the images and large optional products. */
export function isHeld(resource: Resource, connection: ConnectionInfo | null | undefined): boolean {
  return isConstrained(connection) && HELD_WHEN_CONSTRAINED.includes(resource);
}

export interface FirstScreenState {
  /**
   * When the last of the first-screen products (among those this poller polls) finished its first
   * try, success or failure; null while one is still waiting for it; -Infinity when the poller
   * polls none of them (nothing to wait for).
   */
  firstScreenDoneAt: number | null;
  /** A screen asked for this product (it is shown now): no deferral and no hold. */
  asked: boolean;
  connection: ConnectionInfo | null | undefined;
  /**
   * How long every other screen's products wait after the first screen's: `OTHER_SCREENS_AFTER_MS`
   * when the visit began on the map (default), `DEFER_IDLE_MS` when it began elsewhere.
   */
  otherScreensAfterMs?: number;
}

/**
 * The earliest time this product may be polled, on top of its schedule: 0 = no limit, a time =
 * not before then, null = not now (held until asked, or waiting for the first screen).
 */
export function earliestPollAt(resource: Resource, state: FirstScreenState): number | null {
  if (state.asked || FIRST_SCREEN.includes(resource)) return 0;
  if (isHeld(resource, state.connection)) return null;
  if (state.firstScreenDoneAt === null) return null;
  return (
    state.firstScreenDoneAt +
    (FOLLOWS_FIRST_SCREEN.includes(resource)
      ? DEFER_IDLE_MS
      : (state.otherScreensAfterMs ?? OTHER_SCREENS_AFTER_MS))
  );
}

/**
 * Whether the first screen is done: every first-screen product among those polled has been tried
 * once (success or failure: a failing oval must not hold the rest back for good). True at once for
 * a poller that polls none of them.
 */
export function firstScreenTried(
  polled: readonly Resource[],
  tried: (resource: Resource) => boolean,
): boolean {
  return polled.filter((r) => FIRST_SCREEN.includes(r)).every(tried);
}
