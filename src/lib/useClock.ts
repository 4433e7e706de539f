import { useEffect, useMemo, useState } from 'react';
import { usePlaces, usePreferences } from '../../sync/react/index.ts';
import { placeInUse } from '../../sync/places/places.ts';
import { deviceClock, UTC_CLOCK, zoneClock, type Clock } from './clock.ts';
import { placeTimeZone } from './placeTimeZone.ts';

/** The place whose local time the screen shows: a saved place (its id), or the device's own position (id null). */
export interface ClockPlace {
  lat: number;
  lon: number;
  name: string;
  placeId: string | null;
}

/**
 * The screen's one clock (src/lib/clock.ts). UTC when the person chose it (this device's choice,
 * /settings or a chart's switch); otherwise the local time of the place in use — the device's own
 * zone for its own position (or with no place), the zone at a saved place's coordinates for a
 * saved place, looked up on the device. Until that look-up is in, times read in UTC: always true,
 * and labelled. `place` overrides the place in use (the map page passes the one it shows).
 */
export function useClock(place?: ClockPlace | null): Clock {
  const { device } = usePreferences();
  const places = usePlaces();
  const utc = device.data.chartTime === 'utc';
  const remembered = device.data.location;
  const inUse =
    place !== undefined
      ? place
      : placeInUse(
          places.data,
          remembered ? { lat: remembered.lat, lon: remembered.lon, at: remembered.at } : null,
        );
  const saved = inUse && inUse.placeId !== null ? inUse : null;
  const key = saved ? `${saved.lat},${saved.lon}` : null;
  const [zone, setZone] = useState<{ key: string; timeZone: string | null } | null>(null);
  const lat = saved?.lat ?? null;
  const lon = saved?.lon ?? null;
  useEffect(() => {
    if (utc || key === null || lat === null || lon === null) return;
    let live = true;
    placeTimeZone(lat, lon).then(
      (timeZone) => live && setZone({ key, timeZone }),
      () => live && setZone({ key, timeZone: null }),
    );
    return () => {
      live = false;
    };
  }, [utc, key, lat, lon]);
  const name = inUse?.name ?? null;
  const timeZone = zone && zone.key === key ? zone.timeZone : null;
  return useMemo(() => {
    if (utc) return UTC_CLOCK;
    // The device's own position: its zone is the device's (and its name is only "Your location").
    if (key === null) return deviceClock(name ? 'local time here' : 'this device’s time');
    if (timeZone === null) return UTC_CLOCK;
    try {
      return zoneClock(timeZone, `local time at ${name}`);
    } catch {
      // A zone this browser does not know: UTC is always true.
      return UTC_CLOCK;
    }
  }, [utc, key, timeZone, name]);
}
