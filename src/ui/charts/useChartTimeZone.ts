import { useCallback } from 'react';
import { usePreferences } from '../../../sync/react/index.ts';
import type { ChartTimeZone } from './chartTime.ts';

/** The device's chart clock (UTC unless the user chose local time) and a setter; kept on this device only. */
export function useChartTimeZone(): [ChartTimeZone, (zone: ChartTimeZone) => void] {
  const { device, updateDevice } = usePreferences();
  const zone: ChartTimeZone = device.data.chartTime ?? 'utc';
  const set = useCallback(
    (z: ChartTimeZone) => void updateDevice({ chartTime: z }).catch(() => undefined),
    [updateDevice],
  );
  return [zone, set];
}
