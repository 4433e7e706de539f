import { useCallback } from 'react';
import { map } from 'rxjs';
import type { HookResult } from '../../core/model.ts';
import {
  choosePlace,
  removePlace,
  savePlace,
  type NewPlace,
  type PlaceDoc,
} from '../places/places.ts';
import { useOpenDatabase } from './DatabaseProvider.tsx';
import { useLiveResult } from './useLiveResult.ts';

export type { PlaceDoc, NewPlace } from '../places/places.ts';

const NONE: PlaceDoc[] = [];

export interface PlacesResult extends HookResult<PlaceDoc[]> {
  save(p: NewPlace): Promise<PlaceDoc>;
  choose(id: string): Promise<void>;
  remove(id: string): Promise<void>;
}

/** The saved places (by name), live, with their writers. Local; replicated once signed in. */
export function usePlaces(): PlacesResult {
  const openDb = useOpenDatabase();
  const result = useLiveResult(
    'places',
    (d) =>
      d.places.find().$.pipe(
        map((docs) =>
          docs
            .map(({ _data: x }): PlaceDoc => ({
              id: x.id,
              name: x.name,
              lat: x.lat,
              lon: x.lon,
              kind: x.kind,
              chosen_at: x.chosen_at ?? null,
            }))
            .sort((a, b) => a.name.localeCompare(b.name)),
        ),
      ),
    NONE,
  );
  const save = useCallback(
    async (p: NewPlace) => {
      const at = Date.now();
      return savePlace(await openDb(), p, at);
    },
    [openDb],
  );
  const choose = useCallback(
    async (id: string) => {
      const at = Date.now();
      await choosePlace(await openDb(), id, at);
    },
    [openDb],
  );
  const remove = useCallback(
    async (id: string) => {
      await removePlace(await openDb(), id);
    },
    [openDb],
  );
  return { ...result, save, choose, remove };
}
