import { useCallback, useState } from 'react';
import type { LatLon } from './gridLookup.ts';

export type LocationState =
  | { status: 'idle' }
  | { status: 'locating' }
  /** `at`: when the browser gave the position; `remembered`: from an earlier visit, not asked again. */
  | { status: 'located'; position: LatLon; accuracyM: number; at?: number; remembered?: boolean }
  | { status: 'failed'; message: string };

export interface KnownLocation {
  lat: number;
  lon: number;
  accuracyM: number;
  at: number;
}

/**
 * Geolocation, only when the user asks (the "Show my location" button): never on page load. The
 * position last shared on this device (`remembered`) is shown until the user asks again;
 * `onLocated` hands a new one over to be remembered.
 */
export function useUserLocation(
  remembered: KnownLocation | null = null,
  onLocated?: (location: KnownLocation) => void,
): { state: LocationState; request: () => void } {
  const [asked, setState] = useState<LocationState>({ status: 'idle' });
  const state: LocationState =
    asked.status === 'idle' && remembered
      ? {
          status: 'located',
          position: { lat: remembered.lat, lon: remembered.lon },
          accuracyM: remembered.accuracyM,
          at: remembered.at,
          remembered: true,
        }
      : asked;
  const request = useCallback(() => {
    if (!('geolocation' in navigator)) {
      setState({ status: 'failed', message: 'This browser cannot share your location.' });
      return;
    }
    setState({ status: 'locating' });
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        const known = {
          lat: pos.coords.latitude,
          lon: pos.coords.longitude,
          accuracyM: pos.coords.accuracy,
          at: pos.timestamp,
        };
        setState({
          status: 'located',
          position: { lat: known.lat, lon: known.lon },
          accuracyM: known.accuracyM,
          at: known.at,
          remembered: false,
        });
        onLocated?.(known);
      },
      (err) =>
        setState({
          status: 'failed',
          message:
            err.code === err.PERMISSION_DENIED
              ? 'Location permission was denied. Allow it in your browser settings to see the aurora at your spot.'
              : err.code === err.TIMEOUT
                ? 'Finding your location took too long. Try again.'
                : 'Your location is not available right now.',
        }),
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 10 * 60_000 },
    );
  }, [onLocated]);
  return { state, request };
}
