/**
 * Scores tonight's kept verdicts once their hours are over (core/tonight/nightRecord.ts): what
 * OVATION forecast at the place during them, from the frames this device stored (the time
 * slider's day) or, when it stored none of them (the app was closed that night), from the
 * backend's archived frames (`space-weather/history/aurora-at`: a few numbers per frame). Runs
 * with the backfill (after the first screen's products, at every reconnect), under the same rule:
 * no request once polling is not allowed. A night whose hours no archived frame covers is scored
 * `no-data`; one whose request failed waits for the next run.
 */
import { decodeAuroraAtPlace } from '../../core/compact/auroraAtPlaceForm.ts';
import { scoreNight, type SeenAtPlace } from '../../core/tonight/nightRecord.ts';
import { BACKEND_SPACE_WEATHER_PATH } from '../../core/products/sources.ts';
import { requestWithRetry, type FetchLike } from '../request/requestWithRetry.ts';
import type { Timers } from '../request/timers.ts';
import type { PollerStore } from './store.ts';

/** A frame's forecast time runs 30–90 min after its observation time, by which frames are filed. */
const OVATION_LEAD_MS = 100 * 60_000;

export interface ScoreNightsDeps {
  fetch: FetchLike;
  backendBase: string | null;
  store: PollerStore;
  now: () => number;
  mayContinue: () => boolean;
  timers?: Timers;
  signal?: AbortSignal;
}

export async function scoreNights(
  deps: ScoreNightsDeps,
): Promise<{ scored: number; waiting: number }> {
  const now = deps.now();
  const due = (await deps.store.nightsToScore(now)).filter(
    (n) => n.window_from !== null && n.window_to !== null,
  );
  if (due.length === 0) return { scored: 0, waiting: 0 };
  // The magnetic grid and the aurora geometry load only when a night is to be scored.
  const { seenAtPlace } = await import('../../core/tonight/seenAtPlace.ts');
  let scored = 0;
  let waiting = 0;
  for (const night of due) {
    const from = night.window_from as number;
    const to = night.window_to as number;
    const frames = await deps.store.gridsObservedBetween(from - OVATION_LEAD_MS, to);
    let seen: SeenAtPlace[] | null = seenAtPlace(night, frames).filter(
      (s) => s.forecastTime >= from && s.forecastTime <= to,
    );
    if (seen.length === 0) {
      seen = null;
      if (deps.backendBase && deps.mayContinue() && !deps.signal?.aborted) {
        const url =
          `${deps.backendBase.replace(/\/+$/, '')}${BACKEND_SPACE_WEATHER_PATH}history/aurora-at` +
          `?lat=${night.lat}&lon=${night.lon}&from=${from}&to=${to}`;
        try {
          const got = await requestWithRetry(url, {
            fetch: deps.fetch,
            timers: deps.timers,
            signal: deps.signal,
          });
          const page = decodeAuroraAtPlace(got.body ?? '');
          if (page.ok) seen = page.frames;
        } catch {
          // Not reachable now: the night waits for the next run.
        }
      }
    }
    const score = seen && scoreNight(night, seen, now);
    if (!score) {
      waiting++;
      continue;
    }
    await deps.store.writeNightScore(night.id, score);
    scored++;
  }
  return { scored, waiting };
}
