import { describe, expect, it } from 'vitest';
import {
  claimPollerLeadership,
  pollerLockName,
  type LockManagerLike,
} from '../../../../workers/poller/pollerLeadership.ts';

/** Exclusive locks by name, granted in request order, as the Web Locks API does (Node has none). */
function lockManager(): LockManagerLike & { held(name: string): boolean } {
  const queues = new Map<string, { grant: () => void; signal?: AbortSignal }[]>();
  const busy = new Set<string>();
  const next = (name: string) => {
    if (busy.has(name)) return;
    const q = queues.get(name) ?? [];
    const waiter = q.shift();
    if (waiter) waiter.grant();
  };
  return {
    held: (name) => busy.has(name),
    request(name, options, callback) {
      return new Promise((resolve, reject) => {
        const q = queues.get(name) ?? [];
        queues.set(name, q);
        const entry = {
          signal: options.signal,
          grant: () => {
            busy.add(name);
            void callback().then(() => {
              busy.delete(name);
              resolve(undefined);
              next(name);
            });
          },
        };
        options.signal?.addEventListener('abort', () => {
          const i = q.indexOf(entry);
          if (i >= 0) {
            q.splice(i, 1);
            reject(new DOMException('aborted', 'AbortError'));
          }
        });
        q.push(entry);
        next(name);
      });
    },
  };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('which worker polls on a schedule', () => {
  it('gives the poller lock to one worker at a time, and to the next when the holder lets go', async () => {
    const locks = lockManager();
    const order: string[] = [];
    const never = () => new Promise<never>(() => undefined);
    const a = claimPollerLeadership('aurora', locks, never);
    const b = claimPollerLeadership('aurora', locks, never);
    void a.acquired.then(() => order.push('a'));
    void b.acquired.then(() => order.push('b'));
    await settle();
    expect(order).toEqual(['a']);
    expect(locks.held(pollerLockName('aurora'))).toBe(true);
    a.release();
    await settle();
    expect(order).toEqual(['a', 'b']);
    b.release();
    await settle();
    expect(locks.held(pollerLockName('aurora'))).toBe(false);
  });

  it('does not depend on who else waits for the database leadership: only poller workers contend', async () => {
    const locks = lockManager();
    // The page's database instance holding RxDB leadership (replication) is a different lock.
    void locks.request('pubkey-bc||aurora', {}, () => new Promise<void>(() => undefined));
    const worker = claimPollerLeadership(
      'aurora',
      locks,
      () => new Promise<never>(() => undefined),
    );
    let acquired = false;
    void worker.acquired.then(() => (acquired = true));
    await settle();
    expect(acquired).toBe(true);
    worker.release();
  });

  it('a worker stopped while waiting never takes the lock from the next one', async () => {
    const locks = lockManager();
    const never = () => new Promise<never>(() => undefined);
    const a = claimPollerLeadership('aurora', locks, never);
    const b = claimPollerLeadership('aurora', locks, never);
    const c = claimPollerLeadership('aurora', locks, never);
    const got: string[] = [];
    void b.acquired.then(() => got.push('b'));
    void c.acquired.then(() => got.push('c'));
    b.release();
    a.release();
    await settle();
    expect(got).toEqual(['c']);
    c.release();
  });

  it('falls back to the database leader election where the browser has no Web Locks', async () => {
    let elected: () => void = () => undefined;
    const leadership = claimPollerLeadership(
      'aurora',
      undefined,
      () => new Promise<void>((r) => (elected = r)),
    );
    let acquired = false;
    void leadership.acquired.then(() => (acquired = true));
    await settle();
    expect(acquired).toBe(false);
    elected();
    await settle();
    expect(acquired).toBe(true);
  });
});
