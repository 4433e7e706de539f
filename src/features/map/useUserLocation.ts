import { useCallback, useState } from 'react';
import type { LatLon } from './gridLookup.ts';

export type LocationState =
  | { status: 'idle' }
  | { status: 'locating' }
  | { status: 'located'; position: LatLon; accuracyM: number }
  | { status: 'failed'; message: string };

/** Geolocation, only when the user asks (the "Show my location" button): never on page load. */
export function useUserLocation(): { state: LocationState; request: () => void } {
  const [state, setState] = useState<LocationState>({ status: 'idle' });
  const request = useCallback(() => {
    if (!('geolocation' in navigator)) {
      setState({ status: 'failed', message: 'This browser cannot share your location.' });
      return;
    }
    setState({ status: 'locating' });
    navigator.geolocation.getCurrentPosition(
      (pos) =>
        setState({
          status: 'located',
          position: { lat: pos.coords.latitude, lon: pos.coords.longitude },
          accuracyM: pos.coords.accuracy,
        }),
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
  }, []);
  return { state, request };
}
