/**
 * The page-level adapter between the local database (sync/react hooks) and the map page.
 * Everything the page shows comes through here, so the components stay plain props.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  useFeedStatus,
  useGridWindow,
  useLatestGrid,
  usePreferences,
  useSeries,
  useSpaceWeatherSummary,
  type SummaryValue,
} from '../../../sync/react/index.ts';
import type { Preferences } from '../../../core/model.ts';
import {
  choiceSettled,
  lastValue,
  NO_VALUE,
  orderFrames,
  resolveChoice,
  type MapChoices,
  type MapPageData,
  type PendingChoice,
  type RememberedLocation,
  type SpaceWeatherNow,
  type TimedValue,
} from './mapPageData.ts';
import { useNow } from '../../ui/useNow.ts';
import { keepMapChoices } from '../../../sync/grids/newestGridRecord.ts';
import { earlyMapChoices } from './earlyMap.ts';

const HOUR = 3_600_000;
/** The slider's window. */
const WINDOW_MS = 24 * HOUR;

function timed(v: SummaryValue): TimedValue {
  return v.value === null || v.time === null ? NO_VALUE : { value: v.value, time: v.time };
}

type PendingChoices = { [K in keyof MapChoices]?: PendingChoice<MapChoices[K]> };

/** Where each map choice is stored. */
const PREFERENCE_OF = {
  view: 'defaultMapView',
  mapStyle: 'defaultMapStyle',
  showAurora: 'showAuroraOnLoad',
  showClouds: 'showCloudsOnLoad',
} as const satisfies Partial<Record<keyof MapChoices, keyof Preferences>>;

const keep = (what: string) => (error: unknown) =>
  // The choice still holds for this visit (it is pending on the page); only its storing failed.
  console.warn(`The map's ${what} could not be saved on this device:`, error);

/**
 * The newest grid comes from the one newest-grid source (sync/grids/newestGrid.ts), which the page
 * starts before it mounts: offline, the last known oval is there as soon as the database is open.
 * `windowWanted`: false holds back reading the slider's 24 h of grids (up to ~288 documents of
 * ~87 KB, each packed: sync/grids/gridWindow.ts) until the page says the first oval is drawn, so
 * that read does not compete with it. With nothing stored it is read at once; once read it stays
 * live, and slides with time without being read again.
 */
export function useMapPageData(windowWanted = true): MapPageData {
  const now = useNow();

  const latest = useLatestGrid();
  const [windowOpen, setWindowOpen] = useState(false);
  const openWindow = windowOpen || windowWanted || (!latest.isLoading && latest.data === null);
  // Adjusted during render: once opened, the window stays open.
  if (openWindow && !windowOpen) setWindowOpen(true);
  const grids = useGridWindow(openWindow ? WINDOW_MS : null);
  const prefs = usePreferences();
  const feed = useFeedStatus('aurora-oval', now);

  const newest = latest.data;
  const frames = useMemo(() => {
    const cutoff = now - WINDOW_MS;
    // The newest grid stays even when older than 24 h: offline, the last known oval is still the answer.
    return orderFrames(
      grids.data.filter((g) => g.observationTime >= cutoff),
      newest,
    );
  }, [grids.data, newest, now]);

  // Until the database has answered, the choices kept beside the early grid (earlyMap.ts): an
  // offline reload draws its first oval before RxDB opens, in the user's view, not the default.
  const prefsLoading = prefs.isLoading || prefs.device.isLoading;
  const early = prefsLoading ? earlyMapChoices() : null;
  const stored: MapChoices = early ?? {
    view: prefs.data.defaultMapView,
    mapStyle: prefs.data.defaultMapStyle,
    showAurora: prefs.data.showAuroraOnLoad,
    showClouds: prefs.data.showCloudsOnLoad,
    hemisphere: prefs.device.data.hemisphere,
  };
  // The stored documents as read: the hemisphere lives on the device, the rest in the preferences.
  const docOf = (k: keyof MapChoices): object =>
    k === 'hemisphere' ? prefs.device.data : prefs.data;
  const docs = useRef({ preferences: prefs.data as object, device: prefs.device.data as object });
  useEffect(() => {
    docs.current = { preferences: prefs.data, device: prefs.device.data };
  }, [prefs.data, prefs.device.data]);
  const storedKey = JSON.stringify(stored);
  useEffect(() => {
    if (!prefsLoading) void keepMapChoices(JSON.parse(storedKey) as Record<string, unknown>);
  }, [prefsLoading, storedKey]);
  const [pending, setPending] = useState<PendingChoices>({});
  // Once the stored value has moved, a pending choice is settled for good (adjusted during render):
  // kept, it would come back if the stored value later returned to what it was made over.
  const settled = (Object.keys(pending) as (keyof MapChoices)[]).filter((k) => {
    const p = pending[k] as PendingChoice<unknown> | undefined;
    return p !== undefined && choiceSettled(p, stored[k], docOf(k));
  });
  if (settled.length > 0) {
    const rest: PendingChoices = { ...pending };
    for (const k of settled) delete rest[k];
    setPending(rest);
  }
  const choices: MapChoices = {
    view: resolveChoice(stored.view, pending.view),
    mapStyle: resolveChoice(stored.mapStyle, pending.mapStyle),
    showAurora: resolveChoice(stored.showAurora, pending.showAurora),
    showClouds: resolveChoice(stored.showClouds, pending.showClouds),
    hemisphere: resolveChoice(stored.hemisphere, pending.hemisphere),
  };
  const { update, updateDevice } = prefs;
  // `stored` as of this render (storedKey, above): what a choice made now is made over.
  const choose = useCallback(
    (patch: Partial<MapChoices>) => {
      const over = JSON.parse(storedKey) as MapChoices;
      const made: Record<string, PendingChoice<unknown>> = {};
      for (const [k, value] of Object.entries(patch))
        made[k] = {
          value,
          over: over[k as keyof MapChoices],
          base: k === 'hemisphere' ? docs.current.device : docs.current.preferences,
        };
      setPending((p) => ({ ...p, ...made }) as PendingChoices);
      // A finished write marks the choices it carried (unless a newer choice replaced them).
      const written = (keys: string[]) => () =>
        setPending((p) => {
          const next: Record<string, PendingChoice<unknown> | undefined> = { ...p };
          for (const k of keys) {
            const entry = next[k];
            if (entry && entry === made[k]) next[k] = { ...entry, written: true };
          }
          return next as PendingChoices;
        });
      const prefPatch: Partial<Preferences> = {};
      for (const [k, pref] of Object.entries(PREFERENCE_OF)) {
        const v = patch[k as keyof typeof PREFERENCE_OF];
        if (v !== undefined) (prefPatch as Record<string, unknown>)[pref] = v;
      }
      const prefKeys = Object.keys(patch).filter((k) => k !== 'hemisphere');
      if (Object.keys(prefPatch).length > 0)
        void update(prefPatch).then(written(prefKeys), keep('preferences'));
      if (patch.hemisphere)
        void updateDevice({ hemisphere: patch.hemisphere }).then(
          written(['hemisphere']),
          keep('hemisphere'),
        );
    },
    [storedKey, update, updateDevice],
  );
  const rememberLocation = useCallback(
    (location: RememberedLocation) => void updateDevice({ location }).catch(keep('location')),
    [updateDevice],
  );

  return {
    frames,
    gridsLoading: latest.isLoading,
    gridsError: latest.error ?? grids.error,
    preferences: prefs.data,
    feedState: feed.data?.state ?? null,
    feedError: feed.data?.state === 'error' ? feed.data.error : null,
    choices,
    choose,
    rememberedLocation: prefs.device.data.location,
    rememberedLocationLoading: prefs.device.isLoading,
    rememberLocation,
  };
}

/**
 * The space-weather summary beside the map (Kp, solar wind, Bz, hemispheric power), read by the
 * summary panel itself rather than by the page: it follows four series and the feed rows, which
 * the poller rewrites every minute, and read at the page's level every such write re-rendered the
 * whole map page. The panel mounts after the page's first paint, so its queries start then too.
 */
export function useMapSummary(): { summary: SpaceWeatherNow; loading: boolean } {
  const now = useNow();
  const hour = Math.floor(now / HOUR) * HOUR;
  // Hemispheric power: the newest value however old (retention keeps 30 days), so offline it still shows with its age.
  const hemiRange = useMemo(() => ({ from: 0, to: hour + 2 * HOUR }), [hour]);
  const summary = useSpaceWeatherSummary(now);
  const hemi = useSeries('hemi-power', hemiRange);
  const d = summary.data.details;
  return {
    summary: {
      kp: timed(d.kpIndex),
      speed: timed(d.solarWindSpeed),
      density: timed(d.solarWindDensity),
      bz: timed(d.magneticFieldBz),
      hemiPowerNorth: lastValue(hemi.data.t, hemi.data.fields.north),
      hemiPowerSouth: lastValue(hemi.data.t, hemi.data.fields.south),
    },
    loading: summary.isLoading,
  };
}
