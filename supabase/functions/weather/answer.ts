import { bodyEtag } from '../_shared/conditional.ts';
import type { PointForecast } from './parseLocationforecast.ts';
import type { ServedForecast } from './service.ts';

/** One answer's bytes and validators, made once per set of forecasts it is built from. */
export interface WeatherAnswer {
  body: string;
  /** Strong, over `body` (`"wx-<hash>"`). */
  etag: string;
  /** Epoch ms for `Last-Modified`; null when no point knows its model run. */
  lastModified: number | null;
}

/** How many different queries keep their answer (a query = a place and its grid). */
const MAX_ANSWERS = 256;

/**
 * `Last-Modified` of a changed answer: the newest model run in it. A new body whose newest run is
 * not later than the previous answer's (a replay's moved run giving way to an older real one, a
 * grid point coming back) would let an If-Modified-Since holder keep a body that changed, so it
 * moves on to now — at least a second past the previous one, the header's resolution.
 */
export function answerLastModified(
  runs: readonly (number | null)[],
  previous: number | null,
  now: number,
): number | null {
  let newest: number | null = null;
  for (const run of runs) if (run !== null && (newest === null || run > newest)) newest = run;
  if (newest === null || previous === null) return newest;
  if (Math.floor(newest / 1000) > Math.floor(previous / 1000)) return newest;
  return Math.max(now, previous + 1000);
}

interface Kept {
  forecasts: (PointForecast | null)[];
  answer: Promise<WeatherAnswer>;
}

/**
 * The weather answers, kept per query so the body is serialised and hashed once per change of its
 * forecasts, not per request. A forecast is compared by identity: the service keeps the same
 * object until upstream sends a new body (a 304 from upstream keeps it) and, for a replay, until
 * the hour — and so the shift — changes.
 */
export class WeatherAnswers {
  private readonly kept = new Map<string, Kept>();

  /**
   * The answer for `key` (the query's point keys) over `served` (place first, then the grid), built
   * with `build` when any forecast changed since the last one.
   */
  get(
    key: string,
    served: readonly (ServedForecast | null)[],
    build: () => unknown,
    now: number,
  ): Promise<WeatherAnswer> {
    const forecasts = served.map((s) => s?.entry.forecast ?? null);
    const before = this.kept.get(key);
    if (before && before.forecasts.every((f, i) => f === forecasts[i])) return before.answer;
    const answer = this.make(forecasts, build, before?.answer ?? null, now);
    if (!before && this.kept.size >= MAX_ANSWERS) this.kept.delete(this.kept.keys().next().value!);
    this.kept.set(key, { forecasts, answer });
    return answer;
  }

  private async make(
    forecasts: (PointForecast | null)[],
    build: () => unknown,
    previous: Promise<WeatherAnswer> | null,
    now: number,
  ): Promise<WeatherAnswer> {
    const body = JSON.stringify(build());
    const etag = await bodyEtag(body, 'wx');
    const prev = previous ? await previous : null;
    // New objects, same bytes (upstream resent an unchanged forecast): the same answer.
    if (prev?.etag === etag) return prev;
    const runs = forecasts.map((f) => f?.updatedAt ?? null);
    return { body, etag, lastModified: answerLastModified(runs, prev?.lastModified ?? null, now) };
  }
}
