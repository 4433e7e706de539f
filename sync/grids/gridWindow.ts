/**
 * The stored OVATION frames of a sliding window (the map's time slider: the last 24 h), live, kept
 * compact (packedGrid.ts). Not an RxDB live query: a live query holds every matching document
 * (~87 KB of base64 each) for as long as it is subscribed, and its range moved every hour, so the
 * page held a day of documents and decoded grids and re-subscribed (the slider's frames emptied
 * for a moment: playback stopped and the position was lost) once an hour. Here the window is read
 * once, each document packed and let go, then the collection's change events add, replace and
 * remove frames; frames older than the window are dropped as time passes.
 */
import { Observable } from 'rxjs';
import { uncacheRxQuery, type RxChangeEvent, type RxDocument, type RxQuery } from 'rxdb';
import type { AuroraDatabase } from '../database.ts';
import type { GridDoc } from '../schemas/grids.ts';
import { base64ToBytes } from '../../core/grid/base64.ts';
import { PackedGrid } from './packedGrid.ts';

function packDoc(doc: Pick<GridDoc, 'observationTime' | 'forecastTime' | 'values'>): PackedGrid {
  return new PackedGrid(doc.observationTime, doc.forecastTime, base64ToBytes(doc.values));
}

/**
 * Frames observed within `windowMs` of `now()`, oldest first; a new array on every change (the
 * same frames are the same objects), and on the first read.
 */
export function followGridWindow(
  db: AuroraDatabase,
  windowMs: number,
  now: () => number = Date.now,
): Observable<PackedGrid[]> {
  return new Observable<PackedGrid[]>((subscriber) => {
    const frames = new Map<number, PackedGrid>();
    // Changes that arrive while the first read is under way, applied after it.
    let pending: RxChangeEvent<GridDoc>[] | null = [];
    const emit = () => {
      const cutoff = now() - windowMs;
      for (const t of frames.keys()) if (t < cutoff) frames.delete(t);
      subscriber.next([...frames.values()].sort((a, b) => a.observationTime - b.observationTime));
    };
    const apply = (e: RxChangeEvent<GridDoc>) => {
      if (e.operation === 'DELETE') {
        frames.delete(e.previousDocumentData?.observationTime ?? e.documentData.observationTime);
        return;
      }
      if (e.documentData.observationTime >= now() - windowMs)
        frames.set(e.documentData.observationTime, packDoc(e.documentData));
    };
    // The raw event bulks, not `db.grids.$`: RxDB converts each bulk for `$` subscribers through a
    // module-level Map it never clears (EVENT_BULK_CACHE, rxdb/src/rx-change-event.ts), which kept
    // every grid event's document for the page's life (the soak's heap snapshots).
    const changes = db.grids.eventBulks$.subscribe((bulk) => {
      const events = bulk.events as unknown as RxChangeEvent<GridDoc>[];
      if (pending) pending.push(...events);
      else {
        for (const e of events) apply(e);
        emit();
      }
    });
    // Dropped once answered: this closure lives as long as the subscription, and the query holds
    // its result's documents.
    let query: RxQuery | null = db.grids.find({
      selector: { observationTime: { $gte: now() - windowMs } },
      sort: [{ observationTime: 'asc' }],
    });
    query.exec().then(
      (docs: RxDocument<GridDoc>[]) => {
        // The documents are let go: the query is not kept with its results in RxDB's cache.
        uncacheRxQuery(db.grids._queryCache, query!);
        query = null;
        for (const d of docs) frames.set(d._data.observationTime, packDoc(d._data));
        for (const e of pending ?? []) apply(e);
        pending = null;
        emit();
      },
      (e: unknown) => subscriber.error(e),
    );
    return () => changes.unsubscribe();
  });
}
