/**
 * Cache statistics for the debugger. This app's caches are the
 * service worker's Cache Storage (precache and runtime caches) and local-storage entries under
 * `cache:`; `memory*` describes Cache Storage, `storageItems`/`expirationTimes` the `cache:` keys.
 */

export interface CacheStatistics {
  memoryItems: number;
  storageItems: number;
  /** Bytes; the panel shows KB. */
  memorySize: number;
  /** Local-storage cache key → expiry (epoch ms), for entries that say when they expire. */
  expirationTimes: Record<string, number>;
}

export interface NamedCache {
  name: string;
  items: number;
  bytes: number;
}

const LOCAL_CACHE_PREFIX = 'cache:';

/** Reads an expiry from a stored entry, whichever common field it uses. */
function expiryOf(raw: string | null): number | null {
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Record<string, unknown>;
    for (const k of ['expiresAt', 'expiry', 'expires', 'expirationTime']) {
      const x = v?.[k];
      if (typeof x === 'number' && Number.isFinite(x)) return x;
    }
  } catch {
    // Not JSON: an entry without an expiry.
  }
  return null;
}

export function cacheStatistics(
  localEntries: ReadonlyArray<readonly [string, string | null]>,
  caches: readonly NamedCache[],
): CacheStatistics {
  const local = localEntries.filter(([k]) => k.startsWith(LOCAL_CACHE_PREFIX));
  const expirationTimes: Record<string, number> = {};
  for (const [k, v] of local) {
    const t = expiryOf(v);
    if (t !== null) expirationTimes[k] = t;
  }
  return {
    memoryItems: caches.reduce((s, c) => s + c.items, 0),
    storageItems: local.length,
    memorySize: caches.reduce((s, c) => s + c.bytes, 0),
    expirationTimes,
  };
}

export function formatKB(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

/** Which caches hold the app itself: clearing those would break offline start. */
export function isPrecache(name: string): boolean {
  return name.startsWith('workbox-precache');
}

/** Counts entries and bytes per Cache Storage cache (reads every body: debug mode only). */
export async function collectCacheStorage(storage: CacheStorage = caches): Promise<NamedCache[]> {
  const out: NamedCache[] = [];
  for (const name of await storage.keys()) {
    const cache = await storage.open(name);
    const requests = await cache.keys();
    let bytes = 0;
    for (const req of requests) {
      const res = await cache.match(req);
      if (res) bytes += (await res.clone().blob()).size;
    }
    out.push({ name, items: requests.length, bytes });
  }
  return out;
}

export function localStorageEntries(
  storage: Storage | undefined = globalThis.localStorage,
): Array<[string, string | null]> {
  const out: Array<[string, string | null]> = [];
  if (!storage) return out;
  try {
    for (let i = 0; i < storage.length; i += 1) {
      const k = storage.key(i);
      if (k !== null) out.push([k, storage.getItem(k)]);
    }
  } catch {
    // Storage blocked: nothing to count.
  }
  return out;
}
