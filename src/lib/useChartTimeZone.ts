import { useCallback } from 'react';
import { usePreferences } from '../../sync/react/index.ts';
import type { ChartTimeZone } from '../ui/charts/chartTime.ts';

/** This device's choice of clock for every time on screen (the place's local time unless UTC was chosen; ./useClock.ts turns it into the clock) and a setter; kept on this device only. */
export function useChartTimeZone(): [ChartTimeZone, (zone: ChartTimeZone) => void] {
  const { device, updateDevice } = usePreferences();
  const zone: ChartTimeZone = device.data.chartTime ?? 'local';
  const set = useCallback(
    (z: ChartTimeZone) => void updateDevice({ chartTime: z }).catch(() => undefined),
    [updateDevice],
  );
  return [zone, set];
}
