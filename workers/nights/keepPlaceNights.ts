/**
 * Tonight's verdict kept for every saved place (issue 27), by the poller worker: also for places
 * the person never opens, and while no map is open. The page keeps the place it shows as before;
 * both go through keepNight (core/tonight/nightRecord.ts), so the kept verdict stays the one
 * worked out last before the night's hours began, whoever worked it out.
 *
 * Inputs are what the device stores: the newest OVATION frame, the Kp forecast and, for clouds,
 * the `weather/<lat>_<lon>` product of the place's 0.1° cell when one is stored (the weather loop
 * fetches the place in use only; no forecast is fetched here) — else the verdict runs with clouds
 * unknown and its line says "(no clouds)".
 *
 * Work is bounded (~8 ms a verdict in Node on a busy 2-core machine, so ~1.6 s for 200 places):
 * a place is worked out again only when its inputs' times or the half hour changed
 * (`placeNightFingerprint`; a new OVATION frame only for nights it reaches), never while its kept
 * night is under way, and the pass yields to the worker's other tasks every few places.
 */
import type { AuroraDatabase } from '../../sync/database.ts';
import type { ProductRecord } from '../../core/model.ts';
import { decodeGrid } from '../../sync/grids/gridCodec.ts';
import { findNewestGridDoc } from '../../sync/grids/newestGrid.ts';
import { keepNightRecord, nightsCollection } from '../../sync/nights/nights.ts';
import { weatherProductId, type WeatherData } from '../../core/products/weather.ts';
import type { NightRecord } from '../../core/tonight/nightRecord.ts';
import type { KpForecastProduct } from '../../core/tonight/tonightInputs.ts';
import {
  nightUnderWay,
  ovationCanReach,
  placeNightFingerprint,
  placeNightRecord,
  type PlaceNightInputs,
  type SavedPlace,
} from '../../core/tonight/placeNight.ts';

const DAY_MS = 86_400_000;
/** Places worked out between two yields: ~4 ms each (bench verdict.computeMs), so ≤ ~40 ms at a time. */
const PLACES_PER_SLICE = 10;

export interface KeepPlaceNightsResult {
  /** Verdicts worked out in this pass. */
  computed: number;
  /** Records written (a new night, or a changed verdict before its hours). */
  kept: number;
  /** Places skipped: inputs unchanged since their last verdict, or their night under way. */
  skipped: number;
}

/** Lets the worker answer messages and finish polls between slices of places. */
const yieldToWorker = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** The newest kept night of each place, from the last few evenings (the only ones that can be under way). */
async function latestNights(db: AuroraDatabase, now: number): Promise<Map<string, NightRecord>> {
  const nights = await nightsCollection(db);
  const since = new Date(now - 2 * DAY_MS).toISOString().slice(0, 10);
  const docs = await nights.find({ selector: { night: { $gte: since } } }).exec();
  const latest = new Map<string, NightRecord>();
  for (const d of docs) {
    const r = d.toMutableJSON(false);
    const cur = latest.get(r.place_id);
    if (!cur || r.night > cur.night) latest.set(r.place_id, r);
  }
  return latest;
}

/** A place's last verdict: its inputs' fingerprint and its first half hour. */
export interface PlaceSeen {
  print: string;
  firstSlot: number | null;
}

/**
 * One pass over the saved places. `seen` holds each place's last verdict (the caller keeps it
 * between passes); places no longer saved are dropped from it. A place deleted
 * keeps its nights: they are history (sync/places removes the place only).
 */
export async function keepPlaceNights(
  db: AuroraDatabase,
  now: number,
  seen: Map<string, PlaceSeen> = new Map(),
): Promise<KeepPlaceNightsResult> {
  const result: KeepPlaceNightsResult = { computed: 0, kept: 0, skipped: 0 };
  const places: SavedPlace[] = (await db.places.find().exec()).map((d) => ({
    id: d.id,
    name: d.name,
    lat: d.lat,
    lon: d.lon,
  }));
  for (const id of [...seen.keys()]) if (!places.some((p) => p.id === id)) seen.delete(id);
  if (places.length === 0) return result;

  const [ovation, kpDoc, latest] = await Promise.all([
    findNewestGridDoc(db, now).then((doc) => (doc ? decodeGrid(doc.toJSON()) : null)),
    db.products.findOne('kp-forecast').exec(),
    latestNights(db, now),
  ]);
  const kpForecast = kpDoc ? (kpDoc.toJSON() as unknown as ProductRecord<KpForecastProduct>) : null;
  const weatherDocs = await db.products
    .findByIds([...new Set(places.map((p) => weatherProductId(p)))])
    .exec();

  for (let i = 0; i < places.length; i++) {
    if (i > 0 && i % PLACES_PER_SLICE === 0) await yieldToWorker();
    const place = places[i]!;
    const w = weatherDocs.get(weatherProductId(place));
    const inputs: PlaceNightInputs = {
      ovation,
      kpForecast,
      weather: w ? { data: w.data as WeatherData, issued: w.issued } : null,
    };
    const last = seen.get(place.id);
    const reaches = ovationCanReach(last?.firstSlot ?? null, ovation, now);
    const print = placeNightFingerprint(place, inputs, now, reaches);
    if (last?.print === print || nightUnderWay(latest.get(place.id) ?? null, now)) {
      result.skipped++;
      continue;
    }
    let worked: { record: NightRecord; firstSlot: number | null };
    try {
      worked = placeNightRecord(place, inputs, now);
    } catch {
      // A place the verdict cannot work out (it says why on screen when opened): nothing to keep.
      seen.set(place.id, { print, firstSlot: null });
      continue;
    }
    result.computed++;
    try {
      if (await keepNightRecord(db, worked.record)) result.kept++;
    } catch {
      // The page wrote the same night at that moment (a conflict), or storage is full: left
      // unfingerprinted, so the next pass tries this place again; the other places go on.
      continue;
    }
    // Fingerprinted as the next pass will see it: with the frame only if it reaches this night.
    const firstSlot = worked.firstSlot;
    seen.set(place.id, {
      print: placeNightFingerprint(place, inputs, now, ovationCanReach(firstSlot, ovation, now)),
      firstSlot,
    });
  }
  return result;
}
