import { useCallback } from 'react';
import { from, map, switchMap } from 'rxjs';
import type { HookResult } from '../../core/model.ts';
import type { NightRecord } from '../../core/tonight/nightRecord.ts';
import { keepNightRecord, nightsCollection } from '../nights/nights.ts';
import { useOpenDatabase } from './DatabaseProvider.tsx';
import { useLiveResult } from './useLiveResult.ts';

export type { NightRecord } from '../../core/tonight/nightRecord.ts';

const NONE: NightRecord[] = [];

interface NightsResult extends HookResult<NightRecord[]> {
  /** Keep the verdict just shown as its night's record (sync/nights/nights.ts decides whether it replaces one). */
  keep(record: NightRecord): Promise<void>;
}

/** Keeps the verdict just shown as its night's record; errors are the caller's to ignore or show. */
export function useKeepNight(): (record: NightRecord) => Promise<void> {
  const openDb = useOpenDatabase();
  return useCallback(
    async (record: NightRecord) => {
      await keepNightRecord(await openDb(), record);
    },
    [openDb],
  );
}

/** The last nights kept (newest first), live: the verdicts shown and, once scored, what OVATION saw. */
export function useNights(limit = 10): NightsResult {
  const result = useLiveResult(
    `nights:${limit}`,
    (db) =>
      from(nightsCollection(db)).pipe(
        switchMap((nights) => nights.find({ sort: [{ night: 'desc' }], limit }).$),
        map((docs) => docs.map((d) => d.toMutableJSON(false) as NightRecord)),
      ),
    NONE,
  );
  return { ...result, keep: useKeepNight() };
}
