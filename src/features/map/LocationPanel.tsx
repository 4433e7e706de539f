import type { GridSnapshot } from '../../../core/model.ts';
import { formatAge } from '../../lib/format.ts';
import { distanceToOvalEdge, OVAL_EDGE_THRESHOLD, valueAt, type LatLon } from './gridLookup.ts';
import type { LocationState } from './useUserLocation.ts';

/** Magnetic coordinates of a place (core/tonight/magneticCoordinates.ts, from the verdict's chunk). */
export type MagneticAt = (
  lat: number,
  lon: number,
) => { lat: number | null; hemisphere: 'north' | 'south' };

function formatLat(lat: number): string {
  return `${Math.abs(lat).toFixed(1)}° ${lat >= 0 ? 'N' : 'S'}`;
}

function formatLatLon({ lat, lon }: LatLon): string {
  const ns = formatLat(lat);
  const ew = `${Math.abs(lon).toFixed(1)}° ${lon >= 0 ? 'E' : 'W'}`;
  return `${ns}, ${ew}`;
}

function OvalDistanceText({
  grid,
  position,
  hemisphere,
}: {
  grid: GridSnapshot;
  position: LatLon;
  hemisphere?: 'north' | 'south';
}) {
  const d = distanceToOvalEdge(grid.values, position, OVAL_EDGE_THRESHOLD, hemisphere);
  if (d.kind === 'inside') {
    return (
      <>
        You are under the oval: its equatorward edge ({OVAL_EDGE_THRESHOLD} %) on your meridian is
        at {formatLat(d.edgeLat)}.
      </>
    );
  }
  if (d.kind === 'no-oval')
    return (
      <>
        No part of the {d.hemisphere}ern oval reaches {OVAL_EDGE_THRESHOLD} % in this forecast.
      </>
    );
  return (
    <>
      The oval's equatorward edge ({OVAL_EDGE_THRESHOLD} %) is{' '}
      {Math.round(d.km).toLocaleString('en')} km away, nearest at {formatLatLon(d.nearest)}.
    </>
  );
}

/**
 * The probability with the age of the frame it comes from: without it, "57 %" from a map days old
 * read as now, beside a verdict that (rightly) set that map aside as too old.
 */
function probabilityText(grid: GridSnapshot, position: LatLon, now: number, stale: boolean) {
  const value = valueAt(grid.values, position.lat, position.lon);
  const age = `aurora map observed ${formatAge(now - grid.observationTime)}`;
  return `${value ?? '—'} % · ${age}${stale ? ' (stale: newer data has not arrived)' : ''}`;
}

/**
 * "Show my location", then the aurora probability there, the magnetic latitude and the distance
 * to the oval of the user's magnetic hemisphere, as text. `magnetic` arrives with tonight's
 * verdict chunk (the coordinate grid never weighs on `/`'s first load); until then the oval is
 * the geographic hemisphere's and the magnetic latitude is not shown.
 */
export function LocationPanel({
  state,
  onRequest,
  grid,
  magnetic,
  now,
  stale = false,
}: {
  state: LocationState;
  onRequest: () => void;
  grid: GridSnapshot | null;
  magnetic?: MagneticAt | null;
  now: number;
  /** The frame is older than its feed's window (map freshness.ts), as the status over the map says. */
  stale?: boolean;
}) {
  const here =
    state.status === 'located' && magnetic
      ? magnetic(state.position.lat, state.position.lon)
      : null;
  return (
    <section className="map-panel map-location" aria-labelledby="map-location-title">
      <h2 id="map-location-title" className="map-panel__title">
        Your location
      </h2>
      <button
        type="button"
        className="map-button map-button--wide"
        onClick={onRequest}
        disabled={state.status === 'locating'}
      >
        {state.status === 'locating'
          ? 'Finding your location…'
          : state.status === 'located'
            ? 'Update my location'
            : 'Show my location'}
      </button>
      <div aria-live="polite">
        {state.status === 'failed' && <p className="map-location__error">{state.message}</p>}
        {state.status === 'located' && (
          <dl className="map-location__list">
            <div>
              <dt>Position</dt>
              <dd>
                {formatLatLon(state.position)} (±{Math.round(state.accuracyM).toLocaleString('en')}{' '}
                m)
                {state.remembered && (
                  <span className="map-location__note"> — last shared on this device</span>
                )}
              </dd>
            </div>
            <div>
              <dt>Aurora probability here</dt>
              <dd>
                {grid
                  ? probabilityText(grid, state.position, now, stale)
                  : 'No forecast stored yet'}
              </dd>
            </div>
            {here && (
              <div>
                <dt>Magnetic latitude</dt>
                <dd>
                  {here.lat === null
                    ? 'none: too near the magnetic equator for any aurora'
                    : `${Math.abs(here.lat).toFixed(1)}° ${here.lat >= 0 ? 'N' : 'S'} (AACGM-v2)`}
                </dd>
              </div>
            )}
            {grid && (
              <div>
                <dt>Distance to the oval</dt>
                <dd>
                  <OvalDistanceText
                    grid={grid}
                    position={state.position}
                    hemisphere={here?.hemisphere}
                  />
                </dd>
              </div>
            )}
          </dl>
        )}
      </div>
    </section>
  );
}
