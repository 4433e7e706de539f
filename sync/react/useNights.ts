import { useCallback } from 'react';
import { auditTime, from, startWith, switchMap } from 'rxjs';
import type { HookResult } from '../../core/model.ts';
import type { NightRecord } from '../../core/tonight/nightRecord.ts';
import {
  keepNightRecord,
  nightsCollection,
  readLastNights,
  type LastNights,
} from '../nights/nights.ts';
import { useOpenDatabase } from './DatabaseProvider.tsx';
import { useLiveResult } from './useLiveResult.ts';

export type { NightRecord } from '../../core/tonight/nightRecord.ts';

const NONE: LastNights = { records: [], more: {} };
/** A worker pass keeps up to 200 places' nights at once: the list is read again once after them. */
const REREAD_AFTER_MS = 250;

interface NightsResult extends HookResult<NightRecord[]> {
  /** Per night, the places kept beyond those listed (sync/nights readLastNights). */
  more: Record<string, number>;
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

/**
 * The last `count` nights kept (newest first, a few places each), live: the verdicts shown or kept
 * by the worker and, once scored, what OVATION saw.
 */
export function useNights(count = 10): NightsResult {
  const result = useLiveResult(
    `nights:${count}`,
    (db) =>
      from(nightsCollection(db)).pipe(
        switchMap((col) =>
          col.$.pipe(
            auditTime(REREAD_AFTER_MS),
            startWith(null),
            switchMap(() => from(readLastNights(db, count))),
          ),
        ),
      ),
    NONE,
  );
  return {
    data: result.data.records,
    more: result.data.more,
    isLoading: result.isLoading,
    error: result.error,
    keep: useKeepNight(),
  };
}
