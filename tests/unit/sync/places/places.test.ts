import { afterEach, describe, expect, it } from 'vitest';
import type { AuroraDatabase } from '../../../../sync/database.ts';
import {
  choosePlace,
  placeInUse,
  removePlace,
  savePlace,
  type PlaceDoc,
} from '../../../../sync/places/places.ts';
import {
  forgetPlaces,
  placesReplicationId,
  readPlacesGeneration,
} from '../../../../sync/replication/replicatePlaces.ts';
import { disposeTestDatabase, openTestDatabase } from '../../../support/testDb.ts';

let db: AuroraDatabase | null = null;
afterEach(async () => {
  if (db) await disposeTestDatabase(db);
  db = null;
});

const T = Date.parse('2027-01-15T16:00:00Z');

describe('saved places', () => {
  it('refuses a place a form or a synced row could carry that no map has, with a sentence, and stores nothing', async () => {
    db = await openTestDatabase();
    const bad = [
      [{ name: '   ', lat: 60, lon: 10 }, 'Give the place a name.'],
      [{ name: 'x'.repeat(61), lat: 60, lon: 10 }, 'A place name can be at most 60 characters.'],
      [
        { name: 'Nowhere', lat: Number.NaN, lon: 10 },
        'Latitude must be between −90 and 90 degrees.',
      ],
      [{ name: 'Beyond', lat: 90.5, lon: 10 }, 'Latitude must be between −90 and 90 degrees.'],
      [{ name: 'Wrapped', lat: 60, lon: 540 }, 'Longitude must be between −180 and 180 degrees.'],
      [
        { name: 'Infinite', lat: 60, lon: Number.POSITIVE_INFINITY },
        'Longitude must be between −180 and 180 degrees.',
      ],
    ] as const;
    for (const [p, message] of bad) {
      await expect(savePlace(db, { ...p, kind: 'picked' }, T)).rejects.toThrow(message);
    }
    expect(await db.places.count().exec()).toBe(0);
  });

  it('keeps a named place on the device, and the latest choice between it and the shared position is where tonight is', async () => {
    db = await openTestDatabase();
    const cabin = await savePlace(
      db,
      { name: '  Cabin ', lat: 69.123456, lon: 19.987654, kind: 'picked' },
      T,
      'p-cabin',
    );
    expect(cabin).toEqual({
      id: 'p-cabin',
      name: 'Cabin',
      lat: 69.1235,
      lon: 19.9877,
      kind: 'picked',
      chosen_at: T,
    });
    await savePlace(
      db,
      { name: 'Home', lat: 60.39, lon: 5.32, kind: 'my-location' },
      T + 1_000,
      'p-home',
    );
    const all = (await db.places.find().exec()).map((d) => d.toJSON() as PlaceDoc);
    expect(placeInUse(all, null)?.name).toBe('Home');
    // The position shared after the last choice wins; choosing a place again wins back.
    const shared = { lat: 51.5, lon: -0.1, at: T + 2_000 };
    expect(placeInUse(all, shared)).toEqual({
      lat: 51.5,
      lon: -0.1,
      name: 'Your location',
      placeId: null,
    });
    await choosePlace(db, 'p-cabin', T + 3_000);
    const again = (await db.places.find().exec()).map((d) => d.toJSON() as PlaceDoc);
    expect(placeInUse(again, shared)).toMatchObject({ name: 'Cabin', placeId: 'p-cabin' });
    await removePlace(db, 'p-cabin');
    expect((await db.places.find().exec()).map((d) => d.id)).toEqual(['p-home']);
  });

  it('refuses a place without a name or off the globe with a sentence, and stores nothing', async () => {
    db = await openTestDatabase();
    await expect(savePlace(db, { name: ' ', lat: 60, lon: 5, kind: 'picked' }, T)).rejects.toThrow(
      'Give the place a name.',
    );
    await expect(
      savePlace(db, { name: 'Moon', lat: 91, lon: 5, kind: 'picked' }, T),
    ).rejects.toThrow('Latitude must be between −90 and 90 degrees.');
    await expect(
      savePlace(db, { name: 'Typo', lat: 60, lon: Number.NaN, kind: 'picked' }, T),
    ).rejects.toThrow('Longitude must be between −180 and 180 degrees.');
    expect(await db.places.count().exec()).toBe(0);
  });

  it('signing out takes the account’s places off the device and starts a new replication generation, so the next sign-in pulls them all again', async () => {
    db = await openTestDatabase();
    await savePlace(db, { name: 'Home', lat: 60.39, lon: 5.32, kind: 'my-location' }, T, 'p-home');
    expect(placesReplicationId('u1', await readPlacesGeneration(db))).toBe('aurora-places-u1-0');
    await forgetPlaces(db);
    expect(await db.places.count().exec()).toBe(0);
    // No tombstone left for a later push to turn into a deletion on the server.
    expect(await db.places.storageInstance.findDocumentsById(['p-home'], true)).toHaveLength(0);
    expect(placesReplicationId('u1', await readPlacesGeneration(db))).toBe('aurora-places-u1-1');
  });
});
