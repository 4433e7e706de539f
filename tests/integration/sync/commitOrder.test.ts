import 'fake-indexeddb/auto';
import pg from 'pg';
import { getLastCheckpointDoc, type RxCollection } from 'rxdb';
import { REPLICATION_STATE_BY_COLLECTION } from 'rxdb/plugins/replication';
import { afterEach, describe, it } from 'vitest';
import { nightsCollection, readNights } from '../../../sync/nights/nights.ts';
import { replicationHarness, until } from '../../support/replicationHarness.ts';

/**
 * The replication checkpoint of places and nights is the row's `_modified` (replication-supabase
 * pulls `_modified > checkpoint`): two writes of one account at once (two devices pushing) must
 * reach a device whichever commits first. Real PostgreSQL 15, PostgREST and the gateway's
 * realtime, RxDB on Dexie (fake-indexeddb).
 */
const h = replicationHarness('order');
const { newUser, newDevice, signIn } = h;

const NIGHT_DATE = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);

const writers: pg.Client[] = [];
afterEach(async () => {
  for (const c of writers.splice(0)) await c.end().catch(() => undefined);
});
/** A connection of its own, as another device's push has (its transaction is its own). */
const writer = async () => {
  const c = new pg.Client({ connectionString: h.stack().databaseUrl });
  await c.connect();
  writers.push(c);
  return c;
};

const insertNight = (client: pg.Client, userId: string, id: string) =>
  client.query(
    `insert into public.nights (id, user_id, place_id, place_name, lat, lon, night, level, line, judged_at)
     values ($1, $2, $3, 'Cabin', 69.65, 18.96, $4, 'GO', 'Best tonight', 0)`,
    [`${id}@${NIGHT_DATE}`, userId, id, NIGHT_DATE],
  );
const insertPlace = (client: pg.Client, userId: string, id: string) =>
  client.query(
    `insert into public.places (id, user_id, name, lat, lon, kind) values ($1, $2, $1, 69.65, 18.96, 'picked')`,
    [id, userId],
  );

/** RxDB stores the pull's checkpoint after the documents, without waiting: this waits for it. */
async function checkpointAt(collection: RxCollection, id: string): Promise<void> {
  const [sync] = REPLICATION_STATE_BY_COLLECTION.get(collection) ?? [];
  await until(
    () => getLastCheckpointDoc(sync!.internalReplicationState!, 'down'),
    (c) => (c as { id?: string } | undefined)?.id === id,
  );
}

describe('a device pulls every write of its account, in whatever order they commit', () => {
  it('pulls a night whose write began before, and ended after, one the device has already seen', async () => {
    const { email, userId } = await newUser();
    const device = await newDevice();
    const nights = await nightsCollection(device);
    const slow = await writer();
    await slow.query('begin');
    await slow.query('select 1');
    await insertNight(await writer(), userId, 'quick');
    await signIn(device, email);
    await until(
      () => readNights(device),
      (v) => v.map((n) => n.place_id).join() === 'quick',
    );
    await checkpointAt(nights, `quick@${NIGHT_DATE}`);
    // The device goes away with its checkpoint at the quick night; the slow one lands meanwhile.
    await h.stopSyncs();
    await insertNight(slow, userId, 'slow');
    await slow.query('commit');

    await signIn(device, email);
    await until(
      () => readNights(device),
      (v) =>
        v
          .map((n) => n.place_id)
          .sort()
          .join() === 'quick,slow',
    );
  }, 60_000);

  it('pulls a place whose write began before, and ended after, one the device has already seen', async () => {
    const { email, userId } = await newUser();
    const device = await newDevice();
    const slow = await writer();
    await slow.query('begin');
    await slow.query('select 1');
    await insertPlace(await writer(), userId, 'order-quick');
    await signIn(device, email);
    const names = async () => (await device.places.find().exec()).map((p) => p.name).sort();
    await until(names, (v) => v.join() === 'order-quick');
    await checkpointAt(device.places, 'order-quick');
    await h.stopSyncs();
    await insertPlace(slow, userId, 'order-slow');
    await slow.query('commit');

    await signIn(device, email);
    await until(names, (v) => v.join() === 'order-quick,order-slow');
  }, 60_000);

  it('pulls a preference change whose write began before, and ended after, one the device has already seen', async () => {
    const { email, userId } = await newUser();
    const device = await newDevice();
    const slow = await writer();
    await slow.query('begin');
    await slow.query('select 1');
    await (
      await writer()
    ).query(`update public.profiles set default_map_style = 'light' where id = $1`, [userId]);
    await signIn(device, email);
    const mine = async () => (await device.preferences.findOne(userId).exec())?.toJSON();
    await until(mine, (p) => p?.default_map_style === 'light');
    await checkpointAt(device.preferences, userId);
    await h.stopSyncs();
    await slow.query(`update public.profiles set show_clouds_on_load = true where id = $1`, [
      userId,
    ]);
    await slow.query('commit');

    await signIn(device, email);
    await until(mine, (p) => p?.default_map_style === 'light' && p.show_clouds_on_load === true);
  }, 60_000);
});
