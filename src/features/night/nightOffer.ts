import { SUNSET_ALTITUDE } from '../../../core/tonight/darkness.ts';
import { sunAltitude } from '../../../core/tonight/sun.ts';

/**
 * Whether to offer night mode now: once the Sun has set at the user's place (its geometric
 * altitude below −0.833°, the standard sunset), only while night mode is off, and only if the
 * user has never answered the offer — asked once, never forced.
 */
export function shouldOfferNightMode(args: {
  on: boolean;
  answered: boolean;
  place: { lat: number; lon: number } | null;
  now: number;
}): boolean {
  if (args.on || args.answered || !args.place) return false;
  return sunAltitude(args.now, args.place.lat, args.place.lon) < SUNSET_ALTITUDE;
}
