import { combineLatest, map } from 'rxjs';
import { useMemo } from 'react';
import type { AuroraDatabase } from '../database.ts';
import { RESOURCES, type HookResult, type SeriesProduct } from '../../core/model.ts';
import { latestValue } from '../read/seriesColumns.ts';
import {
  summariseSpaceWeather,
  type LatestSamples,
  type SpaceWeatherSummary,
} from '../read/summariseSpaceWeather.ts';
import type { SeriesChunkDoc } from '../schemas/series.ts';
import type { FeedDoc } from '../schemas/feeds.ts';
import { decodeValues } from '../series/chunkCodec.ts';
import { useLiveResult } from './useLiveResult.ts';
import { withReportedCheck } from '../feeds/reportedChecks.ts';
import { useReportedChecksVersion } from './useReportedChecks.ts';
import { synopticPeriodStart } from '../../core/normalise/synoptic.ts';
import { liveFeedState } from '../../core/products/freshness.ts';

/** The two newest day chunks of a product: enough to find its newest present value. */
function newestChunks(db: AuroraDatabase, product: SeriesProduct) {
  return db.series
    .find({ selector: { product }, sort: [{ day: 'desc' }], limit: 2 })
    .$.pipe(map((docs) => docs.map((d) => decodeValues(d._data as SeriesChunkDoc)).reverse()));
}

interface StoredSummary {
  latest: LatestSamples;
  feeds: FeedDoc[];
}

const NOTHING_STORED: StoredSummary = {
  latest: { kp1m: null, kp3h: null, speed: null, density: null, bz: null },
  feeds: [],
};

/**
 * The current space-weather summary (kpIndex, solarWindSpeed, solarWindDensity, magneticFieldBz,
 * timestamp) with ages and feed states at `now`, live. Ages and states move with the clock even
 * when nothing is written; `now` comes from the caller's clock (the page's shared one,
 * src/ui/useNow.ts), so nothing here wakes on a timer of its own.
 */
export function useSpaceWeatherSummary(now: number): HookResult<SpaceWeatherSummary> {
  const stored = useLiveResult(
    'summary',
    (db) =>
      combineLatest([
        newestChunks(db, 'kp-1m'),
        newestChunks(db, 'kp-3h'),
        newestChunks(db, 'solar-wind-plasma'),
        newestChunks(db, 'solar-wind-mag'),
        db.feeds.find().$,
      ]).pipe(
        map(([kp1m, kp3h, plasma, mag, feeds]): StoredSummary => {
          const kpNow = latestValue(kp1m, 'kp');
          return {
            latest: {
              kp1m: kpNow,
              kp1mBeforeBoundary: kpNow && latestValue(kp1m, 'kp', synopticPeriodStart(kpNow.t)),
              kp3h: latestValue(kp3h, 'kp'),
              speed: latestValue(plasma, 'speed'),
              density: latestValue(plasma, 'density'),
              bz: latestValue(mag, 'bz'),
            },
            // Only the SWPC resources have a freshness window (the `weather` row has its own, useWeather).
            feeds: feeds.map((f) => f._data).filter((f) => RESOURCES.includes(f.id)),
          };
        }),
      ),
    NOTHING_STORED,
  );
  // Alerts and advisories are aged from the last fetch: this page's poller reports later ones.
  const reported = useReportedChecksVersion();
  return useMemo(
    () => ({
      ...stored,
      data: summariseSpaceWeather(
        stored.data.latest,
        new Map(
          stored.data.feeds.map((f) => [f.id, { state: liveFeedState(withReportedCheck(f), now) }]),
        ),
        now,
      ),
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `reported` moves what withReportedCheck reads
    [stored, now, reported],
  );
}
