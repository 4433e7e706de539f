/**
 * The page-level adapter between the local database and the map page. Everything the page shows
 * comes through here, so the components stay plain props.
 */
import { DEFAULT_PREFERENCES } from '../../../sync/model.ts';
import { NO_VALUE, type MapPageData } from './mapPageData.ts';

// Placeholder until sync/react lands; replaced by the hooks in the next commit.
export function useMapPageData(): MapPageData {
  return {
    frames: [],
    gridsLoading: false,
    gridsError: null,
    preferences: DEFAULT_PREFERENCES,
    feedState: null,
    feedError: null,
    summary: {
      kp: NO_VALUE,
      speed: NO_VALUE,
      density: NO_VALUE,
      bz: NO_VALUE,
      hemiPowerNorth: NO_VALUE,
      hemiPowerSouth: NO_VALUE,
    },
    summaryLoading: false,
  };
}
