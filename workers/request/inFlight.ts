/**
 * In-flight de-duplication: while a request for a key is running, asking again joins it instead
 * of sending a second one. The entry is dropped when it settles, so the next ask is a new request.
 */
export interface InFlight {
  run<T>(key: string, start: () => Promise<T>): Promise<T>;
  readonly size: number;
}

export function createInFlight(): InFlight {
  const pending = new Map<string, Promise<unknown>>();
  return {
    run<T>(key: string, start: () => Promise<T>): Promise<T> {
      const existing = pending.get(key);
      if (existing) return existing as Promise<T>;
      const p = start().finally(() => pending.delete(key));
      pending.set(key, p);
      return p;
    },
    get size() {
      return pending.size;
    },
  };
}
