import {
  addRxPlugin,
  createRxDatabase,
  defaultCacheReplacementPolicyMonad,
  type RxCollection,
  type RxDatabase,
  type RxStorage,
} from 'rxdb';
import { RxDBLeaderElectionPlugin } from 'rxdb/plugins/leader-election';
import { RxDBLocalDocumentsPlugin } from 'rxdb/plugins/local-documents';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { withDirectDexieReads } from './storage/withDirectDexieReads.ts';
import {
  COLLECTIONS,
  type CollectionDefinition,
  type CollectionName,
  type FeedDoc,
  type GridDoc,
  type PreferencesDoc,
  type ProductDoc,
  type QueueDoc,
  type PlaceDoc,
  type SeriesChunkDoc,
  needsMigrationPlugin,
} from './schemas/index.ts';
import { placesConflictHandler, preferencesConflictHandler } from './replication/conflictPolicy.ts';
import { yieldToMain } from './yieldToMain.ts';

interface AuroraCollections {
  series: RxCollection<SeriesChunkDoc>;
  grids: RxCollection<GridDoc>;
  products: RxCollection<ProductDoc>;
  feeds: RxCollection<FeedDoc>;
  preferences: RxCollection<PreferencesDoc>;
  queue: RxCollection<QueueDoc>;
  places: RxCollection<PlaceDoc>;
}
export type AuroraDatabase = RxDatabase<AuroraCollections>;

export const DEFAULT_DATABASE_NAME = 'aurora';

/**
 * A live query re-reads at most once per this many ms (about a frame) of change events: the
 * poller's first writes arrive as a burst of broadcast messages, and each re-ran every live query
 * of the page, one after another, in one long task. The first result is never delayed.
 */
const LIVE_QUERY_COALESCE_MS = 16;
/**
 * Bounds the queries each collection keeps cached with their results once nobody subscribes to
 * them (RxDB keeps 100 by default, each holding its documents: the poller's and the page's queries
 * change their time bounds every poll, so after a night the cache held ~100 old results per
 * collection, grids of ~87 KB each among them — the soak bench's heap growth, issue 29).
 */
const QUERY_CACHE_KEEP = 8;
/** RxDB's own policy (query-cache.ts: the least recently used first), with our bound. */
const boundedQueryCache = defaultCacheReplacementPolicyMonad(QUERY_CACHE_KEEP, 30_000);
/**
 * Bounds the grid change events RxDB keeps (its change-event buffer, for event-reduce: 100 a
 * collection by default, each with its whole document — an OVATION grid is ~87 KB of base64).
 * A grid arrives every 5 min, so 100 events were a growing 8.7 MB in the page and in the worker
 * through a night (the soak bench's heap snapshots: strings held as `values`). A live query that
 * is more events behind than this re-runs its query, as RxDB does past any limit.
 */
const GRID_EVENTS_KEPT = 8;
/**
 * The same bound for every other collection's change events: the series' day chunks grow through
 * the day and each update event holds the document before and after, so 100 of them grew by
 * megabytes over a night (page and worker; the soak's snapshots: strings held as `t`).
 */
const CHANGE_EVENTS_KEPT = 16;

export interface OpenDatabaseOptions {
  /** IndexedDB name prefix; tests use a unique one per database. */
  name?: string;
  /**
   * `dexie` (IndexedDB; the app, the worker, integration tests) or `memory` (unit tests), or a
   * storage of the test's own (one that runs out of space, wrapping the memory storage).
   */
  storage?: 'dexie' | 'memory' | RxStorage<unknown, unknown>;
  /** Share change events with other tabs and the worker; default true for dexie, false for memory. */
  multiInstance?: boolean;
  /**
   * Tests only (needs dev-mode): open a second instance of the same database in one realm, to
   * stand for the worker and a tab, or two tabs.
   */
  ignoreDuplicate?: boolean;
  /** Replace collection definitions: lets tests open a collection under a newer schema version. */
  schemaOverrides?: Partial<Record<CollectionName, CollectionDefinition>>;
}

let pluginsAdded = false;
function addPlugins(): void {
  if (pluginsAdded) return;
  pluginsAdded = true;
  addRxPlugin(RxDBLeaderElectionPlugin);
  // Local documents: the preferences' anonymous-choice times.
  addRxPlugin(RxDBLocalDocumentsPlugin);
  // No cleanup plugin: retention purges its own tombstones (sync/retention.ts purgeTombstones).
}

let migrationPluginAdded: Promise<void> | null = null;
/** The migration plugin, loaded the first time a collection above schema version 0 is opened. */
function addMigrationPlugin(): Promise<void> {
  migrationPluginAdded ??= import('rxdb/plugins/migration-schema').then((m) =>
    addRxPlugin(m.RxDBMigrationSchemaPlugin),
  );
  return migrationPluginAdded;
}

let devModeReady: Promise<void> | null = null;
/**
 * Dev-mode checks schemas and queries, and ajv validates every write — worth it in development
 * and tests. Both are loaded through dynamic imports behind `import.meta.env.DEV`, which Vite
 * replaces with `false` in production so the chunks are never emitted: dev-mode injects an iframe
 * to rxdb.info and ajv needs `unsafe-eval`, neither acceptable in the shipped app.
 */
async function devStorage(
  storage: RxStorage<unknown, unknown>,
): Promise<RxStorage<unknown, unknown>> {
  devModeReady ??= (async () => {
    const devMode = await import('rxdb/plugins/dev-mode');
    devMode.disableWarnings();
    addRxPlugin(devMode.RxDBDevModePlugin);
  })();
  await devModeReady;
  const { wrappedValidateAjvStorage } = await import('rxdb/plugins/validate-ajv');
  return wrappedValidateAjvStorage({ storage }) as RxStorage<unknown, unknown>;
}

// One memory storage object for the realm so a closed memory database can be reopened by name.
// Imported on demand: only tests use it, so neither the page nor the poller worker ships it.
let memoryStorage: Promise<RxStorage<unknown, unknown>> | null = null;
function getMemoryStorage(): Promise<RxStorage<unknown, unknown>> {
  memoryStorage ??= import('rxdb/plugins/storage-memory').then(
    (m) => m.getRxStorageMemory() as RxStorage<unknown, unknown>,
  );
  return memoryStorage;
}

export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<AuroraDatabase> {
  addPlugins();
  const defs = { ...COLLECTIONS, ...options.schemaOverrides } as Record<
    CollectionName,
    CollectionDefinition
  >;
  if (needsMigrationPlugin(defs)) await addMigrationPlugin();
  const kind = options.storage ?? 'dexie';
  const base =
    typeof kind === 'object'
      ? kind
      : kind === 'memory'
        ? await getMemoryStorage()
        : (withDirectDexieReads(getRxStorageDexie()) as RxStorage<unknown, unknown>);
  // The literal `import.meta.env?.DEV` must stay at this call site: Vite replaces it with `false`
  // in production builds, so the branch, devStorage() and its dynamic imports are dropped from the
  // bundle. Under vitest and Vite dev it is true; under plain Node/tsx `import.meta.env` does not
  // exist and it is undefined.
  const storage =
    (import.meta as { env?: { DEV?: boolean } }).env?.DEV === true ? await devStorage(base) : base;
  const db = (await createRxDatabase<AuroraCollections>({
    name: options.name ?? DEFAULT_DATABASE_NAME,
    storage,
    multiInstance: options.multiInstance ?? kind === 'dexie',
    ignoreDuplicate: options.ignoreDuplicate ?? false,
    // Live queries re-run on every write; the worker writes in bursts, so coalesce them a little:
    // event-reduce, and the change events of one frame trigger one re-read per live query.
    eventReduce: true,
    liveQueryUpdateThrottleTime: LIVE_QUERY_COALESCE_MS,
  })) as AuroraDatabase;
  try {
    // One collection per task, the map's first: creating all seven in one call ran their storage
    // set-up and schema preparation in one chain of microtasks, a 45–57 ms task at 4× CPU
    // slowdown on a first visit of `/`. A yield between them lets frames and input in. In the
    // order the map screen reads them (the page's early grid read still waits for all seven).
    const collections: Record<CollectionName, object> = {
      grids: { ...defs.grids },
      preferences: {
        ...defs.preferences,
        conflictHandler: preferencesConflictHandler,
        localDocuments: true,
      },
      feeds: { ...defs.feeds },
      series: { ...defs.series },
      products: { ...defs.products },
      places: { ...defs.places, conflictHandler: placesConflictHandler },
      queue: { ...defs.queue },
    };
    // Each started in a task of its own, without waiting for the one before: their IndexedDB
    // opens and writes overlap, as in one call (awaited one by one they took twice as long).
    const created: Promise<unknown>[] = [];
    // RxDB sorts each schema's keys with localeCompare. A realm's first localeCompare builds ICU's
    // collator, 23–42 ms at 4× CPU slowdown, which made the first collection's task a long one.
    // Built here in a task of its own; V8 keeps it for every later localeCompare without locales.
    await yieldToMain();
    'a'.localeCompare('b');
    for (const [name, definition] of Object.entries(collections)) {
      await yieldToMain();
      created.push(
        db.addCollections({
          [name]: { ...definition, cacheReplacementPolicy: boundedQueryCache },
        } as never),
      );
    }
    await Promise.all(created);
    for (const [name, collection] of Object.entries(db.collections))
      (
        collection as unknown as { _changeEventBuffer: { limit: number } }
      )._changeEventBuffer.limit = name === 'grids' ? GRID_EVENTS_KEPT : CHANGE_EVENTS_KEPT;
    await yieldToMain();
  } catch (err) {
    await db.close();
    throw err;
  }
  return db;
}

let pageDatabase: Promise<AuroraDatabase> | null = null;

/**
 * The page's database (one per JS realm). The first call opens it; later calls share it. Each
 * caller resumes in a task of its own: when the database opens, the map's early read, the queue's
 * replay, the auth wiring and every mounted hook were waiting for it, and resuming them all in one
 * chain of microtasks (each starting its first query) made one long task.
 */
export function getDatabase(options?: OpenDatabaseOptions): Promise<AuroraDatabase> {
  // The open starts in a task of its own: the first caller is usually the effects of a screen's
  // first render, and RxDB's synchronous start (plugins, its internal store's storage instance
  // and first write) made that task a long one on /forecast at 4× CPU.
  pageDatabase ??= yieldToMain()
    .then(() => openDatabase(options))
    .catch((err: unknown) => {
      pageDatabase = null;
      throw err;
    });
  return pageDatabase.then(async (db) => {
    await yieldToMain();
    return db;
  });
}

/**
 * Closes the page's database once it has opened, if one was asked for (tests: a jsdom file's
 * database must not finish opening after its window is gone, when Dexie's "created" event finds
 * no `dispatchEvent`).
 */
export async function closePageDatabase(): Promise<void> {
  const pending = pageDatabase;
  pageDatabase = null;
  const db = await pending?.catch(() => null);
  if (db && !db.closed) await db.close();
}

/** Close and delete all stored data of a database (tests; "clear local data"). */
export async function removeDatabase(db: AuroraDatabase): Promise<void> {
  if (pageDatabase && (await pageDatabase.catch(() => null)) === db) pageDatabase = null;
  await db.remove();
}
