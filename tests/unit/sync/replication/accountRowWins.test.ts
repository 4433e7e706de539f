import type { WithDeleted } from 'rxdb';
import { describe, expect, it } from 'vitest';
import {
  nightsConflictHandler,
  placesConflictHandler,
} from '../../../../sync/replication/conflictPolicy.ts';
import type { NightDoc } from '../../../../sync/schemas/nights.ts';
import type { PlaceDoc } from '../../../../sync/schemas/places.ts';
import { nightRecordFor } from '../../../support/nightRecordFor.ts';

const NIGHT: WithDeleted<NightDoc> = {
  ...nightRecordFor('place-cabin', '2026-11-25'),
  _deleted: false,
};
const SCORE = {
  outcome: 'MAYBE',
  seen_overhead: 8,
  seen_visible: 14,
  frames: 40,
  scored_at: 1_795_712_400_000,
} as const;
/** The account's row as replication-supabase answers a push with it: the server's columns too. */
const ROW = {
  ...NIGHT,
  ...SCORE,
  user_id: 'c2201a4e-20fa-4f9b-b05f-c6e5776f12ed',
} as unknown as WithDeleted<NightDoc>;

const PLACE: WithDeleted<PlaceDoc> = {
  id: 'place-cabin',
  name: 'Cabin',
  lat: 69.65,
  lon: 18.96,
  kind: 'picked',
  chosen_at: 1_000,
  _deleted: false,
};

describe('a push of a place or a night that lost the race', () => {
  it('ends with the account’s night as the document has it, without the row’s server-side columns', async () => {
    const resolved = await nightsConflictHandler.resolve(
      { newDocumentState: NIGHT, realMasterState: ROW },
      'test',
    );
    expect(resolved).toEqual({ ...NIGHT, ...SCORE });
  });

  it('ends with the account’s place as the document has it', async () => {
    const row = { ...PLACE, chosen_at: 2_000, user_id: 'u' } as unknown as WithDeleted<PlaceDoc>;
    const resolved = await placesConflictHandler.resolve(
      { newDocumentState: PLACE, assumedMasterState: PLACE, realMasterState: row },
      'test',
    );
    expect(resolved).toEqual({ ...PLACE, chosen_at: 2_000 });
  });

  it('takes a row and the document made from it as the same state, so nothing is pushed back', () => {
    expect(nightsConflictHandler.isEqual(ROW, { ...NIGHT, ...SCORE }, 'test')).toBe(true);
    const row = { ...PLACE, user_id: 'u' } as unknown as WithDeleted<PlaceDoc>;
    expect(placesConflictHandler.isEqual(row, PLACE, 'test')).toBe(true);
  });

  it('still tells apart states that differ in a field of the document or in being deleted', () => {
    expect(nightsConflictHandler.isEqual(ROW, NIGHT, 'test')).toBe(false);
    expect(placesConflictHandler.isEqual(PLACE, { ...PLACE, name: 'Hut' }, 'test')).toBe(false);
    expect(placesConflictHandler.isEqual(PLACE, { ...PLACE, _deleted: true }, 'test')).toBe(false);
  });
});
