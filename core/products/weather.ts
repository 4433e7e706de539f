/**
 * The stored cloud forecast of a place (product `weather/<lat>_<lon>`, kind `weather`): the shape
 * the backend's `weather` function answers (MET Norway, times epoch ms), written by the poller
 * worker (workers/weather/) and read by the map (sync/react useWeather).
 */
export interface WeatherHours {
  time: number[];
  total: (number | null)[];
  low: (number | null)[];
  medium: (number | null)[];
  high: (number | null)[];
}

export interface WeatherPoint {
  lat: number;
  lon: number;
  /** The model run (epoch ms), null when unknown. */
  updatedAt: number | null;
  hours: WeatherHours | null;
  /**
   * Set only when the backend could not reach MET Norway and replayed its shipped copy, moved to
   * the present: the copy's own model run (epoch ms) and how far every time was moved. Such a
   * forecast is a sample, not today's weather, and is shown as one.
   */
  replayOf?: { updatedAt: number | null; shiftMs: number };
}

/** What the `weather/<lat>_<lon>` product's `data` holds. */
export interface WeatherData {
  attribution: string;
  place: WeatherPoint;
  grid: WeatherPoint[];
}

/** The backend rounds to 0.1°; so do we, so nearby positions share one document. */
export function weatherProductId(place: { lat: number; lon: number }): string {
  return `weather/${place.lat.toFixed(1)}_${place.lon.toFixed(1)}`;
}
