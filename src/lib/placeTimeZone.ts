/**
 * The IANA time zone at a place, worked out on the device so it works offline:
 * @photostructure/tz-lookup (CC0, a maintained fork of darkskyapp/tz-lookup; ~29 KB gzip, its
 * boundaries from timezone-boundary-builder). Loaded only when a saved place other than the
 * device's own position needs its local time — never on `/`'s first load. Its boundaries are
 * coarse near borders (the package says ~5 % of inhabited points get a zone with another offset);
 * the zone is always named beside the time, so a near-border miss is visible, not silent.
 */
export async function placeTimeZone(lat: number, lon: number): Promise<string> {
  const { default: tzLookup } = await import('@photostructure/tz-lookup');
  return tzLookup(lat, lon);
}
