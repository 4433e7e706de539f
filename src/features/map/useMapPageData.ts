/**
 * The page-level adapter between the local database (sync/react hooks) and the map page.
 * Everything the page shows comes through here, so the components stay plain props.
 */
import { useMemo, useState } from 'react';
import {
  useFeedStatus,
  useGrids,
  useLatestGrid,
  usePreferences,
  useSeries,
  useSpaceWeatherSummary,
  type SummaryValue,
} from '../../../sync/react/index.ts';
import type { GridSnapshot } from '../../../sync/model.ts';
import { lastValue, NO_VALUE, orderFrames, sameGrid, type MapPageData, type TimedValue } from './mapPageData.ts';
import { markOnce } from './perfMarks.ts';
import { useNow } from './useNow.ts';

const HOUR = 3_600_000;
/** The slider's window. */
const WINDOW_MS = 24 * HOUR;

function timed(v: SummaryValue): TimedValue {
  // The summary reads 0 for a missing value (spec §3); a null time is how it says "missing".
  return v.time === null ? NO_VALUE : { value: v.value, time: v.time };
}

/** Until the slider's window is wanted, its query asks for an empty range (it answers at once). */
const NO_RANGE = { from: 0, to: -1 };

/**
 * `early`: the newest grid from a one-shot read started before the page mounted (earlyGrid.ts),
 * shown until the live query has delivered.
 * `windowWanted`: false holds back reading the slider's 24 h of grids (up to ~288 documents of
 * ~87 KB, each decoded) until the page says the first oval is drawn, so that read does not compete
 * with it. With nothing stored it is read at once; once read it stays live.
 */
export function useMapPageData(early: GridSnapshot | null = null, windowWanted = true): MapPageData {
  // Queries are keyed by their range: anchor it on the hour so it changes hourly, not every render.
  const now = useNow(60_000);
  const hour = Math.floor(now / HOUR) * HOUR;
  const range = useMemo(() => ({ from: hour - WINDOW_MS, to: hour + 2 * HOUR }), [hour]);
  // Hemispheric power: the newest value however old (retention keeps 30 days), so offline it still shows with its age.
  const hemiRange = useMemo(() => ({ from: 0, to: hour + 2 * HOUR }), [hour]);

  const latest = useLatestGrid();
  const [windowOpen, setWindowOpen] = useState(false);
  const openWindow = windowOpen || windowWanted || (!latest.isLoading && latest.data === null);
  // Adjusted during render: once opened, the window stays open.
  if (openWindow && !windowOpen) setWindowOpen(true);
  const grids = useGrids(openWindow ? range : NO_RANGE);
  const prefs = usePreferences();
  const feed = useFeedStatus('aurora-oval');
  const summary = useSpaceWeatherSummary();
  const hemi = useSeries('hemi-power', hemiRange);

  if (!latest.isLoading) markOnce('map:live-latest');
  // The live answer is usually the early read's grid decoded again: keep the early object then, so
  // the map does not draw the same oval twice while the first draw is under way.
  const live = latest.isLoading ? null : latest.data;
  const newest = useMemo(
    () => (latest.isLoading ? early : early && live && sameGrid(early, live) ? early : live),
    [latest.isLoading, early, live],
  );
  const frames = useMemo(() => {
    const cutoff = now - WINDOW_MS;
    // The newest grid stays even when older than 24 h: offline, the last known oval is still the answer.
    return orderFrames(grids.data.filter((g) => g.observationTime >= cutoff), newest);
  }, [grids.data, newest, now]);

  const d = summary.data.details;
  return {
    frames,
    gridsLoading: latest.isLoading && !early,
    gridsError: latest.error ?? grids.error,
    preferences: prefs.data,
    feedState: feed.data?.state ?? null,
    feedError: feed.data?.state === 'error' ? feed.data.error : null,
    summary: {
      kp: timed(d.kpIndex),
      speed: timed(d.solarWindSpeed),
      density: timed(d.solarWindDensity),
      bz: timed(d.magneticFieldBz),
      hemiPowerNorth: lastValue(hemi.data.t, hemi.data.fields.north),
      hemiPowerSouth: lastValue(hemi.data.t, hemi.data.fields.south),
    },
    summaryLoading: summary.isLoading,
  };
}
