/**
 * Which tab's worker polls on a schedule: the one holding the Web Lock `aurora-poller:<db name>`.
 *
 * Not RxDB leader election. RxDB elects one leader per database among ALL its instances on the
 * origin — the page's as well as the worker's. The page's instance applies as soon as something
 * on the page waits for leadership (preference replication does, for a signed-in user, before the
 * worker has even opened its database), wins, and keeps it for the life of the tab: the worker
 * that waited for leadership then never polled, for any signed-in user (issue 10). A lock of its
 * own is contended by poller workers only, one per tab; the browser hands it to the next tab's
 * worker when the holder's tab closes (the worker is terminated, its locks released).
 */

/** The part of `navigator.locks` this uses (Web Locks API; present in workers too). */
export interface LockManagerLike {
  request(
    name: string,
    options: { mode?: 'exclusive'; signal?: AbortSignal },
    callback: () => Promise<void>,
  ): Promise<unknown>;
  query?(): Promise<{ pending?: { name?: string }[] }>;
}

export interface PollerLeadership {
  /** Resolves when this worker holds the lock (never, if `release()` comes first). */
  readonly acquired: Promise<void>;
  /** Give the lock up (or stop waiting for it). */
  release(): void;
}

export function pollerLockName(dbName: string): string {
  return `aurora-poller:${dbName}`;
}

/**
 * Wait for the poller lock. `fallback` is used where Web Locks do not exist (before Safari 15.4,
 * Firefox 96): it should be the database's own leader election, the best there is there.
 */
export function claimPollerLeadership(
  dbName: string,
  locks: LockManagerLike | undefined,
  fallback: () => Promise<unknown>,
): PollerLeadership {
  if (!locks) {
    let released = false;
    return {
      acquired: new Promise<void>((resolve) => {
        void fallback().then(() => {
          if (!released) resolve();
        });
      }),
      release: () => {
        released = true;
      },
    };
  }
  const abort = new AbortController();
  let releaseHeld: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    releaseHeld = resolve;
  });
  let onAcquired: () => void = () => undefined;
  const acquired = new Promise<void>((resolve) => {
    onAcquired = resolve;
  });
  locks
    .request(pollerLockName(dbName), { mode: 'exclusive', signal: abort.signal }, () => {
      onAcquired();
      return held;
    })
    // Aborted while waiting (stop before leadership): nothing was held.
    .catch(() => undefined);
  return {
    acquired,
    release() {
      abort.abort();
      releaseHeld();
    },
  };
}

/**
 * Whether another tab's poller waits for the lock, i.e. another tab is open on this database and
 * reads the feed rows as stored (poller/feedRows.ts `othersRead`). Every tab starts a poller
 * (workers/client.ts), and all but the holder wait. Without `query`: assume one is.
 */
export async function otherPollersWaiting(
  dbName: string,
  locks: LockManagerLike | undefined,
): Promise<boolean> {
  if (!locks?.query) return true;
  const { pending = [] } = await locks.query();
  const name = pollerLockName(dbName);
  return pending.some((l) => l.name === name);
}
