import { useMemo } from 'react';
import type { HookResult } from '../../core/model.ts';
import { DAY_MS, utcDayStart } from '../../core/time/dayKey.ts';
import type { ForecastIssue } from '../../core/verification/forecastIssues.ts';
import { skillVerdict, type SkillVerdict } from '../../core/verification/skillSentence.ts';
import { observedKp, trackRecord, type WindowRecord } from '../../core/verification/trackRecord.ts';
import { useProducts } from './useProducts.ts';
import { useSeries } from './useSeries.ts';

export interface TrackRecord {
  /** The last 30 and the last 90 complete UTC days. */
  windows: WindowRecord[];
  /** Each window's sentence: better than persistence, yes or no, with the numbers. */
  verdicts: SkillVerdict[];
  /** Forecast issues kept, and the observed 3-hour Kp values they were scored against. */
  issues: number;
  observedPeriods: number;
}

/** 90 days scored, each against the Kp of the day before and of 27 days before. */
const OBSERVED_DAYS = 120;

/**
 * The forecasts' track record from what this device holds (core/verification/): the Kp forecast
 * issues kept (sync/forecastHistory/) scored against the Kp observed since — GFZ Potsdam's where
 * it has a real value, SWPC's 3-hourly estimate elsewhere. Live: a new observation or a backfill
 * rescores. `now` only moves the windows at each UTC day.
 */
export function useTrackRecord(now: number): HookResult<TrackRecord> {
  const today = utcDayStart(now);
  const range = useMemo(
    () => ({ from: today - OBSERVED_DAYS * DAY_MS, to: today + DAY_MS - 1 }),
    [today],
  );
  const swpc = useSeries('kp-3h', range);
  const gfz = useSeries('kp-gfz', range);
  const history = useProducts<{ issues: ForecastIssue[] }>('forecast-history');
  const data = useMemo<TrackRecord>(() => {
    const issues = history.data.flatMap((d) => d.data?.issues ?? []);
    const observed = observedKp(
      { t: gfz.data.t, kp: gfz.data.fields.kp ?? [], status: gfz.data.fields.status ?? [] },
      { t: swpc.data.t, kp: swpc.data.fields.kp ?? [] },
    );
    // Scored as of the end of today: the windows move at midnight UTC, not every minute.
    const windows = trackRecord({ issues, observed, now: today + DAY_MS - 1 });
    return {
      windows,
      verdicts: windows.map(skillVerdict),
      issues: issues.length,
      observedPeriods: observed.size,
    };
  }, [history.data, gfz.data, swpc.data, today]);
  return {
    data,
    isLoading: swpc.isLoading || gfz.isLoading || history.isLoading,
    error: swpc.error ?? gfz.error ?? history.error,
  };
}
