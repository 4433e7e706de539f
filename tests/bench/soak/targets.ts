/**
 * CDP access to the page's main thread and to its dedicated worker (the poller) for the soak bench.
 * Playwright gives a CDP session for a page only; the worker is reached through that session's
 * auto-attach (`Target.setAutoAttach`, not flattened: Playwright's session object has no way to
 * address a child session, so messages go through `Target.sendMessageToTarget`).
 */
import type { CDPSession, Page } from 'playwright-core';

export interface TargetSession {
  send<T = Record<string, unknown>>(method: string, params?: Record<string, unknown>): Promise<T>;
  /** Listens to one of the target's events; returns the way to stop listening. */
  on(event: string, listener: (params: unknown) => void): () => void;
}

export interface SoakTargets {
  page: TargetSession;
  /** The first dedicated worker the page started (the poller), once attached. */
  worker(): Promise<TargetSession>;
}

export async function attachTargets(page: Page): Promise<SoakTargets> {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  const pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  let seq = 0;
  let workerSessionId: string | null = null;
  let onWorker: (() => void) | null = null;
  const workerListeners = new Map<string, Set<(params: unknown) => void>>();
  cdp.on('Target.attachedToTarget', (e) => {
    if (e.targetInfo.type === 'worker' && workerSessionId === null) {
      workerSessionId = e.sessionId;
      onWorker?.();
    }
  });
  cdp.on('Target.receivedMessageFromTarget', (e) => {
    if (e.sessionId !== workerSessionId) return;
    const msg = JSON.parse(e.message) as {
      id?: number;
      method?: string;
      params?: unknown;
      result?: unknown;
      error?: { message: string };
    };
    if (msg.method) for (const l of workerListeners.get(msg.method) ?? []) l(msg.params);
    const waiter = msg.id === undefined ? undefined : pending.get(msg.id);
    if (!waiter) return;
    pending.delete(msg.id!);
    if (msg.error) waiter.reject(new Error(msg.error.message));
    else waiter.resolve(msg.result);
  });
  await cdp.send('Target.setAutoAttach', {
    autoAttach: true,
    waitForDebuggerOnStart: false,
    flatten: false,
  });
  const workerSession: TargetSession = {
    send: (method, params = {}) =>
      new Promise((resolve, reject) => {
        const id = ++seq;
        pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
        void cdp
          .send('Target.sendMessageToTarget', {
            sessionId: workerSessionId!,
            message: JSON.stringify({ id, method, params }),
          })
          .catch(reject);
      }),
    on: (event, listener) => {
      const set = workerListeners.get(event) ?? new Set();
      set.add(listener);
      workerListeners.set(event, set);
      return () => set.delete(listener);
    },
  };
  return {
    page: {
      send: (method, params) =>
        (cdp.send as (m: string, p?: Record<string, unknown>) => Promise<unknown>)(
          method,
          params,
        ) as never,
      on: (event, listener) => {
        const on = cdp.on.bind(cdp) as (e: string, l: (p: unknown) => void) => void;
        const off = cdp.off.bind(cdp) as (e: string, l: (p: unknown) => void) => void;
        on(event, listener);
        return () => off(event, listener);
      },
    },
    worker: async () => {
      if (workerSessionId === null) await new Promise<void>((r) => (onWorker = r));
      return workerSession;
    },
  };
}

/**
 * A task of the target's own (a message to itself: its timers may be a paused fake clock), so the
 * FinalizationRegistry callbacks a collection queued run (RxDB's document cache drops its entries
 * for collected documents there, and their data goes at the next collection).
 */
const ONE_TASK = `new Promise((r) => { const c = new MessageChannel(); c.port1.onmessage = () => r(1); c.port2.postMessage(0); })`;

/** JS heap in use after full garbage collections (and the finalizers they queued), bytes. */
export async function heapAfterGc(t: TargetSession): Promise<number> {
  for (let i = 0; i < 2; i++) {
    await t.send('HeapProfiler.collectGarbage');
    await t.send('Runtime.evaluate', { expression: ONE_TASK, awaitPromise: true });
  }
  await t.send('HeapProfiler.collectGarbage');
  const { usedSize } = await t.send<{ usedSize: number }>('Runtime.getHeapUsage');
  return usedSize;
}
