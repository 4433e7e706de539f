/**
 * Keeps the cloud forecast of the user's place fresh: polls when the place changes (the place in
 * use: the latest of the chosen saved place and the position shared on this device,
 * sync/places/places.ts `placeInUse`) and every WEATHER_CADENCE_MS after,
 * never while offline or forced offline; back online, whatever is due goes at once. A hidden tab
 * polls as often: one small request per half hour. The request and parsing code
 * (pollWeather.ts) is loaded at the first poll: with no place, as on a first visit, never.
 */
import { combineLatest, type Subscription } from 'rxjs';
import type { AuroraDatabase } from '../../sync/database.ts';
import { deviceChoices$ } from '../../sync/preferences/deviceChoices.ts';
import { placeInUse } from '../../sync/places/places.ts';
import { realTimers, type Timers } from '../request/timers.ts';
import type { FetchLike } from '../request/requestWithRetry.ts';
import { weatherProductId } from '../../core/products/weather.ts';
import type * as PollWeatherModule from './pollWeather.ts';

/** MET Norway updates hourly; the backend caches until upstream's Expires. */
const WEATHER_CADENCE_MS = 30 * 60_000;

type PollModule = typeof PollWeatherModule;
let pollModule: Promise<PollModule> | null = null;

/** The request code, loaded once; a chunk that failed to load is tried again at the next poll. */
function loadPollWeather(): Promise<PollModule> {
  pollModule ??= import('./pollWeather.ts').catch((e: unknown) => {
    pollModule = null;
    throw e;
  });
  return pollModule;
}

export interface WeatherLoop {
  setConditions(patch: { online?: boolean; forcedOffline?: boolean }): void;
  stop(): void;
}

export function startWeatherLoop(opts: {
  db: AuroraDatabase;
  fetch: FetchLike;
  backendBase: string;
  online: boolean;
  forcedOffline: boolean;
  now?: () => number;
  timers?: Timers;
}): WeatherLoop {
  const now = opts.now ?? (() => Date.now());
  const timers = opts.timers ?? realTimers;
  const abort = new AbortController();
  const conditions = { online: opts.online, forcedOffline: opts.forcedOffline };
  let place: { lat: number; lon: number } | null = null;
  let lastPlaceKey: string | null = null;
  let lastAttempt = -Infinity;
  let failures = 0;
  let busy = false;
  let timer: unknown = null;
  let stopped = false;

  function evaluate(): void {
    if (timer !== null) timers.clearTimeout(timer);
    timer = null;
    if (stopped || busy || !place || !conditions.online || conditions.forcedOffline) return;
    const key = weatherProductId(place);
    // A failing poll backs off 2×, 4× up to 4× the cadence (2 h).
    const wait = WEATHER_CADENCE_MS * Math.min(4, 2 ** failures) * (failures > 0 ? 0.5 : 1);
    const due = key !== lastPlaceKey ? now() : lastAttempt + wait;
    if (due > now()) {
      timer = timers.setTimeout(evaluate, due - now());
      return;
    }
    busy = true;
    lastPlaceKey = key;
    lastAttempt = now();
    const asked = place;
    void loadPollWeather()
      .then(({ pollWeather }) =>
        pollWeather(asked, {
          db: opts.db,
          fetch: opts.fetch,
          backendBase: opts.backendBase,
          now,
          timers,
          signal: abort.signal,
        }),
      )
      .then((r) => {
        failures = r.outcome === 'failed' ? failures + 1 : 0;
      })
      .catch(() => {
        failures++;
      })
      .finally(() => {
        busy = false;
        evaluate();
      });
  }

  const sub: Subscription = combineLatest([
    deviceChoices$(opts.db),
    opts.db.places.find().$,
  ]).subscribe(([choices, docs]) => {
    const loc = choices.location;
    const places = docs.map(({ _data: d }) => ({
      id: d.id,
      name: d.name,
      lat: d.lat,
      lon: d.lon,
      kind: d.kind,
      chosen_at: d.chosen_at ?? null,
    }));
    const inUse = placeInUse(places, loc ? { lat: loc.lat, lon: loc.lon, at: loc.at } : null);
    place = inUse ? { lat: inUse.lat, lon: inUse.lon } : null;
    evaluate();
  });

  return {
    setConditions(patch) {
      Object.assign(conditions, patch);
      evaluate();
    },
    stop() {
      stopped = true;
      abort.abort();
      sub.unsubscribe();
      if (timer !== null) timers.clearTimeout(timer);
    },
  };
}
