/**
 * Saved places: writers and the rule for which place is in use. Plain functions over the database
 * (the hook and tests call them); a place is "in use" when it was the user's latest choice.
 */
import type { AuroraDatabase } from '../database.ts';
import { PLACE_NAME_MAX, type PlaceDoc } from '../schemas/places.ts';

export type { PlaceDoc } from '../schemas/places.ts';

export interface NewPlace {
  name: string;
  lat: number;
  lon: number;
  kind: PlaceDoc['kind'];
}

/** What is wrong with a place the user is about to save, in a sentence; null when nothing is. */
function placeProblem(p: NewPlace): string | null {
  const name = p.name.trim();
  if (name.length === 0) return 'Give the place a name.';
  if (name.length > PLACE_NAME_MAX)
    return `A place name can be at most ${PLACE_NAME_MAX} characters.`;
  if (!Number.isFinite(p.lat) || p.lat < -90 || p.lat > 90)
    return 'Latitude must be between −90 and 90 degrees.';
  if (!Number.isFinite(p.lon) || p.lon < -180 || p.lon > 180)
    return 'Longitude must be between −180 and 180 degrees.';
  return null;
}

/** Saves a place and chooses it (the map opens on it); throws the sentence of `placeProblem`. */
export async function savePlace(
  db: AuroraDatabase,
  p: NewPlace,
  now: number,
  id: string = crypto.randomUUID(),
): Promise<PlaceDoc> {
  const problem = placeProblem(p);
  if (problem) throw new RangeError(problem);
  const doc: PlaceDoc = {
    id,
    name: p.name.trim(),
    lat: Math.round(p.lat * 1e4) / 1e4,
    lon: Math.round(p.lon * 1e4) / 1e4,
    kind: p.kind,
    chosen_at: now,
  };
  await db.places.insert(doc);
  return doc;
}

export async function choosePlace(db: AuroraDatabase, id: string, now: number): Promise<void> {
  const doc = await db.places.findOne(id).exec();
  if (!doc) throw new Error('That place is no longer saved.');
  await doc.incrementalPatch({ chosen_at: now });
}

export async function removePlace(db: AuroraDatabase, id: string): Promise<void> {
  const doc = await db.places.findOne(id).exec();
  await doc?.remove();
}

/** The chosen place: the one chosen last, or null when none ever was. */
function chosenPlace(places: readonly PlaceDoc[]): PlaceDoc | null {
  let best: PlaceDoc | null = null;
  for (const p of places)
    if (p.chosen_at !== null && (best === null || p.chosen_at > (best.chosen_at ?? -Infinity)))
      best = p;
  return best;
}

/**
 * Where tonight is worked out and the map opens: the latest of the chosen place and the position
 * last shared on this device (the latest choice wins, as everywhere on the map).
 */
export function placeInUse(
  places: readonly PlaceDoc[],
  located: { lat: number; lon: number; at: number } | null,
): { lat: number; lon: number; name: string; placeId: string | null } | null {
  const chosen = chosenPlace(places);
  if (chosen && (!located || (chosen.chosen_at ?? 0) >= located.at))
    return { lat: chosen.lat, lon: chosen.lon, name: chosen.name, placeId: chosen.id };
  return located
    ? { lat: located.lat, lon: located.lon, name: 'Your location', placeId: null }
    : null;
}
