/**
 * What an offline reload draws before RxDB: the newest grid and the map's choices kept in the
 * one-record store (sync/grids/newestGridRecord.ts), read once when the map page's code loads.
 * With a grid to draw, the page's database waits until that oval is drawn (or the shell's 5 s,
 * src/app/afterFirstOval.ts): RxDB's chunks and its open then come after the first oval.
 */
import { readEarlyMapRecord, type EarlyMapRecord } from '../../../sync/grids/newestGridRecord.ts';
import { holdPageDatabase } from '../../../sync/pageDatabase.ts';
import { afterFirstOval, observePerformanceMark } from '../../app/afterFirstOval.ts';
import { mapChoicesFrom, type MapChoices } from './mapPageData.ts';

let record: Promise<EarlyMapRecord> | null = null;
let choices: MapChoices | null = null;

/** Reads the record (once) and holds the page's database behind the oval when it has a grid. */
export function earlyMapRecord(now = Date.now()): Promise<EarlyMapRecord> {
  if (record) return record;
  record = readEarlyMapRecord(now).then((r) => {
    choices = mapChoicesFrom(r.choices);
    return r;
  });
  holdPageDatabase(
    record.then((r) =>
      r.newest
        ? new Promise<void>((resolve) =>
            afterFirstOval(resolve, {
              observeMark: observePerformanceMark,
              setTimer: (fn, ms) => {
                const t = setTimeout(fn, ms);
                return () => clearTimeout(t);
              },
            }),
          )
        : undefined,
    ),
  );
  return record;
}

/** The kept map choices once the record is read (null before, or when none were kept). */
export function earlyMapChoices(): MapChoices | null {
  return choices;
}
