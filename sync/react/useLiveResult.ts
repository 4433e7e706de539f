import { startTransition, useEffect, useRef, useState } from 'react';
import type { Observable } from 'rxjs';
import type { AuroraDatabase } from '../database.ts';
import type { HookResult } from '../../core/model.ts';
import { useDatabase } from './DatabaseProvider.tsx';
import { yieldToMain } from '../yieldToMain.ts';

/**
 * The one place hooks subscribe to the database: `source(db)` is an observable of the value (an
 * RxDB live query mapped to what the UI wants). Re-subscribes when `key` changes; `initial` is the
 * value shown while loading and after an error. Errors from opening the database, from the query
 * or from the mapping end up in `error`, never thrown into the component tree.
 */
export function useLiveResult<T>(
  key: string,
  source: (db: AuroraDatabase) => Observable<T>,
  initial: T,
): HookResult<T> {
  const { db, error: dbError } = useDatabase();
  const sourceRef = useRef(source);
  sourceRef.current = source;
  const initialRef = useRef(initial);
  const [state, setState] = useState<{
    key: string;
    db: AuroraDatabase | null;
    result: HookResult<T>;
  }>({
    key,
    db,
    result: { data: initial, isLoading: true, error: null },
  });

  useEffect(() => {
    if (!db) return;
    setState({ key, db, result: { data: initialRef.current, isLoading: true, error: null } });
    let sub: { unsubscribe(): void } | null = null;
    let cancelled = false;
    const fail = (e: unknown) =>
      setState({
        key,
        db,
        result: {
          data: initialRef.current,
          isLoading: false,
          error: e instanceof Error ? e : new Error(String(e)),
        },
      });
    // Each hook subscribes in a task of its own: when the database opens, every mounted hook's
    // effect runs in one passive-effects flush, and subscribing them all there (each starts its
    // query) made one long task.
    void yieldToMain().then(() => {
      if (cancelled) return;
      try {
        sub = sourceRef.current(db).subscribe({
          // The same value again (a cached decoded grid, an unchanged query result) keeps the
          // previous state, so React skips the re-render of everything that reads it. New data
          // renders as a transition, which React time-slices: a screen filling its tables and
          // charts from the database does it in short tasks, and a tap in between comes first.
          next: (data) =>
            startTransition(() =>
              setState((prev) =>
                prev.key === key &&
                prev.db === db &&
                !prev.result.isLoading &&
                prev.result.error === null &&
                Object.is(prev.result.data, data)
                  ? prev
                  : { key, db, result: { data, isLoading: false, error: null } },
              ),
            ),
          error: fail,
        });
      } catch (e) {
        fail(e);
      }
    });
    return () => {
      cancelled = true;
      sub?.unsubscribe();
    };
  }, [db, key]);

  if (dbError) return { data: initial, isLoading: false, error: dbError };
  // A stale result for another key or database must not leak into this render.
  if (state.key !== key || state.db !== db) return { data: initial, isLoading: true, error: null };
  return state.result;
}
