/**
 * What components use to read local data. Components import from here, never from rxdb.
 * Every hook returns `HookResult<T>` ({ data, isLoading, error }) and updates live when the worker
 * (or another tab) writes.
 */
export { DatabaseProvider } from './DatabaseProvider.tsx';
export { useSeries } from './useSeries.ts';
export { useLatestGrid, useGridWindow } from './useGrids.ts';
export { useFeedStatus, useFeedStatuses } from './useFeedStatus.ts';
export { usePreferences, type PreferencesResult } from './usePreferences.ts';
export { useSpaceWeatherSummary } from './useSpaceWeatherSummary.ts';
export { useProduct, useProducts } from './useProducts.ts';
export { usePlaces, type PlaceDoc, type NewPlace } from './usePlaces.ts';
export { useWeather, type StoredWeather } from './useWeather.ts';
export { useCloudTiles, type CloudTilesResult } from './useCloudTiles.ts';
export type { SpaceWeatherSummary, SummaryValue } from '../read/summariseSpaceWeather.ts';
