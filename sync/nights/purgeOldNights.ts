/**
 * The device's half of the nights' retention (core/tonight/nightsKept.ts): nights older than the
 * window leave the local `nights` collection for good. A purge, not a replicated deletion: the
 * nights' replication never pushes a night outside the window (replicateNights.ts, push modifier),
 * and the server removes the same rows by the same rule (the `nights` guard), so the two agree
 * without a tombstone travelling. Run by the poller with the other retention (workers/poller/store.ts).
 */
import type { AuroraDatabase } from '../database.ts';
import { oldestNightKept } from '../../core/tonight/nightsKept.ts';
import { purgeTombstones } from '../retention.ts';
import type { NightDoc } from '../schemas/nights.ts';
import type { RxCollection } from 'rxdb';

/**
 * Removes the nights older than the window at `now` and purges their tombstones; returns their ids.
 * Does nothing on a database that has not added the collection (nothing was kept or read here yet).
 */
export async function purgeOldNights(db: AuroraDatabase, now: number): Promise<string[]> {
  const nights = (db as unknown as { nights?: RxCollection<NightDoc> }).nights;
  if (!nights || nights.closed) return [];
  const old = await nights.find({ selector: { night: { $lt: oldestNightKept(now) } } }).exec();
  if (old.length === 0) return [];
  const ids = old.map((d) => d.id);
  await nights.bulkRemove(ids);
  await purgeTombstones(nights);
  return ids;
}
