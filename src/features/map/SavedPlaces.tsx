import { Suspense, useState, type FormEvent } from 'react';
import { lazyChunk } from './chunkLoader.ts';
import type { NewPlace, PlaceDoc } from '../../../sync/react/index.ts';

interface SavedPlacesProps {
  places: PlaceDoc[];
  /** The place tonight is worked out for (null: the shared position, or nothing). */
  inUseId: string | null;
  /** The position shared on this device, offered to be saved. */
  located: { lat: number; lon: number } | null;
  /** A point picked on the map: fills the latitude and longitude. */
  picked: { lat: number; lon: number } | null;
  onSave: (p: NewPlace) => Promise<unknown>;
  onChoose: (id: string) => Promise<unknown>;
  onRemove: (id: string) => Promise<unknown>;
}

// Its own chunk: the map's first load never carries the alert form nor the time-zone table.
const PlaceAlerts = lazyChunk(() => import('../alerts/PlaceAlerts.tsx'));

const fmt = (p: { lat: number; lon: number }) =>
  `${Math.abs(p.lat).toFixed(2)}° ${p.lat >= 0 ? 'N' : 'S'}, ${Math.abs(p.lon).toFixed(2)}° ${p.lon >= 0 ? 'E' : 'W'}`;

/**
 * Saved places: name the shared position, a point tapped on the map, or typed coordinates, and keep it; the chosen one is where
 * tonight's verdict is worked out and where the map opens. Kept on this device, and in the account
 * once signed in (places made before signing in join the account).
 */
export function SavedPlaces({
  places,
  inUseId,
  located,
  picked,
  onSave,
  onChoose,
  onRemove,
}: SavedPlacesProps) {
  const [name, setName] = useState('');
  const [lat, setLat] = useState(picked ? picked.lat.toFixed(4) : '');
  const [lon, setLon] = useState(picked ? picked.lon.toFixed(4) : '');
  const [error, setError] = useState<string | null>(null);
  const [alertsFor, setAlertsFor] = useState<string | null>(null);
  const act = (p: Promise<unknown>) =>
    p.then(
      () => setError(null),
      (e: unknown) => setError(e instanceof Error ? e.message : String(e)),
    );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const typed = lat.trim() !== '' || lon.trim() !== '';
    const at = typed
      ? { lat: Number(lat.replace(',', '.')), lon: Number(lon.replace(',', '.')) }
      : located;
    if (!at) {
      setError('Share your location or type a latitude and longitude first.');
      return;
    }
    void act(
      onSave({
        name: name || (typed ? 'Picked place' : 'My location'),
        lat: at.lat,
        lon: at.lon,
        kind: typed ? 'picked' : 'my-location',
      }).then(() => {
        setName('');
        setLat('');
        setLon('');
      }),
    );
  };

  return (
    <section className="map-panel map-places" aria-labelledby="map-places-title">
      <h2 id="map-places-title" className="map-panel__title">
        Saved places
      </h2>
      {places.length > 0 && (
        <ul className="map-places__list">
          {places.map((p) => (
            <li key={p.id} className="map-places__item">
              <span>
                <strong>{p.name}</strong> <span className="map-places__where">{fmt(p)}</span>
                {p.id === inUseId && (
                  <span className="map-places__in-use"> — tonight is for this place</span>
                )}
              </span>
              <span className="map-places__actions">
                {p.id !== inUseId && (
                  <button
                    type="button"
                    className="map-button"
                    onClick={() => void act(onChoose(p.id))}
                    aria-label={`Use ${p.name}`}
                  >
                    Use
                  </button>
                )}
                <button
                  type="button"
                  className="map-button"
                  onClick={() => setAlertsFor(alertsFor === p.id ? null : p.id)}
                  aria-expanded={alertsFor === p.id}
                  aria-label={`Alerts for ${p.name}`}
                >
                  Alerts
                </button>
                <button
                  type="button"
                  className="map-button"
                  onClick={() => void act(onRemove(p.id))}
                  aria-label={`Remove ${p.name}`}
                >
                  Remove
                </button>
              </span>
              {alertsFor === p.id && (
                <Suspense fallback={<p role="status">Loading alerts…</p>}>
                  <PlaceAlerts place={p} />
                </Suspense>
              )}
            </li>
          ))}
        </ul>
      )}
      <p className="map-places__hint">
        Tap the map to pick a point, or leave the coordinates empty to save your shared position.
      </p>
      <form className="map-places__form" onSubmit={submit}>
        <label>
          Name{' '}
          <input
            value={name}
            onChange={(e) => setName(e.target.value)}
            maxLength={60}
            placeholder={located ? 'My location' : 'e.g. Cabin'}
          />
        </label>
        <label>
          Latitude{' '}
          <input
            value={lat}
            onChange={(e) => setLat(e.target.value)}
            inputMode="decimal"
            placeholder={located ? located.lat.toFixed(2) : '69.65'}
          />
        </label>
        <label>
          Longitude{' '}
          <input
            value={lon}
            onChange={(e) => setLon(e.target.value)}
            inputMode="decimal"
            placeholder={located ? located.lon.toFixed(2) : '18.96'}
          />
        </label>
        <button type="submit" className="map-button map-button--wide">
          Save place
        </button>
      </form>
      {error && (
        <p className="map-location__error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
