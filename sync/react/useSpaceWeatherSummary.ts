import { combineLatest, map, timer } from 'rxjs';
import type { AuroraDatabase } from '../database.ts';
import type { HookResult, SeriesProduct } from '../../core/model.ts';
import { latestValue } from '../read/seriesColumns.ts';
import { summariseSpaceWeather, type SpaceWeatherSummary } from '../read/summariseSpaceWeather.ts';
import type { SeriesChunkDoc } from '../schemas/series.ts';
import { decodeValues } from '../series/chunkCodec.ts';
import { useLiveResult } from './useLiveResult.ts';
import { synopticPeriodStart } from '../../core/normalise/synoptic.ts';
import { liveFeedState } from '../../core/products/freshness.ts';

/** Ages in the summary move on their own; re-evaluate them this often even when nothing is written. */
const AGE_TICK_MS = 15_000;

/** The two newest day chunks of a product: enough to find its newest present value. */
function newestChunks(db: AuroraDatabase, product: SeriesProduct) {
  return db.series
    .find({ selector: { product }, sort: [{ day: 'desc' }], limit: 2 })
    .$.pipe(map((docs) => docs.map((d) => decodeValues(d._data as SeriesChunkDoc)).reverse()));
}

const EMPTY_SUMMARY: SpaceWeatherSummary = summariseSpaceWeather(
  { kp1m: null, kp3h: null, speed: null, density: null, bz: null },
  new Map(),
  0,
);

/** The current space-weather summary (kpIndex, solarWindSpeed, solarWindDensity, magneticFieldBz, timestamp) with ages and feed states, live. */
export function useSpaceWeatherSummary(): HookResult<SpaceWeatherSummary> {
  return useLiveResult(
    'summary',
    (db) =>
      combineLatest([
        newestChunks(db, 'kp-1m'),
        newestChunks(db, 'kp-3h'),
        newestChunks(db, 'solar-wind-plasma'),
        newestChunks(db, 'solar-wind-mag'),
        db.feeds.find().$,
        timer(0, AGE_TICK_MS),
      ]).pipe(
        map(([kp1m, kp3h, plasma, mag, feeds]) => {
          const kpNow = latestValue(kp1m, 'kp');
          return summariseSpaceWeather(
            {
              kp1m: kpNow,
              kp1mBeforeBoundary: kpNow && latestValue(kp1m, 'kp', synopticPeriodStart(kpNow.t)),
              kp3h: latestValue(kp3h, 'kp'),
              speed: latestValue(plasma, 'speed'),
              density: latestValue(plasma, 'density'),
              bz: latestValue(mag, 'bz'),
            },
            new Map(feeds.map((f) => [f.id, { state: liveFeedState(f._data, Date.now()) }])),
            Date.now(),
          );
        }),
      ),
    EMPTY_SUMMARY,
  );
}
