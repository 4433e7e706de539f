/**
 * Tonight's verdicts, kept and scored (core/tonight/nightRecord.ts), in the `nights` collection.
 * The collection is added to the database the first time it is needed — when a verdict is shown,
 * a score is due or a signed-in user's nights replicate — never while the map's first oval waits
 * for the database to open (sync/CONTEXT.md "Tonight's verdicts").
 */
import type { RxCollection } from 'rxdb';
import type { AuroraDatabase } from '../database.ts';
import { nightsMigrations, nightsSchemaV0, type NightDoc } from '../schemas/nights.ts';
import { nightsConflictHandler } from '../replication/conflictPolicy.ts';
import { keepNight, type NightRecord } from '../../core/tonight/nightRecord.ts';

type Nights = RxCollection<NightDoc>;

const adding = new WeakMap<AuroraDatabase, Promise<Nights>>();
const waiting = new WeakMap<
  AuroraDatabase,
  { promise: Promise<Nights>; resolve(n: Nights): void }
>();

function added(db: AuroraDatabase) {
  let w = waiting.get(db);
  if (!w) {
    let resolve!: (n: Nights) => void;
    const promise = new Promise<Nights>((r) => (resolve = r));
    w = { promise, resolve };
    waiting.set(db, w);
  }
  return w;
}

/**
 * The `nights` collection, added on first use (once per database instance). Not opened with the
 * others: the map's first oval waits for the database to open, and a realm may hold only 13
 * collections (two devices' databases in one test realm had room for 7 each).
 */
export function nightsCollection(db: AuroraDatabase): Promise<Nights> {
  const existing = (db as unknown as { nights?: Nights }).nights;
  if (existing) return Promise.resolve(existing);
  let pending = adding.get(db);
  if (!pending) {
    pending = db
      .addCollections({
        nights: {
          schema: nightsSchemaV0,
          migrationStrategies: nightsMigrations,
          conflictHandler: nightsConflictHandler,
        },
      } as never)
      .then(() => {
        const nights = (db as unknown as { nights: Nights }).nights;
        added(db).resolve(nights);
        return nights;
      });
    adding.set(db, pending);
  }
  return pending;
}

/** Resolves once this database's `nights` collection exists (someone kept or read a night). */
export function whenNightsCollection(db: AuroraDatabase): Promise<Nights> {
  const existing = (db as unknown as { nights?: Nights }).nights;
  return existing ? Promise.resolve(existing) : added(db).promise;
}

function plain(doc: { toMutableJSON(withMeta: false): NightDoc }): NightRecord {
  return doc.toMutableJSON(false);
}

/** Keeps a verdict just shown (keepNight decides whether it replaces the night's record). */
export async function keepNightRecord(db: AuroraDatabase, record: NightRecord): Promise<boolean> {
  const nights = await nightsCollection(db);
  const old = await nights.findOne(record.id).exec();
  const next = keepNight(old ? plain(old) : null, record);
  if (!next) return false;
  await nights.upsert(next);
  return true;
}

/** Places shown per night; the rest are counted ("and 37 more places"). */
export const PLACES_SHOWN_PER_NIGHT = 5;
/** Records read per night to pick the shown ones from: bounds the read at 200 saved places. */
const READ_PER_NIGHT = 50;
const RANK = { GO: 0, MAYBE: 1, NO: 2 } as const;

export interface LastNights {
  /** Newest night first; within a night, what the verdict said (GO first), then the place's name. */
  records: NightRecord[];
  /** Per night (YYYY-MM-DD), the places kept that night beyond those in `records`. */
  more: Record<string, number>;
}

/**
 * The person's last `nights` nights (distinct evenings, newest first), with up to
 * PLACES_SHOWN_PER_NIGHT places each: with every saved place kept (workers/nights/), the newest
 * records alone would be one evening's places.
 */
export async function readLastNights(
  db: AuroraDatabase,
  nights = 10,
  perNight = PLACES_SHOWN_PER_NIGHT,
): Promise<LastNights> {
  const col = await nightsCollection(db);
  const out: LastNights = { records: [], more: {} };
  let before: string | null = null;
  for (let i = 0; i < nights; i++) {
    const selector: { night?: { $lt: string } } = before === null ? {} : { night: { $lt: before } };
    const newest = await col.findOne({ selector, sort: [{ night: 'desc' }] }).exec();
    if (!newest) break;
    const night = newest.night;
    before = night;
    const [docs, total] = await Promise.all([
      col.find({ selector: { night }, limit: READ_PER_NIGHT }).exec(),
      col.count({ selector: { night } }).exec(),
    ]);
    const shown = docs
      .map(plain)
      .sort(
        (a, b) => RANK[a.level] - RANK[b.level] || a.place_name.localeCompare(b.place_name, 'en'),
      )
      .slice(0, perNight);
    out.records.push(...shown);
    if (total > shown.length) out.more[night] = total - shown.length;
  }
  return out;
}

/** The newest nights kept, newest first. */
export async function readNights(db: AuroraDatabase, limit = 10): Promise<NightRecord[]> {
  const nights = await nightsCollection(db);
  const docs = await nights.find({ sort: [{ night: 'desc' }], limit }).exec();
  return docs.map(plain);
}

/** Nights whose hours are over and that have no score yet. */
export async function nightsToScore(db: AuroraDatabase, now: number): Promise<NightRecord[]> {
  const nights = await nightsCollection(db);
  const docs = await nights
    .find({ selector: { scored_at: null, window_to: { $lte: now } } })
    .exec();
  return docs.map(plain);
}

export async function writeNightScore(
  db: AuroraDatabase,
  id: string,
  score: Pick<NightRecord, 'outcome' | 'seen_overhead' | 'seen_visible' | 'frames' | 'scored_at'>,
): Promise<void> {
  const nights = await nightsCollection(db);
  const doc = await nights.findOne(id).exec();
  if (doc && doc.scored_at === null) await doc.incrementalPatch(score);
}
