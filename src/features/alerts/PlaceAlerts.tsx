import { PlaceAlertForm } from './PlaceAlertForm.tsx';
import { usePlaceAlert, type PlaceAlertOptions } from './usePlaceAlert.ts';
import './alerts.css';

/**
 * A saved place's alert, for the saved-places panel and Settings. Its own chunk: the map's first
 * load never carries it (nor the time-zone table it reads quiet hours in).
 */
export default function PlaceAlerts({
  place,
  options,
}: {
  place: { name: string; lat: number; lon: number };
  options?: PlaceAlertOptions;
}) {
  const a = usePlaceAlert(place, options);
  return (
    <PlaceAlertForm
      placeName={place.name}
      timeZone={a.timeZone}
      choice={a.choice}
      delivery={a.delivery}
      busy={a.busy}
      error={a.error}
      onChange={(next) => void a.change(next)}
    />
  );
}
